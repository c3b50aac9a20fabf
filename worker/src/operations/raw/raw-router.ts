import { KB } from '../../request-io/json-body';
import { served, type ServedRoute } from '../../request-io/served-route';
import { operationContext, type OperationDeps } from '../operation-deps';
import { runRaw } from './raw';
import { parseRawRequest } from './raw-request';
import { rawRequestSchema } from './raw-request';

/** An operation id and its query string's parameters (ids, a cursor). */
const RAW_BODY_LIMIT = 64 * KB;

/**
 * - `POST /api/raw` `{ operation: <raw operation id>, query, maxPages? (1; 0 = until done, at most
 *   100), layout?: table|flat, withHeader? }` -> `{ operation, header, columns, rows, pages, more,
 *   cursor, rawUnits, rawRequestsLeft, rawLeftOf, duplicates, repeatedCursor, incomplete? }` (see runRaw).
 *
 * What a `raw-feed` job pulled (`GET /api/raw/jobs/:id`) is the jobs router's (jobs/jobs-router.ts).
 */
export function rawRoutes(deps: OperationDeps): ServedRoute[] {
  return [
    served(
      'raw',
      { body: rawRequestSchema },
      {
        bodyLimit: RAW_BODY_LIMIT,
        read: (req) => parseRawRequest(req.body),
        handle: (input, req) => runRaw(deps, operationContext(req, deps), input),
      },
    ),
  ];
}
