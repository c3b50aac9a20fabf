/**
 * The Collaborations part of the sidebar's contract (see sidebar-api.ts): the types its section and
 * server functions exchange, and the functions themselves. Payloads are JSON-safe.
 */
import type { Platform } from '../../shared/platforms';
import type { Column } from '../../shared/rows/columns';

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
}

export type CollaborationsRequest =
  CollaborationPostsRequest | CollaborationSummaryRequest | OlderCollaborationsRequest;

/**
 * A run that writes into one tab over several sidebar calls, each fetching a few pages (a sidebar
 * call must stay short). The sidebar keeps it between calls and sends it back to go on.
 */
export interface CollaborationsRun {
  request: CollaborationsRequest;
  /** The tab, found by id (a renamed tab keeps it). */
  sheetId: number;
  sheetName: string;
  /** The tab's columns, fixed by the first call; later rows are matched to them by column id. */
  columns: Column[];
  rowsWritten: number;
  pagesDone: number;
  creditsSpent: number;
  /** Where the next page starts; null when nothing is left. */
  cursor: string | null;
}

export interface CollaborationsProgress {
  run: CollaborationsRun;
  /** Nothing left to fetch: every page asked for, or the API has no more. */
  finished: boolean;
  /** The API has more past the last page fetched (so `finished` came from the page limit). */
  more: boolean;
  /** Whom the answer describes; null for the older API, which does not say. */
  side: CollaborationsSubject | null;
  /** Where the first row went, e.g. "'Collabs posts @ana'!A2". */
  destination: string;
  /** Why a page failed; the rows before it are written and `run` goes on from it. */
  incomplete: string | null;
  /** A sentence for the progress line. */
  message: string;
}

export interface CollaborationsApi {
  /**
   * Checks the request, refuses a cost above the threshold without `confirmedCost`, makes the first
   * call and writes its rows into a new tab.
   */
  startCollaborations(request: CollaborationsRequest, confirmedCost: boolean): CollaborationsProgress;
  /** The next few pages of a run, appended to its tab. */
  continueCollaborations(run: CollaborationsRun): CollaborationsProgress;
}
