/** The API account's balance as `/user/info` said it at one moment (the reconciliation's readings). */
export interface AccountReading {
  at: number;
  credits: number;
  /** Raw requests left of the month's allowance; null when the account has no raw access. */
  rawRequests: number | null;
}

export interface AccountReadingRepository {
  add(reading: AccountReading): Promise<void>;
  /** Newest first. */
  latest(count: number): Promise<AccountReading[]>;
  /** The last reading at or before `at`, and the first at or after it (null when there is none). */
  around(at: number): Promise<{ before: AccountReading | null; after: AccountReading | null }>;
}
