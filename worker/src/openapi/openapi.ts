import { z } from 'zod';
import {
  successStatus,
  WORKER_ROUTES,
  type WorkerRoute,
  type WorkerRouteName,
} from '../../../shared/worker-api/routes';
import { ROUTE_SCHEMAS, type RouteSchemas } from './route-schemas';

/**
 * The worker's API as OpenAPI 3.1, generated from the route table both sides import
 * (shared/worker-api/routes.ts) and the zod schemas the routes parse with (route-schemas.ts), so
 * the description cannot drift from what the worker accepts. Request shapes are the schemas'
 * inputs (what a caller may send, defaults shown); answers are described in words, their types
 * live in shared/worker-api.
 */

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  /** Applies to every operation that does not say `security: []`. */
  security: Record<string, string[]>[];
}

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string', description: 'A sentence for people.' },
      },
    },
  },
};

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  // `input`: what a caller sends. Transforms and custom checks have no JSON Schema: they are left
  // open ({}), and the worker's 400 names the problem.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

/** `/api/jobs/:id` as OpenAPI writes it: `/api/jobs/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function parametersOf(route: WorkerRoute, schemas: RouteSchemas): unknown[] {
  const params = schemas.params ? jsonSchemaOf(schemas.params) : null;
  const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const inPath = pathNames.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: (params?.properties as Record<string, unknown> | undefined)?.[name] ?? { type: 'string' },
  }));
  if (!schemas.query) return inPath;
  const query = jsonSchemaOf(schemas.query);
  const required = new Set((query.required as string[] | undefined) ?? []);
  const properties = (query.properties ?? {}) as Record<string, unknown>;
  const inQuery = Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
  return [...inPath, ...inQuery];
}

function responsesOf(name: WorkerRouteName, route: WorkerRoute): Record<string, unknown> {
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  const ok = { description: `OK (shared/worker-api: the \`${name}\` route's answer type)` };
  const also = route.alsoAnswers;
  // The health probes sit outside /api: they read no input and no rate limit applies to them.
  const api = route.path.startsWith('/api/');
  return {
    [String(successStatus(route))]: ok,
    ...(also === undefined ? {} : { [String(also.status)]: { description: also.when } }),
    ...(api
      ? { '400': error('The request is not one this route takes; the message names every problem') }
      : {}),
    ...(route.access === 'public' ? {} : { '401': error('No credential, or one that is not valid') }),
    ...(route.access === 'admin' ? { '403': error('For admins only') } : {}),
    ...(api ? { '429': error('Too many requests: wait for Retry-After') } : {}),
    ...(route.unavailableWhen === undefined ? {} : { '503': error(route.unavailableWhen) }),
  };
}

function operationOf(name: WorkerRouteName): Record<string, unknown> {
  const route: WorkerRoute = WORKER_ROUTES[name];
  const schemas: RouteSchemas = ROUTE_SCHEMAS[name];
  const parameters = parametersOf(route, schemas);
  return {
    operationId: name,
    summary: route.summary,
    ...(route.access === 'public' ? { security: [] } : {}),
    ...(route.access === 'admin' ? { description: 'Admins only.' } : {}),
    ...(route.access === 'id-token'
      ? { description: 'Takes a Google ID token only, never a worker key.' }
      : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(schemas.body
      ? {
          requestBody: {
            // The ID token may come as the bearer instead of in the body.
            required: route.access !== 'id-token',
            content: { 'application/json': { schema: jsonSchemaOf(schemas.body) } },
          },
        }
      : {}),
    responses: responsesOf(name, route),
  };
}

export function buildOpenApi(version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const name of Object.keys(WORKER_ROUTES) as WorkerRouteName[]) {
    const route = WORKER_ROUTES[name];
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(name) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Creator Sheets worker',
      version,
      description:
        'The API the Creator Sheets add-on calls. Every route but this description and the health ' +
        'probes (/healthz, /readyz) takes "Authorization: Bearer <Google ID token, worker key or dev key>".',
    },
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
  };
}
