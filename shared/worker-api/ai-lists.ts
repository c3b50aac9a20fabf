import type { AiList } from '../responses/ai-search';
import type { SheetTable } from './sheet-table';

/**
 * AI lists (worker/src/operations/ai-lists/ai-lists-router.ts): the include and exclude lists of AI search
 * filters, shared by everyone of the API account; the worker remembers who created each here.
 */

/** `:id` of the routes of one list. */
export interface AiListParams {
  id: string;
}

/** `POST /api/ai/lists`: the platform is fixed at creation. */
export interface NewAiListRequest {
  platform: string;
  name: string;
}

/**
 * `POST|DELETE /api/ai/lists/:id/members` and `POST .../members/remove`: any number of ids (up to
 * twice a full list), as a sheet holds them. Blanks are skipped and repeats count once; a number
 * must be a whole one small enough to be exact.
 */
export interface AiListMembersRequest {
  ids: (string | number | null)[];
}

/** `?withHeader=` of the routes that answer rows. */
export interface AiListRowsQuery {
  withHeader?: boolean;
}

/** A list as the worker answers it: the API's, with who created it here (null: not here). */
export type OwnedAiList<L extends AiList = AiList> = L & { owner: string | null };

/** `GET /api/ai/lists`. */
export interface AiListsAnswer extends SheetTable {
  lists: OwnedAiList[];
}

/** `POST /api/ai/lists` and `GET /api/ai/lists/:id`. */
export interface AiListAnswer {
  list: OwnedAiList;
}

/** `DELETE /api/ai/lists/:id`. */
export interface AiListDeletedAnswer {
  listId: string;
  deleted: true;
}

/** `GET /api/ai/lists/:id/members`: every member (the worker reads the pages). */
export interface AiListMembersAnswer extends SheetTable {
  listId: string;
  /** Exact member count, as the API gives it. */
  total: number;
  members: string[];
}

/** A change of members. */
export interface AiListChangeAnswer {
  listId: string;
  /** Distinct ids sent. */
  sent: number;
  /** Upstream calls made (chunks of at most 10,000 ids). */
  calls: number;
  /** New members (adding) or members taken out (removing); existing or missing ids are no-ops. */
  added?: number;
  removed?: number;
  /** Members after the change; null when the API did not say. */
  total: number | null;
}
