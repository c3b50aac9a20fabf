import type { OperationId } from '../../../shared/operations';
import type { BudgetPeriod } from './values/utc-periods';
import type { LedgerEntry, Spend, UserSpend } from '../../../shared/worker-api/account';

export type { LedgerEntry } from '../../../shared/worker-api/account';

/** One paid call (or one call answered partly from cache), as recorded after it. */
export interface LedgerEntryInput {
  userEmail: string;
  operation: OperationId;
  estimatedCredits: number;
  actualCredits: number;
  /** Raw-data operations spend the monthly raw allowance instead of credits. */
  rawRequests?: number;
  /** Items served from the cache instead of being paid for again, and what they would have cost. */
  cacheHits?: number;
  creditsSaved?: number;
  jobId?: string;
  /** The spreadsheet whose formulas spent it (a document key), billed to `userEmail`. */
  documentId?: string;
  requestId: string;
  /** Defaults to the store's clock. */
  at?: number;
  /**
   * Counted at its estimate because a crash hid whether the API billed it (paid-call journal):
   * spent as far as budgets go, and checked against the account's balance (reconciliation).
   */
  unconfirmed?: boolean;
  /** The journaled paid call an unconfirmed row counts, for the reconciliation to settle. */
  callId?: string;
}

/** Items one request answered without paying (from the cache, or from another request's call). */
export interface SavingsInput {
  userEmail: string;
  operation: OperationId;
  cacheHits: number;
  creditsSaved: number;
  jobId?: string;
  requestId: string;
  /** Defaults to the store's clock. */
  at?: number;
}

/** What one operation cost on one UTC day. */
export interface DayOperationSpend extends Spend {
  /** The first millisecond of the UTC day. */
  dayStart: number;
  operation: OperationId;
}

export interface LedgerRepository {
  record(entry: LedgerEntryInput): Promise<LedgerEntry>;
  /**
   * Adds savings to a running sum per user, operation, job and UTC day, written as one ledger row
   * per sum within `savingsFlushMs` of the first addition, before any read of this repository and
   * at close. A cached answer takes well under a millisecond; a committed row per answer would
   * cost it a disk write. The row's request id is the first request's, with `+N` when it sums more.
   */
  addSavings(entry: SavingsInput): void;
  /** Writes the sums added so far (one transaction); a no-op when there are none. */
  flushSavings(): Promise<void>;
  /**
   * Within the UTC day or month holding `now`: one document's formulas with `documentId`, else one
   * person's with `email`, else the whole team's.
   */
  spend(query: { period: BudgetPeriod; email?: string; documentId?: string; now?: number }): Promise<Spend>;
  /** Newest first. */
  recent(email: string, limit?: number): Promise<LedgerEntry[]>;
  /** Per user within the UTC day or month holding `now`, biggest spender first. */
  usageByUser(period: BudgetPeriod, now?: number): Promise<UserSpend[]>;
  /** Every row of one job, oldest first. */
  ofJob(jobId: string): Promise<LedgerEntry[]>;
  /**
   * What one person's request spent: the sum of its rows' actual credits (every paid call records
   * one with the request's id; a savings row counts 0). One indexed query, not a scan of the
   * person's recent rows.
   */
  creditsOfRequest(email: string, requestId: string): Promise<number>;
  /**
   * Sums per UTC day and operation from `from` (included) to `to` (excluded): one person's with
   * `email`, else the whole team's; newest day first, then operation id. The Account view's
   * breakdown (`GET /api/account/breakdown`) adds them up per operation and per day.
   */
  spendByDayAndOperation(query: { from: number; to: number; email?: string }): Promise<DayOperationSpend[]>;
  /** What the whole team spent from `from` (included) to `to` (excluded), and how much of it is unconfirmed. */
  spendBetween(from: number, to: number): Promise<Spend & { unconfirmedCredits: number }>;
}
