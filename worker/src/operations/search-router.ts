import { Router } from 'express';
import { operationContext, type OperationDeps } from './operation-deps';
import { runSearch } from './search';
import { parseSearchRequest } from './search-request';

/**
 * `POST /api/search` `{ platform, filter?, sort?, calculationMethod?, pages? | maxResults?,
 * withHeader?, dryRun?, refresh? }` -> `{ header, columns, rows, total, estimate, credits, dryRun,
 * counts }` (see runSearch).
 */
export function createSearchRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post('/api/search', deps.authenticate, async (req, res) => {
    const input = parseSearchRequest(req.body);
    res.json(await runSearch(deps, operationContext(req, deps), input));
  });
  return router;
}
