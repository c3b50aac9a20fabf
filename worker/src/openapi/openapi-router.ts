import packageJson from '../../../package.json';
import { buildOpenApi } from './openapi';
import { served, type ServedRoute } from '../request-io/served-route';

/**
 * `GET /api/openapi.json`: the worker's API as OpenAPI 3.1, without a credential (it holds no
 * secret and is how a caller learns to get one). Built once: the routes do not change while the
 * process runs.
 */
export function openApiRoutes(): ServedRoute[] {
  const body = JSON.stringify(buildOpenApi(packageJson.version));
  return [
    served(
      'openApi',
      {},
      {
        handle: (_input, _req, res) => {
          res.set('Cache-Control', 'public, max-age=300').type('application/json').send(body);
        },
      },
    ),
  ];
}
