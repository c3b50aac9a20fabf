import { Router, type Request, type RequestHandler } from 'express';
import {
  successStatus,
  WORKER_ROUTES,
  type WorkerRoute,
  type WorkerRouteName,
} from '../../../shared/worker-api/routes';
import { requireAdmin } from '../identity/require-admin';
import { jsonBody } from '../request-io/json-body';
import { parseBody } from '../request-io/parse-body';
import type { RouteSchemas, ServedRoute } from '../request-io/served-route';

/**
 * Routes registered from the table (shared/worker-api/routes.ts): a feature says, per route name,
 * the schemas it reads the request with, how large a body it takes and what it does with the
 * request (request-io/served-route.ts); method, path and who may call come from the route's entry,
 * so a route cannot be served under another path or rule than the add-on and OpenAPI are told.
 */

export interface TableRouteOptions {
  /** The bearer check (identity/authenticate.ts), before anything else the route does. */
  authenticate: RequestHandler;
  /**
   * Every route's schemas (openapi/route-schemas.ts's ROUTE_SCHEMAS): a served route reading its
   * request with others is refused as the worker starts.
   */
  schemas: Readonly<Record<WorkerRouteName, RouteSchemas>>;
}

/**
 * A router serving `routes`, each as its table entry says: `signed-in` behind the authenticator,
 * `admin` behind it and requireAdmin, `public` with neither; then the body (read only once the
 * caller is let through), the schemas' checks (400 with a sentence), the handler. An `id-token`
 * route reads its credential its own way and is not served here.
 */
export function tableRoutes(routes: readonly ServedRoute[], options: TableRouteOptions): Router {
  const router = Router();
  for (const one of routes) {
    const route: WorkerRoute = WORKER_ROUTES[one.name];
    requireTableSchemas(one, options.schemas[one.name]);
    const read = one.read ?? schemaReader(one.schemas);
    const handlers: RequestHandler[] = [...accessHandlers(route, options.authenticate)];
    if (one.bodyLimit !== undefined) handlers.push(jsonBody(one.bodyLimit));
    handlers.push(async (req, res) => {
      const answer = await one.handle(read(req), req, res);
      if (!res.headersSent) res.status(successStatus(route)).json(answer);
    });
    router[verbOf(route)](route.path, ...handlers);
  }
  return router;
}

/** The schemas a feature serves a route with are the table's own, part by part (the same objects). */
function requireTableSchemas(one: ServedRoute, table: RouteSchemas): void {
  for (const part of ['params', 'query', 'body'] as const) {
    if (one.schemas[part] !== table[part]) {
      throw new Error(
        `the route ${one.name} is served with a ${part} schema other than openapi/route-schemas.ts lists for it`,
      );
    }
  }
}

function accessHandlers(route: WorkerRoute, authenticate: RequestHandler): RequestHandler[] {
  switch (route.access) {
    case 'public':
      return [];
    case 'signed-in':
      return [authenticate];
    case 'admin':
      return [authenticate, requireAdmin()];
    case 'id-token':
      throw new Error(
        `${route.method} ${route.path} takes an ID token its own way: serve it with its router`,
      );
  }
}

function schemaReader(schemas: RouteSchemas): (req: Request) => unknown {
  return (req) => ({
    params: schemas.params === undefined ? undefined : parseBody(schemas.params, { ...req.params }),
    query: schemas.query === undefined ? undefined : parseBody(schemas.query, { ...req.query }),
    body: schemas.body === undefined ? undefined : parseBody(schemas.body, req.body),
  });
}

function verbOf(route: WorkerRoute): 'get' | 'post' | 'put' | 'patch' | 'delete' {
  return route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
}
