import { Router } from 'express';
import { checkHealth } from './health';
import type { OperationDeps } from './operation-deps';

/** `GET /api/health`: the API's health and the worker's own (uptime, store, recent upstream errors). */
export function createHealthRouter(deps: OperationDeps): Router {
  const startedAt = deps.clock.now();
  const router = Router();
  router.get('/api/health', deps.authenticate, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await checkHealth(deps, startedAt));
  });
  return router;
}
