import { served, type ServedRoute } from '../../request-io/served-route';
import { requireIdentity } from '../../identity/identity';
import { checkHealth } from './health';
import type { OperationDeps } from '../operation-deps';

/**
 * `GET /api/health`: the API's health and the worker's own (uptime, store, recent upstream errors);
 * for admins also the contract drift counts and the latest unreadable paid answers.
 */
export function healthRoutes(deps: OperationDeps): ServedRoute[] {
  const startedAt = deps.clock.now();
  return [
    served(
      'health',
      {},
      {
        handle: (_input, req, res) => {
          res.set('Cache-Control', 'no-store');
          return checkHealth(deps, startedAt, requireIdentity(req).role);
        },
      },
    ),
  ];
}
