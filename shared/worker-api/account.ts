import type { OperationId } from '../operations';
import type { AccountInfoResponse } from '../responses/account';
import type { BudgetLine, BudgetPeriod, BudgetStatus } from './budgets';
import type { RawLeftOf } from './raw';
import type { SheetTable } from './sheet-table';
import type { WorkerRole } from './worker-role';

/** Spend recorded in the ledger over a period. */
export interface Spend {
  credits: number;
  /** Ledger rows: calls made, whether or not they cost anything. */
  calls: number;
  rawRequests: number;
  cacheHits: number;
  creditsSaved: number;
}

export interface UserSpend extends Spend {
  email: string;
}

/** One ledger row: a call, what it was estimated at and what it cost. Times in ms since 1970. */
export interface LedgerEntry {
  id: number;
  at: number;
  userEmail: string;
  operation: OperationId;
  estimatedCredits: number;
  actualCredits: number;
  rawRequests: number;
  cacheHits: number;
  creditsSaved: number;
  jobId: string | null;
  requestId: string;
  /** Counted at its estimate: a crash hid whether the API billed it. */
  unconfirmed: boolean;
}

/** `GET /api/account?withHeader=true`. */
export interface AccountQuery {
  withHeader?: boolean;
}

/**
 * `GET /api/account`: this user's spend and budget lines; for admins also the API account and the
 * team's spend. The API account as one sheet row (none for members).
 */
export interface AccountAnswer extends SheetTable {
  email: string;
  role: WorkerRole;
  /** Admins: what `/user/info` says of the API account (unknown fields kept). Members: null. */
  api: Pick<AccountInfoResponse, 'billing' | 'rateLimits'> | null;
  /** Members only: why `api` is null. */
  apiNote?: string;
  spend: { today: Spend; month: Spend };
  budgets: Record<BudgetPeriod, BudgetLine>;
  rawBudgets: Record<BudgetPeriod, BudgetLine>;
  /** Raw requests this user may still spend, and what limits them. */
  rawLeft: { left: number | null; of: RawLeftOf };
  /** Admins only. */
  team?: { today: Spend; month: Spend };
}

/** `GET /api/account/usage?recent=N` (20 by default, at most 200; 0 for none). */
export interface UsageQuery {
  recent?: number;
}

/** What the Account view shows: the caller's spend, budgets and recent calls; admins the team's too. */
export interface UsageAnswer {
  email: string;
  role: WorkerRole;
  today: Spend;
  month: Spend;
  budgets: BudgetStatus;
  recent: LedgerEntry[];
  /** Admins only. */
  team?: {
    today: Spend;
    month: Spend;
    byUser: { today: UserSpend[]; month: UserSpend[] };
  };
}

/** `GET /api/account/breakdown?days=N`: the last N UTC days, today included (30 by default, 1 to 92). */
export interface BreakdownQuery {
  days?: number;
}

/** What one operation cost over the window. */
export interface OperationSpend extends Spend {
  operation: OperationId;
}

/** What one UTC day cost. */
export interface DaySpend extends Spend {
  /** `YYYY-MM-DD`, a UTC day. */
  day: string;
}

/**
 * Spend over a window, per operation (biggest credits first) and per UTC day (newest first); only
 * operations and days with ledger rows are listed. Operation ids, never request details: no row
 * carries an address or anything else a caller submitted.
 */
export interface SpendBreakdown {
  total: Spend;
  byOperation: OperationSpend[];
  byDay: DaySpend[];
}

/**
 * `GET /api/account/breakdown`: the caller's spend per operation and per UTC day; an admin's
 * answer also holds the whole team's. No balance of the API account (members never see it).
 */
export interface BreakdownAnswer {
  email: string;
  role: WorkerRole;
  /** The first and last UTC day of the window, both included, `YYYY-MM-DD`. */
  from: string;
  to: string;
  days: number;
  mine: SpendBreakdown;
  /** Admins only. */
  team?: SpendBreakdown;
}
