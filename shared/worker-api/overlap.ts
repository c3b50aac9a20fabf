import type { OverlapReportInfo } from '../responses/overlap';
import type { UnreadableAnswer } from '../unreadable-answer';
import type { FormulaTable, InputCell } from './sheet-table';

/**
 * `POST /api/overlap` (worker/src/operations/overlap/overlap-request.ts). Blanks are skipped and repeats
 * count once; at most MAX_OVERLAP_HANDLES cells (request-limits.ts).
 */
export interface OverlapRequest {
  /** `instagram` or `youtube` (or `ig`, `yt`...). */
  platform: string;
  handles: InputCell[];
  withHeader?: boolean;
  /** Skip the cache and pay for a fresh overlap. */
  refresh?: boolean;
  /** A formula's: answer by then (milliseconds, at most MAX_DEADLINE_MS) with a "Still fetching" row. */
  deadlineMs?: number;
  /**
   * The formula's own cell ("Formulas!B4"), when the add-on knows it: an ask for approval names it
   * (issue 25). Never part of what is cached.
   */
  cell?: string;
}

/** `pending` is 1 when the deadline came first: the one row says so, and asking again soon shows it (free). */
export interface OverlapAnswer extends FormulaTable {
  /** The totals; empty when the API's answer had none. */
  reportInfo: OverlapReportInfo;
  /** The overlap was billed but could not be read: the rows hold one sentence saying so. */
  unreadable: UnreadableAnswer | null;
  fromCache: boolean;
  /** When the overlap was fetched (ms since the epoch). */
  storedAt: number;
  /** Credits billed by this request. */
  credits: number;
}
