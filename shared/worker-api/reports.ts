import type { CalculationMethod } from '../enums';
import type { FormulaTable, InputCell } from './sheet-table';

/**
 * `POST /api/reports` (worker/src/operations/reports/reports-request.ts): one row per input, in input order.
 * At most MAX_REPORT_INPUTS handles (request-limits.ts).
 */
export interface ReportsRequest {
  /** Names, `@names`, profile URLs or ids, as the sheet holds them. */
  handles: InputCell[];
  /** The platform of inputs that do not say theirs (a URL does): `instagram`, `ig`, `TikTok`, `yt`... */
  platform?: string | null;
  /** Column ids, group names or header labels, as a list or one comma-separated text. */
  fields?: string | string[] | null;
  calculationMethod?: CalculationMethod;
  /** Skip the cache read and fetch again (paid). */
  refresh?: boolean;
  /**
   * Use cached reports stored within these days only (less an hour), 1 to MAX_FRESHNESS_DAYS: a
   * schedule's freshness, as the add-on's runner asks it (issue 26).
   */
  freshnessDays?: number;
  withHeader?: boolean;
  /** Answer by then with what is ready (milliseconds, at most MAX_DEADLINE_MS). */
  deadlineMs?: number;
  /** The spreadsheet's time zone (IANA name): date cells are days on its calendar. UTC when absent. */
  timeZone?: string;
  /**
   * The formula's own cell ("Formulas!B4"), when the add-on knows it: an ask for approval names it
   * (issue 25). Never part of what is cached.
   */
  cell?: string;
}

/**
 * `POST /api/reports/estimate` (issue 25): what reports of these cells would cost now, read by
 * the rules a run reads them with and against the worker's cache, before anything is paid, so a
 * prompt says "0 credits" for creators the worker already holds, not the worst case.
 */
export interface ReportsEstimateRequest {
  handles: InputCell[];
  /** The platform of inputs that do not say theirs. */
  platform?: string | null;
}

export interface ReportsEstimateAnswer {
  /** Distinct creators the cells name. */
  creators: number;
  /** Of them, answered from the worker's cache for free (reports it holds, handles it knows are unknown). */
  cached: number;
  /** Of them, to fetch (and pay for, at most `credits`). */
  toFetch: number;
  /** The most fetching them costs. */
  credits: number;
}

/**
 * `POST /api/reports/history` (issue 26): the monthly history of the reports the worker's cache
 * holds, one list per input cell in input order (empty for a cell naming nothing cached). Free,
 * as the worker's own runner reads it for a first snapshot's backfill; the add-on's runner asks
 * for it with the document key.
 */
export interface ReportsHistoryRequest {
  handles: InputCell[];
  /** The platform of inputs that do not say theirs. */
  platform?: string | null;
}

/** One month of a creator's history: `YYYY-MM` and the numbers the report keeps for it. */
export interface ReportHistoryMonth {
  month: string;
  followers: number;
  avgLikes: number | null;
  avgViews: number | null;
  avgComments: number | null;
  avgEngagements: number | null;
}

export interface ReportsHistoryAnswer {
  /** Per input cell, its creator's months, oldest first. */
  history: ReportHistoryMonth[][];
}

export interface ReportsAnswer extends FormulaTable {
  /** Distinct creators: from the cache, fetched now (paid), shared with a call already in flight, failed. */
  counts: { creators: number; cached: number; fetched: number; shared: number; failed: number };
}
