import { Router } from 'express';
import { operationContext, type OperationDeps } from './operation-deps';
import { runRaw } from './raw';
import { parseRawRequest } from './raw-request';

/**
 * `POST /api/raw` `{ operation: <raw operation id>, query, maxPages? (1; 0 = until done, at most
 * 100), layout?: table|flat, withHeader? }` -> `{ operation, header, columns, rows, pages, more,
 * cursor, rawUnits, rawRequestsLeft, duplicates, repeatedCursor, incomplete? }` (see runRaw).
 */
export function createRawRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post('/api/raw', deps.authenticate, async (req, res) => {
    const input = parseRawRequest(req.body);
    res.json(await runRaw(deps, operationContext(req, deps), input));
  });
  return router;
}
