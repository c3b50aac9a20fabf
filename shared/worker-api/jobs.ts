import type { Column, Row } from '../rows/columns';
import type { JobKindName } from './job-kinds';
import type { JobStatus } from './job-status';

/**
 * Jobs (worker/src/jobs/jobs-router.ts): long work that survives restarts. Owners see their jobs,
 * admins every job; anyone else gets 404, as for a job that does not exist.
 */

/**
 * `POST /api/jobs`. `input` is the kind's own (checked by the kind); `idempotencyKey` (1 to 200
 * characters) makes a retried submission answer the job the first one created.
 */
export interface StartJobRequest {
  kind: JobKindName;
  input: unknown;
  idempotencyKey?: string;
}

/** 202 for a new job, 200 for the job the same idempotency key already made. */
export interface JobStartedAnswer {
  id: string;
  status: JobStatus;
  total: number;
}

/** `:id` of the routes of one job. */
export interface JobParams {
  id: string;
}

/** `GET /api/jobs?limit=N` (1 to MAX_JOBS_LISTED, 50 by default). */
export interface JobListQuery {
  limit?: number;
}

/** `GET /api/jobs/:id/rows?after=N&limit=M` (limit 1 to MAX_JOB_ROWS_PAGE). */
export interface JobRowsQuery {
  /** Rows the caller already has: the position to start from. */
  after?: number;
  limit?: number;
}

/** The job is waiting out upstream trouble (its status stays `running`). */
export interface JobWaiting {
  /** ISO 8601: when the worker tries again. */
  until: string;
  /** Which pause of how many this is. */
  pause: number;
  maxPauses: number;
  /** The error it waits out. */
  reason: string;
}

/**
 * `PUT /api/jobs/:id/delivery` (issue 14): where the worker writes the job's rows into the sheet
 * itself, as its service account, so the sidebar may close. The add-on sends it once the target is
 * prepared (tab made, header written, sheet sized); the worker writes row `n` of the job to row
 * `firstRow + n`, columns from `firstColumn`.
 */
export interface JobDeliveryRequest {
  spreadsheetId: string;
  /** The tab's title as it stands (a tab renamed later makes delivery fail, then fall back). */
  sheetName: string;
  /** 1-based: where the job's first row goes (below any header, which is the add-on's). */
  firstRow: number;
  firstColumn: number;
}

/** Who writes a job's rows: the worker (`server`) or the add-on's polls (`sidebar`). */
export interface JobDeliveryState {
  mode: 'server' | 'sidebar';
  /** Rows 0 to rowsWritten - 1 of the job are in the sheet, written by the worker. */
  rowsWritten: number;
  /**
   * Why the worker does not (or no longer) write: no service account, the sheet not shared with
   * it, cells in the way, Google refusing. The add-on then writes from `rowsWritten` on.
   */
  reason?: string;
}

/** `GET /api/jobs/:id` and `DELETE /api/jobs/:id`: a job's progress as the sidebar polls it. */
export interface JobProgressAnswer {
  id: string;
  kind: string;
  status: JobStatus;
  /** Rows ready to read (`GET /api/jobs/:id/rows`). */
  done: number;
  /**
   * Rows the job will have. Paged kinds cannot know it before the last page: until they end it is
   * the most the pages can hold, then the rows they produced.
   */
  total: number;
  creditsSpent: number;
  /** Rows that record an error for their input (invalid address, unknown handle...). */
  errors: number;
  /** Why the job stopped, or the last row error; absent when there is none. */
  lastError?: string;
  waiting?: JobWaiting;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  /** Column labels, in order: the header row of the sheet. */
  header: string[];
  columns: Column[];
  /** Absent until the add-on asked the worker to deliver (`PUT /api/jobs/:id/delivery`). */
  delivery?: JobDeliveryState;
}

/** `GET /api/jobs`: the caller's jobs, newest first. */
export interface JobListAnswer {
  jobs: JobProgressAnswer[];
}

/**
 * `GET /api/jobs/:id/rows`: finished rows in input order from `after`; a page stops before the
 * first row not done yet, so a reader that advances by what it got never skips one.
 */
export interface JobRowsAnswer {
  rows: { position: number; row: Row }[];
  /** `after` of the next page. */
  next: number;
  /**
   * The job's progress, read before the rows: a poll needs one call, not two (Apps Script's
   * UrlFetch quota), and when it says the job ended every row it will have is in this page or later.
   */
  job: JobProgressAnswer;
}
