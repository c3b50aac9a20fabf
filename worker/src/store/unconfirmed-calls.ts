/**
 * Ledger rows counted at their estimate because a crash hid whether the API billed their call
 * (unconfirmed = 1, written by the journal's recovery with the call's id), and what the balance
 * reconciliation needs to settle them (billing/unconfirmed-settlement.ts): when each call was sent,
 * and what the ledger says was spent around then. A settled row (unconfirmed = 2) is charged what
 * the API billed, so budgets count that instead of the estimate.
 *
 * Rows that count a journaled call are placed at its sending (the journal keeps ended calls a week),
 * every other row at when it was written: an unconfirmed row is written minutes after its call.
 */
export interface UnconfirmedCall {
  /** The ledger row. */
  rowId: number;
  callId: string;
  sentAt: number;
  estimatedCredits: number;
  rawRequests: number;
}

export interface UnconfirmedCallRepository {
  /** Rows still counted at their estimate, oldest call first. */
  pending(): Promise<UnconfirmedCall[]>;
  /** What every other row placed from `from` (included) to `to` (excluded) was charged. */
  knownSpendBetween(from: number, to: number): Promise<{ credits: number; rawRequests: number }>;
  /** Charges the row what the API billed and marks it settled; false when it was settled already. */
  settle(rowId: number, billed: { credits: number; rawRequests: number }): Promise<boolean>;
}
