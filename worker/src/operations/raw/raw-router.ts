import { Router } from 'express';
import { jsonBody, KB } from '../../request-io/json-body';
import { operationContext, type OperationDeps } from '../operation-deps';
import { runRaw } from './raw';
import { parseRawRequest } from './raw-request';

/** An operation id and its query string's parameters (ids, a cursor). */
const RAW_BODY_LIMIT = 64 * KB;

/**
 * - `POST /api/raw` `{ operation: <raw operation id>, query, maxPages? (1; 0 = until done, at most
 *   100), layout?: table|flat, withHeader? }` -> `{ operation, header, columns, rows, pages, more,
 *   cursor, rawUnits, rawRequestsLeft, rawLeftOf, duplicates, repeatedCursor, incomplete? }` (see runRaw).
 *
 * What a `raw-feed` job pulled (`GET /api/raw/jobs/:id`) is the jobs router's (jobs/jobs-router.ts).
 */
export function createRawRouter(deps: OperationDeps): Router {
  const router = Router();
  router.post('/api/raw', deps.authenticate, jsonBody(RAW_BODY_LIMIT), async (req, res) => {
    const input = parseRawRequest(req.body);
    res.json(await runRaw(deps, operationContext(req, deps), input));
  });
  return router;
}
