import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { WorkerRouteName } from '../../../shared/worker-api/routes';

/**
 * What a feature says to serve one route of the table (shared/worker-api/routes.ts): the schemas
 * it reads the request with, how large a body it takes, and what it does. Method, path and who may
 * call come from the table; http/table-routes.ts wires them, and refuses at start-up a route whose
 * schemas are not the ones openapi/route-schemas.ts lists for it (those the add-on and the OpenAPI
 * description are told). The schemas are named here, beside the handler, so that a feature's
 * handler is typed by them without importing the route list above it (ARCHITECTURE.md, floors).
 */

/** A route's path, query and body schemas; a part it does not read is left out. */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

type Parsed<G, P extends keyof RouteSchemas> = G extends { [K in P]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** What the schemas `G` read from a request: its `:params`, its query string, its body. */
export interface RouteInput<G extends RouteSchemas> {
  params: Parsed<G, 'params'>;
  query: Parsed<G, 'query'>;
  body: Parsed<G, 'body'>;
}

export interface RouteSpec<I> {
  /** The most body bytes it reads (request-io/json-body.ts), sized to what it legitimately takes. */
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
}

/** One route of the table with what serves it, its input type erased once checked. */
export interface ServedRoute {
  readonly name: WorkerRouteName;
  readonly schemas: RouteSchemas;
  readonly bodyLimit?: number;
  readonly read?: (req: Request) => unknown;
  readonly handle: (input: unknown, req: Request, res: Response) => unknown;
}

/** `spec` serving the table's route `name`, reading the request with `schemas`. */
export function served<G extends RouteSchemas, I = RouteInput<G>>(
  name: WorkerRouteName,
  schemas: G,
  spec: RouteSpec<I>,
): ServedRoute {
  return {
    name,
    schemas,
    ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
    ...(spec.read === undefined ? {} : { read: spec.read }),
    handle: (input, req, res) => spec.handle(input as I, req, res),
  };
}

/**
 * For a route whose handler reads its request itself, in its own order: the schedules' routes say
 * who may see a schedule before what the body says, so a stranger gets 404 whatever they send.
 * Its schemas are still the table's (checked as the worker starts); the handler reads by them.
 */
export function readByHandler(): undefined {
  return undefined;
}
