import type { Express } from 'express';

/**
 * Every route an Express app serves, read from its router stack (routers mounted with `app.use`
 * included), so a test that walks them cannot fall behind a route added later.
 */

export interface AppRoute {
  method: string;
  /** As declared, e.g. `/api/jobs/:id`. */
  path: string;
  /** The route's handlers in order, its middleware included. */
  handlers: unknown[];
}

interface Layer {
  handle?: unknown;
  route?: { path: unknown; methods: Record<string, boolean>; stack: { handle: unknown }[] };
}

function stackOf(handle: unknown): Layer[] | null {
  if (typeof handle !== 'function') return null;
  const stack = (handle as { stack?: unknown }).stack;
  return Array.isArray(stack) ? (stack as Layer[]) : null;
}

export function appRoutes(app: Express): AppRoute[] {
  const routes: AppRoute[] = [];
  const walk = (layers: Layer[]) => {
    for (const layer of layers) {
      if (layer.route !== undefined && typeof layer.route.path === 'string') {
        for (const method of Object.keys(layer.route.methods)) {
          routes.push({
            method: method.toUpperCase(),
            path: layer.route.path,
            handlers: layer.route.stack.map((entry) => entry.handle),
          });
        }
        continue;
      }
      const nested = stackOf(layer.handle);
      if (nested !== null) walk(nested);
    }
  };
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(router.stack);
  return routes;
}

/** `:name` parameters of a route's path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}
