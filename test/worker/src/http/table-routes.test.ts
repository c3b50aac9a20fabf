import express, { type Express, type RequestHandler } from 'express';
import request from 'supertest';
import { errorHandler, notFoundHandler } from '../../../../worker/src/request-io/error-answer';
import { ROUTE_SCHEMAS } from '../../../../worker/src/openapi/route-schemas';
import { tableRoutes } from '../../../../worker/src/http/table-routes';
import { served, type ServedRoute } from '../../../../worker/src/request-io/served-route';
import type { Identity } from '../../../../worker/src/identity/identity';
import { sendError } from '../../../../worker/src/request-io/send-error';
import { createLogger } from '../../../../worker/src/logging/logger';

/**
 * The helper that serves routes from the table: each route answers under its table path and
 * method, behind the access its entry names, reading at most its body limit only once the caller
 * is let through, checking its input with the route's schemas, and answering the table's status.
 */

/** Bearer `admin` or `member`: a fake with the real rule (no bearer, 401; before anything else). */
const authenticate: RequestHandler = (req, res, next) => {
  const role = /^Bearer (admin|member)$/.exec(req.get('authorization') ?? '')?.[1];
  if (role !== 'admin' && role !== 'member') {
    sendError(res, 401, 'unauthenticated', 'Send a credential');
    return;
  }
  const identity: Identity = { email: `${role}@team.com`, role, via: 'devKey' };
  req.identity = identity;
  next();
};

let handled: string[] = [];

function appOf(routes: ServedRoute[]): Express {
  const app = express();
  app.use(tableRoutes(routes, { authenticate, schemas: ROUTE_SCHEMAS }));
  app.use(notFoundHandler());
  app.use(errorHandler(createLogger({ destination: { write: () => undefined } })));
  return app;
}

const app = appOf([
  served('aiList', ROUTE_SCHEMAS.aiList, {
    handle: ({ params }) => {
      handled.push(`aiList ${params.id}`);
      return { id: params.id };
    },
  }),
  served('newAiList', ROUTE_SCHEMAS.newAiList, {
    bodyLimit: 200,
    handle: ({ body }) => {
      handled.push(`newAiList ${body.name}`);
      return { list: body.name };
    },
  }),
  served('unreadableAnswers', ROUTE_SCHEMAS.unreadableAnswers, {
    handle: ({ query }) => {
      handled.push('unreadableAnswers');
      return { limit: query.limit ?? null };
    },
  }),
  served('openApi', ROUTE_SCHEMAS.openApi, { handle: () => ({ openapi: '3.1.0' }) }),
]);

beforeEach(() => {
  handled = [];
});

describe('tableRoutes', () => {
  it("serves a route under its table method and path, with the path's parameters read", async () => {
    const res = await request(app).get('/api/ai/lists/abc').set('Authorization', 'Bearer member');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'abc' });
    expect((await request(app).post('/api/ai/lists/abc').set('Authorization', 'Bearer member')).status).toBe(
      404,
    );
  });

  it("answers a signed-in route's caller without a credential 401, before reading its body", async () => {
    const res = await request(app)
      .post('/api/ai/lists')
      .set('Content-Type', 'application/json')
      .send('{"platform": "instagram", "name": ');

    expect(res.status).toBe(401);
    expect(handled).toEqual([]);
  });

  it('answers the success status the table says (201 for a new AI list)', async () => {
    const res = await request(app)
      .post('/api/ai/lists')
      .set('Authorization', 'Bearer member')
      .send({ platform: 'instagram', name: 'Summer' });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ list: 'Summer' });
  });

  it("refuses a body over the route's limit with 413, and a body its schema refuses with a sentence", async () => {
    const big = await request(app)
      .post('/api/ai/lists')
      .set('Authorization', 'Bearer member')
      .send({ platform: 'instagram', name: 'x'.repeat(300) });
    const wrong = await request(app)
      .post('/api/ai/lists')
      .set('Authorization', 'Bearer member')
      .send({ platform: 'myspace', name: 'Summer' });

    expect(big.status).toBe(413);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/platform/);
    expect(handled).toEqual([]);
  });

  it('lets only admins through to an admin route, and reads its query with the schema', async () => {
    const member = await request(app)
      .get('/api/admin/unreadable-answers')
      .set('Authorization', 'Bearer member');
    const admin = await request(app)
      .get('/api/admin/unreadable-answers?limit=7')
      .set('Authorization', 'Bearer admin');
    const tooMany = await request(app)
      .get('/api/admin/unreadable-answers?limit=9999')
      .set('Authorization', 'Bearer admin');

    expect(member.status).toBe(403);
    expect(admin.body).toEqual({ limit: 7 });
    expect(tooMany.status).toBe(400);
    expect(handled).toEqual(['unreadableAnswers']);
  });

  it('serves a public route without a credential', async () => {
    const res = await request(app).get('/api/openapi.json');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ openapi: '3.1.0' });
  });

  it('will not serve an ID-token route, which reads its credential its own way', () => {
    expect(() => appOf([served('issueKey', ROUTE_SCHEMAS.issueKey, { handle: () => ({}) })])).toThrow(
      /ID token/,
    );
  });

  it("will not serve a route with schemas other than the table's: what OpenAPI and the add-on are told is what is read", () => {
    // The list's id read with the members' body schema: a feature out of step with route-schemas.ts.
    const wrong = { params: ROUTE_SCHEMAS.aiList.params, body: ROUTE_SCHEMAS.addAiListMembers.body };
    expect(() => appOf([served('aiList', wrong, { handle: () => ({}) })])).toThrow(
      'the route aiList is served with a body schema other than openapi/route-schemas.ts lists for it',
    );
    expect(() => appOf([served('aiList', {}, { handle: () => ({}) })])).toThrow(/params schema/);
  });
});
