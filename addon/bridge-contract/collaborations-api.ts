/**
 * The Collaborations part of the sidebar's contract (see sidebar-api.ts): the types its section and
 * server functions exchange, and the functions themselves. Payloads are JSON-safe.
 */
import type { Platform } from '../../shared/platforms';
import type { JobView } from './sidebar-api';
import type { TabOutput } from './tab-output';

/** Who the request is about: an influencer (posts that mention brands) or a brand. */
export type CollaborationsSubject = 'influencer' | 'brand';

/** What the newer endpoints (`POST /collaborations/posts` and `/summary`) share. */
interface CurrentRequest {
  subject: CollaborationsSubject;
  platform: Platform;
  /** An influencer's handle, profile URL or id; a brand's domain or name (on YouTube, its domain). */
  id: string;
  /** Only posts with this brand (for an influencer) or by this influencer (for a brand). */
  collaborator?: string;
  /** First and last day of the posts, `YYYY-MM-DD`, both included. */
  from?: string;
  to?: string;
  /** The tab written into: a new one named after the request when left out (issue 15). */
  tab?: TabOutput;
}

/** Posts, page after page, following the API's cursor. */
export interface CollaborationPostsRequest extends CurrentRequest {
  kind: 'posts';
  /** At most this many pages (each one a paid call). */
  pages: number;
}

/** One call: totals overall and per partner. */
export interface CollaborationSummaryRequest extends CurrentRequest {
  kind: 'summary';
  /** An influencer's summary: one row per brand domain instead of one per brand. */
  groupByDomain: boolean;
}

/** The deprecated `GET /{platform}/collaborations/influencer|brand`, behind the "older API" switch. */
export interface OlderCollaborationsRequest {
  kind: 'older';
  subject: CollaborationsSubject;
  platform: Platform;
  id: string;
  /** Influencer only: one item per brand domain. */
  groupByDomain: boolean;
  pages: number;
  /** The tab written into; its columns come from the first page, so it is never added to. */
  tab?: TabOutput;
}

export type CollaborationsRequest =
  CollaborationPostsRequest | CollaborationSummaryRequest | OlderCollaborationsRequest;

/** What Run started: posts page by page as a worker job, or a summary written at once. */
export type CollaborationsStart =
  /**
   * Posts (newer or older API): a `collaboration-posts` job on the worker, followed by the jobs
   * list (progress, cancel, resume when the sidebar reopens); it writes into a new tab.
   */
  | { kind: 'job'; job: JobView }
  /** A summary: one call, written into a new tab before the answer. */
  | {
      kind: 'table';
      sheetName: string;
      /** Where the first row went, e.g. "'Collabs summary @ana'!A2". */
      destination: string;
      rows: number;
      /** Whom the answer describes; it may differ from the subject picked (a brand typed as an influencer). */
      side: CollaborationsSubject;
      credits: number;
      /** A sentence for the section and the status line. */
      message: string;
    };

export interface CollaborationsApi {
  /**
   * Checks the request and refuses a cost above the threshold without `confirmedCost`; then posts
   * start as a job, and a summary is fetched and written into a new tab.
   */
  startCollaborations(request: CollaborationsRequest, confirmedCost: boolean): CollaborationsStart;
}
