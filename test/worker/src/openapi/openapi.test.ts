import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { MAX_JOB_ROWS_PAGE } from '../../../../shared/worker-api/request-limits';
import {
  type RouteMethod,
  successStatus,
  WORKER_ROUTES,
  type WorkerRoute,
} from '../../../../shared/worker-api/routes';
import { openApiPath, type OpenApiDocument } from '../../../../worker/src/openapi/openapi';
import { auth, startWorkerWorld, type WorkerWorld } from '../worker-fixture';
import { appRoutes } from '../http/app-routes';

/**
 * Issue 12: one route table both sides import, and the OpenAPI description generated from it and
 * from the schemas the routes parse with. The table must be what the app really serves; the
 * description must take no credential, name every route, and describe bodies the worker agrees with.
 */

let world: WorkerWorld;
let doc: OpenApiDocument;

beforeAll(async () => {
  world = await startWorkerWorld({ env: { LOG_LEVEL: 'warn' } });
  const res = await request(world.app).get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as OpenApiDocument;
});
afterAll(async () => {
  await world.close();
});

/** A JSON Schema 2020-12 validator (OpenAPI 3.1's dialect) that knows `email` and the other formats. */
function describing(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  return ajv;
}

type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, unknown>;
};

function operation(method: string, path: string): Operation {
  const operations = doc.paths[openApiPath(path)] as Record<string, Operation> | undefined;
  const found = operations?.[method.toLowerCase()];
  if (found === undefined) throw new Error(`${method} ${path} is not in the description`);
  return found;
}

function bodySchema(method: string, path: string): Record<string, unknown> {
  const body = operation(method, path).requestBody;
  if (body === undefined) throw new Error(`${method} ${path} has no body in the description`);
  return body.content['application/json'].schema;
}

describe('the route table', () => {
  it('is exactly what the app serves, apart from the page at /', () => {
    const served = appRoutes(world.app)
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => route !== 'GET /');
    const table = Object.values(WORKER_ROUTES).map((route) => `${route.method} ${route.path}`);
    expect([...table].sort()).toEqual([...served].sort());
  });

  it('has a route for every method it types (the add-on may call no other)', () => {
    // A Record lists RouteMethod exactly: a method added to the type must be added here too.
    const typed: Record<RouteMethod, true> = { GET: true, POST: true, PUT: true, PATCH: true, DELETE: true };
    const used = new Set<string>(Object.values(WORKER_ROUTES).map((route: WorkerRoute) => route.method));
    expect([...used].sort()).toEqual(Object.keys(typed).sort());
  });

  it("answers each route's success with the status the table and the description give it", async () => {
    const job = { kind: 'email-enrichment', input: { emails: ['status@example.com'] } };
    const calls: [WorkerRoute, () => request.Test][] = [
      [WORKER_ROUTES.openApi, () => request(world.app).get('/api/openapi.json')],
      [
        WORKER_ROUTES.reports,
        () =>
          request(world.app)
            .post('/api/reports')
            .set(auth())
            .send({ handles: ['@cristiano'] }),
      ],
      [WORKER_ROUTES.startJob, () => request(world.app).post('/api/jobs').set(auth()).send(job)],
    ];
    for (const [route, call] of calls) {
      const res = await call();
      expect({ route: route.path, status: res.status }).toEqual({
        route: route.path,
        status: successStatus(route),
      });
      expect(operation(route.method, route.path).responses[String(res.status)]).toBeDefined();
      if (route === WORKER_ROUTES.startJob)
        await request(world.app)
          .delete(`/api/jobs/${String(res.body.id)}`)
          .set(auth());
    }
    expect(operation('POST', '/api/jobs').responses['200']).toEqual({
      description: 'The job this idempotency key already made',
    });
    expect(operation('POST', '/api/reports').responses['202']).toBeUndefined();
  });
});

describe('GET /api/openapi.json', () => {
  it('answers without a credential, as OpenAPI 3.1, with every route of the table', async () => {
    const res = await request(world.app).get('/api/openapi.json');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Creator Sheets worker');
    for (const [name, route] of Object.entries(WORKER_ROUTES)) {
      expect(operation(route.method, route.path).operationId).toBe(name);
    }
    const count = Object.values(doc.paths).reduce((sum, ops) => sum + Object.keys(ops).length, 0);
    expect(count).toBe(Object.keys(WORKER_ROUTES).length);
  });

  it('says which routes need a credential and which need an admin', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(operation('GET', '/api/openapi.json').security).toEqual([]);
    expect(operation('POST', '/api/reports').security).toBeUndefined();
    expect(operation('POST', '/api/reports').responses['401']).toBeDefined();
    expect(operation('GET', '/api/budgets').responses['403']).toBeDefined();
    expect(operation('POST', '/api/reports').responses['403']).toBeUndefined();
  });

  it('describes path and query parameters from the schemas the routes read them with', () => {
    const rows = operation('GET', '/api/jobs/:id/rows').parameters ?? [];
    expect(rows.find((p) => p.name === 'id')).toMatchObject({ in: 'path', required: true });
    expect(rows.find((p) => p.name === 'limit')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: MAX_JOB_ROWS_PAGE },
    });
    const dictionary = operation('GET', '/api/dictionaries/:platform/:kind').parameters ?? [];
    expect(dictionary.find((p) => p.name === 'kind')?.schema).toMatchObject({
      enum: expect.arrayContaining(['brands']),
    });
  });

  it('describes bodies as the worker takes them: a body valid for the description is one the worker accepts', async () => {
    const ajv = describing();
    const validReports = ajv.compile(bodySchema('POST', '/api/reports'));
    const good = { handles: ['@cristiano'], platform: 'instagram', calculationMethod: 'average' };
    expect(validReports(good)).toBe(true);
    const res = await request(world.app).post('/api/reports').set(auth()).send(good);
    expect(res.status).toBe(200);

    const bad = { handles: ['@cristiano'], calculationMethod: 'mean' };
    expect(validReports(bad)).toBe(false);
    const refused = await request(world.app).post('/api/reports').set(auth()).send(bad);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/calculationMethod/);
  });

  it('gives every body a JSON Schema that compiles, and names the required fields', () => {
    const ajv = describing();
    for (const route of Object.values(WORKER_ROUTES)) {
      const body = operation(route.method, route.path).requestBody;
      if (body !== undefined)
        expect(() => ajv.compile(body.content['application/json'].schema)).not.toThrow();
    }
    expect(bodySchema('POST', '/api/jobs')).toMatchObject({ required: ['kind', 'input'] });
    expect(bodySchema('POST', '/api/email-search')).toMatchObject({ required: ['emails'] });
  });
});
