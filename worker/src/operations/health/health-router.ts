import { Router } from 'express';
import { requireIdentity } from '../../identity/identity';
import { checkHealth } from './health';
import type { OperationDeps } from '../operation-deps';

/**
 * `GET /api/health`: the API's health and the worker's own (uptime, store, recent upstream errors);
 * for admins also the contract drift counts and the latest unreadable paid answers.
 */
export function createHealthRouter(deps: OperationDeps): Router {
  const startedAt = deps.clock.now();
  const router = Router();
  router.get('/api/health', deps.authenticate, async (req, res) => {
    const { role } = requireIdentity(req);
    res.set('Cache-Control', 'no-store').json(await checkHealth(deps, startedAt, role));
  });
  return router;
}
