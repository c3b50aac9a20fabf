import express, { type Express, type Router } from 'express';
import request from 'supertest';
import { createUpstreamFromConfig } from '../../../worker/src/app-deps';
import { errorHandler, notFoundHandler } from '../../../worker/src/request-io/error-answer';
import { requestContext } from '../../../worker/src/logging/request-context';
import { ROUTE_SCHEMAS } from '../../../worker/src/openapi/route-schemas';
import { tableRoutes } from '../../../worker/src/http/table-routes';
import { operationRoutes } from '../../../worker/src/operations/operation-routes';
import type { OperationDeps } from '../../../worker/src/operations/operation-deps';
import { auth, DEV_KEY, startWorkerWorld, type WorkerWorld, type WorkerWorldOptions } from './worker-fixture';

/**
 * The worker world of worker-fixture.ts (production wiring, the real sandbox over loopback) with
 * the operations' routes (operation-routes.ts) served from the route table the way app.ts serves
 * them: request context, the routes (each reading its own body after its authenticator), then the
 * 404 and error answers.
 */

export interface MoreWorld extends WorkerWorld {
  /** The worker's deps with the operations' routes mounted. */
  api: Express;
}

/** The operations' routes as app.ts serves them from the table, for an app of a test's own. */
export function operationsRouter(deps: OperationDeps): Router {
  return tableRoutes(operationRoutes(deps), { authenticate: deps.authenticate, schemas: ROUTE_SCHEMAS });
}

export function moreApp(deps: OperationDeps): Express {
  const app = express();
  app.use(requestContext(deps.logger));
  app.use(operationsRouter(deps));
  app.use(notFoundHandler());
  app.use(errorHandler(deps.logger));
  return app;
}

export async function startMoreWorld(options: WorkerWorldOptions = {}): Promise<MoreWorld> {
  const world = await startWorkerWorld(options);
  return { ...world, api: moreApp(world.deps) };
}

/**
 * The same routers with the worker holding another of the sandbox's tokens (one of
 * SANDBOX_EXTRA_TOKENS), e.g. an account without raw access.
 */
export function appWithToken(world: WorkerWorld, token: string): Express {
  const upstream = createUpstreamFromConfig(
    { ...world.config, upstream: { ...world.config.upstream, token } },
    {
      baseUrl: `${world.sandboxUrl}/v1`,
      logger: world.deps.logger,
      monitor: world.deps.upstreamMonitor,
      drift: world.deps.store.drift,
      retry: { baseDelayMs: 5, maxDelayMs: 40 },
    },
  );
  return moreApp({ ...world.deps, upstream });
}

export function apiPost(app: Express, path: string, body: unknown, key: string = DEV_KEY) {
  return request(app)
    .post(path)
    .set(auth(key))
    .send(body as object);
}

export function apiGet(app: Express, path: string, key: string = DEV_KEY) {
  return request(app).get(path).set(auth(key));
}

export function apiDelete(app: Express, path: string, body?: unknown, key: string = DEV_KEY) {
  const call = request(app).delete(path).set(auth(key));
  return body === undefined ? call : call.send(body as object);
}
