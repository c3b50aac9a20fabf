import { Router } from 'express';
import { runAiSearch } from './ai-search';
import { parseAiSearchRequest } from './ai-search-request';
import { operationContext, type OperationDeps } from './operation-deps';

/**
 * `POST /api/ai/search` `{ mode: text|image|lookalikes, platform, query? | imageType + base64Image?
 * | userIds?, filters?, pageSize?, startPage?, pages?, withHeader?, dryRun?, refresh? }` ->
 * `{ header, columns, rows, total, estimate, credits, dryRun, counts }` (see runAiSearch).
 */
export function createAiSearchRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post('/api/ai/search', deps.authenticate, async (req, res) => {
    const input = parseAiSearchRequest(req.body);
    res.json(await runAiSearch(deps, operationContext(req, deps), input));
  });
  return router;
}
