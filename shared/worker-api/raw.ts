import type { RawOperationId } from '../operations';
import type { JobStatus } from './job-status';
import type { SheetTable } from './sheet-table';

/** `flat`: every field, columns fixed by the first page; `table`: the operation's useful columns. */
export const RAW_LAYOUTS = ['table', 'flat'] as const;
export type RawLayout = (typeof RAW_LAYOUTS)[number];

/** What limits the raw requests left: the API account's allowance (admins only), or a raw budget. */
export type RawLeftOf = 'account' | 'budget' | null;

/**
 * `POST /api/raw` (worker/src/operations/raw/raw-request.ts). `query` is the operation's own query
 * string (its cursor parameter, when given, is where paging starts); numbers are sent as text.
 */
export interface RawRequest {
  /** A raw operation id such as `rawIgUserFeed` (shared/operations.ts). */
  operation: RawOperationId;
  query?: Record<string, string | number | boolean | null>;
  /** 1 by default; 0 follows the cursors until the feed ends (at most MAX_RAW_PAGES). */
  maxPages?: number;
  layout?: RawLayout;
  withHeader?: boolean;
  /** The spreadsheet's zone (IANA name): date columns are days on its calendar (UTC when absent). */
  timeZone?: string;
}

export interface RawAnswer extends SheetTable {
  operation: RawOperationId;
  pages: number;
  /** More pages exist: send `cursor` back as the query's cursor parameter to go on. */
  more: boolean;
  cursor: string | null;
  /** Raw requests spent: one per call that reached the API, a 404 included. */
  rawUnits: number;
  /** Raw requests the caller may still spend after this request; null when nothing known limits it. */
  rawRequestsLeft: number | null;
  rawLeftOf: RawLeftOf;
  /** Items dropped because an earlier page already held them. */
  duplicates: number;
  /** Paging stopped because the API handed out a cursor it had given before. */
  repeatedCursor: boolean;
  /** Why paging stopped early, when a later page failed; the rows before it stand. */
  incomplete?: string;
}

/**
 * `GET /api/raw/jobs/:id` (worker/src/jobs/raw-feed-usage.ts): what a `raw-feed` job pulled and
 * spent. A raw feed costs no credits but one raw request per call, counted from its ledger rows.
 */
export interface RawFeedUsageAnswer {
  id: string;
  status: JobStatus;
  operation: RawOperationId | null;
  /** Pages fetched and committed with their rows. */
  pages: number;
  /** Raw requests spent by the job. */
  rawUnits: number;
  /** The feed goes on past what the job pulled. */
  more: boolean;
  /** Where another pull goes on from, in the operation's cursor parameter; null at the start. */
  cursor: string | null;
  /** That parameter: `after` on Instagram, `cursor` on TikTok and YouTube; null when not paged. */
  cursorParam: 'after' | 'cursor' | null;
  /** Raw requests the caller may still spend now, and what of. */
  rawRequestsLeft: number | null;
  rawLeftOf: RawLeftOf;
}
