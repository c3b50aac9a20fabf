import type { CreditCharge } from '../pricing';
import type { SheetTable } from './sheet-table';

/**
 * Collaborations (worker/src/operations/collaborations/collaborations-request.ts), paid. At most
 * MAX_COLLABORATION_PAGES pages per request (request-limits.ts).
 */

/** Whether `id` names an influencer (posts mention brands) or a brand (influencers posted for it). */
export type CollaborationSide = 'influencer' | 'brand';

/**
 * `POST /api/collaborations/posts` and `/summary`: the API's body with `from` / `to` for the posts'
 * creation time (milliseconds, or a date such as 2024-05-01: a whole day of `timeZone`, UTC when
 * absent), `cursor` to go on from an earlier answer, and `maxPages` (posts only) bounding the spend.
 */
export interface CollaborationsRequest {
  /** User id, username or profile URL; for a YouTube brand, its domain. */
  id: string;
  platform: string;
  collaboratorId?: string;
  from?: number | string;
  to?: number | string;
  groupBrandCollaborations?: boolean;
  limit?: number;
  cursor?: string;
  maxPages?: number;
  withHeader?: boolean;
  /** The spreadsheet's zone (IANA name): the days of `from` / `to` and of the Date column. */
  timeZone?: string;
}

/** `POST /api/collaborations/deprecated`: the older per-platform endpoints, 1 credit per page of 30. */
export interface DeprecatedCollaborationsRequest {
  kind: CollaborationSide;
  /** A brand's: Instagram or TikTok only. */
  platform: string;
  id: string;
  /** Influencer variant: one item per brand domain. */
  groupedBrands?: boolean;
  /** The `cursor` of an earlier answer, to go on from there. */
  after?: string;
  maxPages?: number;
  withHeader?: boolean;
}

/** A paged collaborations answer: the rows so far and where to go on. */
export interface CollaborationPagesAnswer extends SheetTable {
  /** Pages fetched (each one paid). */
  pages: number;
  /** More pages exist past `cursor`: send it back as `cursor` (posts) or `after` (deprecated). */
  more: boolean;
  cursor: string | null;
  /** At most what the request could cost (maxPages calls). */
  estimate: CreditCharge;
  credits: number;
  /** Why paging stopped early, when a later page failed; the rows of the pages before it stand. */
  incomplete?: string;
}

/** `POST /api/collaborations/posts`; a brand's posts end with a Creator column. */
export interface CollaborationPostsAnswer extends CollaborationPagesAnswer {
  side: CollaborationSide;
}

/** `POST /api/collaborations/summary`: one row per partner, then the totals row. */
export interface CollaborationSummaryAnswer extends SheetTable {
  side: CollaborationSide;
  credits: number;
}
