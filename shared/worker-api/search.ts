import type { Platform } from '../platforms';
import type { SearchRequestInput } from '../requests/search';
import type { PagedAnswer } from './paged-answer';

type ApiSearchBody = SearchRequestInput<Platform>;

/**
 * `POST /api/search` (worker/src/operations/search/search-request.ts): the API's search body for the
 * platform (`filter`, `sort`, `calculationMethod`, checked with the API's schema) and how many
 * pages, as `pages` (at most MAX_SEARCH_PAGES) or `maxResults`, never both.
 */
export interface SearchRequest {
  platform: string;
  filter?: ApiSearchBody['filter'];
  sort?: ApiSearchBody['sort'];
  calculationMethod?: ApiSearchBody['calculationMethod'];
  pages?: number;
  maxResults?: number;
  withHeader?: boolean;
  /** Answer the estimate only; nothing is fetched or spent. */
  dryRun?: boolean;
  /** Skip the page cache and fetch again (paid). */
  refresh?: boolean;
}

export type SearchAnswer = PagedAnswer;
