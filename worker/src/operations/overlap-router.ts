import { Router } from 'express';
import { parseBody } from '../http/parse-body';
import { operationContext, type OperationDeps } from './operation-deps';
import { runOverlap } from './overlap';
import { overlapRequestSchema } from './overlap-request';

/**
 * `POST /api/overlap` `{ platform: instagram|youtube, handles, withHeader?, refresh? }` ->
 * `{ header, columns, rows, reportInfo, fromCache, storedAt, credits }` (see runOverlap).
 */
export function createOverlapRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post('/api/overlap', deps.authenticate, async (req, res) => {
    const input = parseBody(overlapRequestSchema, req.body);
    res.json(await runOverlap(deps, operationContext(req, deps), input));
  });
  return router;
}
