import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import {
  successStatus,
  WORKER_ROUTES,
  type WorkerRoute,
  type WorkerRouteName,
} from '../../../shared/worker-api/routes';
import { requireAdmin } from '../identity/require-admin';
import { jsonBody } from './json-body';
import { parseBody } from './parse-body';
import type { ROUTE_SCHEMAS, RouteSchemas } from './route-schemas';

/**
 * Routes registered from the table (shared/worker-api/routes.ts): a feature says, per route name,
 * how large a body it reads and what it does with the request; method, path and who may call come
 * from the route's entry, the path, query and body checks from its schemas (route-schemas.ts), so
 * a route cannot be served under another path or rule than the add-on and OpenAPI are told.
 */

type Parsed<G, P extends keyof RouteSchemas> = G extends { [K in P]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** What route N's schemas read from a request: its `:params`, its query string, its body. */
export interface RouteInput<N extends WorkerRouteName> {
  params: Parsed<(typeof ROUTE_SCHEMAS)[N], 'params'>;
  query: Parsed<(typeof ROUTE_SCHEMAS)[N], 'query'>;
  body: Parsed<(typeof ROUTE_SCHEMAS)[N], 'body'>;
}

export interface RouteSpec<N extends WorkerRouteName, I> {
  /** The most body bytes it reads (http/json-body.ts), sized to what it legitimately takes. */
  bodyLimit?: number;
  /**
   * How the request is read, for a route that reads more than its schemas say (search: the
   * platform's own filters); by default its schemas' RouteInput.
   */
  read?: (req: Request) => I;
  /**
   * The answer, sent as JSON with the table's success status; a handler that answers itself
   * (another status, rows streamed) returns nothing.
   */
  handle(input: I, req: Request, res: Response): unknown;
  /** Never set: ties the spec to its route name for the compiler. */
  readonly name?: N;
}

/** One route of the table with what serves it, its input type erased once checked. */
export interface ServedRoute {
  readonly name: WorkerRouteName;
  readonly bodyLimit?: number;
  readonly read?: (req: Request) => unknown;
  readonly handle: (input: unknown, req: Request, res: Response) => unknown;
}

/** `spec` serving the table's route `name`. */
export function served<N extends WorkerRouteName, I = RouteInput<N>>(
  name: N,
  spec: RouteSpec<N, I>,
): ServedRoute {
  return {
    name,
    ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
    ...(spec.read === undefined ? {} : { read: spec.read }),
    handle: (input, req, res) => spec.handle(input as I, req, res),
  };
}

export interface TableRouteOptions {
  /** The bearer check (identity/authenticate.ts), before anything else the route does. */
  authenticate: RequestHandler;
  /** Every route's schemas: route-schemas.ts's ROUTE_SCHEMAS. */
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
    const read = one.read ?? schemaReader(options.schemas[one.name]);
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
