import { Router } from 'express';
import { MAX_OVERLAP_HANDLES } from '../../../../shared/worker-api/request-limits';
import { jsonBody, KB } from '../../request-io/json-body';
import { parseBody } from '../../request-io/parse-body';
import { operationContext, type OperationDeps } from '../operation-deps';
import { runOverlap } from './overlap';
import { overlapRequestSchema } from './overlap-request';

/** Up to 100 handle cells of at most 256 bytes each (a profile URL). */
const OVERLAP_BODY_LIMIT = MAX_OVERLAP_HANDLES * 256 + 16 * KB;

/**
 * `POST /api/overlap` `{ platform: instagram|youtube, handles, withHeader?, refresh? }` ->
 * `{ header, columns, rows, reportInfo, fromCache, storedAt, credits }` (see runOverlap).
 */
export function createOverlapRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post('/api/overlap', deps.authenticate, jsonBody(OVERLAP_BODY_LIMIT), async (req, res) => {
    const input = parseBody(overlapRequestSchema, req.body);
    res.json(await runOverlap(deps, operationContext(req, deps), input));
  });
  return router;
}
