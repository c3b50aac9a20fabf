import type { FormulaTable, InputCell } from './sheet-table';

/**
 * `POST /api/email-search` (worker/src/operations/email-search/email-search-request.ts): one row per input,
 * blank stays blank, an invalid address says why. At most MAX_EMAIL_INPUTS (request-limits.ts).
 */
export interface EmailSearchRequest {
  emails: InputCell[];
  withHeader?: boolean;
  /** Answer by then with what is ready (milliseconds, at most MAX_DEADLINE_MS). */
  deadlineMs?: number;
  /**
   * Ask the API again for addresses an earlier answer listed neither as matched nor as not matched
   * ("no match in this answer"); every other answer the worker holds stands.
   */
  refresh?: boolean;
  /**
   * The formula's own cell ("Formulas!B4"), when the add-on knows it: an ask for approval names it
   * (issue 25). Never part of what is cached.
   */
  cell?: string;
}

/** `pending`: rows whose batch was still running at the deadline. */
export interface EmailSearchAnswer extends FormulaTable {
  /** Distinct valid addresses: from the cache, sent now, matched (cache and sent), in failed batches. */
  counts: { unique: number; cached: number; sent: number; batches: number; matched: number; failed: number };
}
