import type { AiImageType } from '../enums';
import type { AiFiltersInput } from '../requests/ai-search';
import type { PagedAnswer } from './paged-answer';

export const AI_SEARCH_MODES = ['text', 'image', 'lookalikes'] as const;
export type AiSearchMode = (typeof AI_SEARCH_MODES)[number];

/**
 * `POST /api/ai/search` (worker/src/operations/ai-search/ai-search-request.ts). The mode's own fields
 * (`query`; `imageType` + `base64Image`, or `imageUrl` for the worker to fetch; `userIds`),
 * `filters` and `pageSize` are the API's body, checked with its schema for the mode. At most
 * MAX_AI_SEARCH_PAGES pages, within the API's depth of 1,500 results.
 */
export interface AiSearchRequest {
  mode: AiSearchMode;
  platform: string;
  query?: string;
  imageType?: AiImageType;
  base64Image?: string;
  /** Image mode by link instead of `imageType` + `base64Image` (at most IMAGE_URL_MAX_CHARS). */
  imageUrl?: string;
  userIds?: string[];
  filters?: AiFiltersInput;
  pageSize?: number;
  /** The first page to fetch (0-based); later pages follow it. */
  startPage?: number;
  pages?: number;
  withHeader?: boolean;
  /** Answer the estimate only; nothing is fetched or spent. */
  dryRun?: boolean;
  /** Skip the page cache and fetch again (paid). */
  refresh?: boolean;
}

export type AiSearchAnswer = PagedAnswer;
