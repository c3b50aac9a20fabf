/**
 * The Raw data part of the sidebar's contract (see sidebar-api.ts): the types its section and server
 * functions exchange, and the functions themselves. Raw operations cost no credits: each request
 * that reaches the API spends one unit of the API account's monthly raw allowance (a 404 too).
 */
import type { RawOperationId } from '../../shared/operations';
import type { RawLeftOf } from '../../shared/worker-api/raw';
import type { JobView } from './sidebar-api';
import type { TabWriteMode } from './tab-output';

/** What to pull, as the sidebar sends it (raw-data-request.ts builds and checks it). */
export interface RawPullRequest {
  operation: RawOperationId;
  /** The operation's query parameters, trimmed; empty ones left out. */
  query: Record<string, string>;
  /** Pages to follow for a paged operation, or null for "until the feed ends"; 1 for the others. */
  pages: number | null;
  /** One-request operations only: every field of the answer, not just the useful columns. */
  allFields: boolean;
  /** The new tab's name (made unique); empty for the one suggested from the operation. */
  tabName: string;
  /** A new tab each pull (when left out), or the tab `tabName` names replaced or added to (issue 15). */
  tabMode?: TabWriteMode;
}

/**
 * What limits the raw requests a user may spend (the worker's `rawLeftOf`): the API account's
 * monthly allowance (only admins are told it), the user's raw budget, or nothing the user may know
 * of (null).
 */
export type RawLimit = RawLeftOf;

export interface RawAllowance {
  /** Raw requests this user may still spend, or null when nothing the user may know limits them. */
  rawRequestsLeft: number | null;
  limitedBy: RawLimit;
  /** Members: the API account's allowance is not shown to them (so null is not "the API did not say"). */
  accountHidden: boolean;
}

/** What a pull spent, exactly: from the worker's answer or from the job's ledger rows. */
export interface RawUsage {
  pages: number;
  /** Raw requests spent: one per call that reached the API (a 404 and a page fetched again included). */
  rawUnits: number;
  rawRequestsLeft: number | null;
  limitedBy: RawLimit;
}

/** A paged operation's feed job: what it pulled and spent so far, and where the feed goes on. */
export interface RawFeedUsage extends RawUsage {
  jobId: string;
  status: JobView['status'];
  /** The job's raw operation, when the worker still knows it. */
  operation: RawOperationId | null;
  /** The feed goes on past the pages pulled. */
  more: boolean;
  /** Where another pull goes on from (the operation's cursor parameter), when `more`. */
  cursor: string | null;
  /** That parameter's name: `after` or `cursor`. */
  cursorParam: string | null;
}

export type RawPullStart =
  /** A paged operation: a job that writes into a new tab as its pages arrive. */
  | { kind: 'job'; job: JobView }
  /** A one-request operation: written into a new tab at once. */
  | { kind: 'table'; sheetName: string; destination: string; rows: number; usage: RawUsage };

export interface RawDataApi {
  /** The raw requests left this month, shown before any pull. */
  getRawAllowance(): RawAllowance;
  /**
   * Pulls a raw operation into a new tab named after it: a one-request operation at once, a paged
   * one as a job (progress, cancel, resume). `confirmedUnits`: the user accepted spending up to
   * the pull's raw requests, needed above one.
   */
  startRawPull(request: RawPullRequest, confirmedUnits: boolean): RawPullStart;
  /** The pages and raw requests a raw feed job spent, and where its feed goes on. */
  getRawFeedUsage(jobId: string): RawFeedUsage;
}
