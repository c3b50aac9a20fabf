import { MAX_OVERLAP_HANDLES } from '../../../../shared/worker-api/request-limits';
import { KB } from '../../request-io/json-body';
import { served, type ServedRoute } from '../../request-io/served-route';
import { operationContext, type OperationDeps } from '../operation-deps';
import { runOverlap } from './overlap';
import { overlapRequestSchema } from './overlap-request';

/** Up to 100 handle cells of at most 256 bytes each (a profile URL). */
const OVERLAP_BODY_LIMIT = MAX_OVERLAP_HANDLES * 256 + 16 * KB;

/**
 * `POST /api/overlap` `{ platform: instagram|youtube, handles, withHeader?, refresh? }` ->
 * `{ header, columns, rows, reportInfo, fromCache, storedAt, credits }` (see runOverlap).
 */
export function overlapRoutes(deps: OperationDeps): ServedRoute[] {
  return [
    served(
      'overlap',
      { body: overlapRequestSchema },
      {
        bodyLimit: OVERLAP_BODY_LIMIT,
        handle: ({ body }, req) => runOverlap(deps, operationContext(req, deps), body),
      },
    ),
  ];
}
