import { KB } from '../../request-io/json-body';
import { served, type ServedRoute } from '../../request-io/served-route';
import { operationContext, type OperationDeps } from '../operation-deps';
import { runSearch } from './search';
import { parseSearchRequest } from './search-request';
import { searchRequestSchema } from './search-request';

/** Filters and a sort: a few KB even with hundreds of locations, interests or brands in them. */
const SEARCH_BODY_LIMIT = 256 * KB;

/**
 * `POST /api/search` `{ platform, filter?, sort?, calculationMethod?, pages? | maxResults?,
 * withHeader?, dryRun?, refresh? }` -> `{ header, columns, rows, total, estimate, credits, dryRun,
 * counts }` (see runSearch).
 */
export function searchRoutes(deps: OperationDeps): ServedRoute[] {
  return [
    served(
      'search',
      { body: searchRequestSchema },
      {
        bodyLimit: SEARCH_BODY_LIMIT,
        read: (req) => parseSearchRequest(req.body),
        handle: (input, req) => runSearch(deps, operationContext(req, deps), input),
      },
    ),
  ];
}
