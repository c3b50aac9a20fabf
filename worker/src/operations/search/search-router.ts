import { Router } from 'express';
import { jsonBody, KB } from '../../request-io/json-body';
import { operationContext, type OperationDeps } from '../operation-deps';
import { runSearch } from './search';
import { parseSearchRequest } from './search-request';

/** Filters and a sort: a few KB even with hundreds of locations, interests or brands in them. */
const SEARCH_BODY_LIMIT = 256 * KB;

/**
 * `POST /api/search` `{ platform, filter?, sort?, calculationMethod?, pages? | maxResults?,
 * withHeader?, dryRun?, refresh? }` -> `{ header, columns, rows, total, estimate, credits, dryRun,
 * counts }` (see runSearch).
 */
export function createSearchRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post('/api/search', deps.authenticate, jsonBody(SEARCH_BODY_LIMIT), async (req, res) => {
    const input = parseSearchRequest(req.body);
    res.json(await runSearch(deps, operationContext(req, deps), input));
  });
  return router;
}
