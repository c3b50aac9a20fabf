import { Router } from 'express';
import packageJson from '../../../package.json';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import { buildOpenApi } from './openapi';

/**
 * `GET /api/openapi.json`: the worker's API as OpenAPI 3.1, without a credential (it holds no
 * secret and is how a caller learns to get one). Built once: the routes do not change while the
 * process runs.
 */
export function createOpenApiRouter(): Router {
  const router = Router();
  const body = JSON.stringify(buildOpenApi(packageJson.version));
  router.get(WORKER_ROUTES.openApi.path, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').type('application/json').send(body);
  });
  return router;
}
