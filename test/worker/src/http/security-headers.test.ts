import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { SECURITY_HEADER_OPTIONS, securityHeaders } from '../../../../worker/src/http/security-headers';
import { auth, startWorkerWorld, type WorkerWorld } from '../worker-fixture';

/**
 * Issue 11 item 8: helmet's headers on every answer of the worker, errors included (the mounted
 * sandbox and the answers index.ts gives while stopping: index.test.ts; the playground's pages:
 * test/worker/playground).
 */

let world: WorkerWorld;
beforeAll(async () => {
  world = await startWorkerWorld({ env: { LOG_LEVEL: 'warn' } });
});
afterAll(() => world.close());

describe('security headers', () => {
  it.each([
    ['a JSON answer', () => request(world.app).get('/api/account').set(auth()), 200],
    ['the description at /', () => request(world.app).get('/'), 200],
    ['a refusal', () => request(world.app).get('/api/account'), 401],
    ['a route that does not exist', () => request(world.app).get('/api/nothing'), 404],
    [
      'a body that cannot be read',
      () =>
        request(world.app).post('/api/reports').set(auth()).set('content-type', 'application/json').send('{'),
      400,
    ],
  ])('are on %s', async (_name, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.headers).toMatchObject({
      'content-security-policy':
        "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
      'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
    });
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('the security headers, taken once from helmet', () => {
  it('are exactly the headers helmet itself sets on each answer', async () => {
    const answerWith = (middleware: express.RequestHandler) => {
      const app = express();
      app.use(middleware);
      app.get('/', (_req, res) => res.json({ ok: true }));
      return request(app).get('/');
    };
    const security = (res: request.Response) => {
      const { date: _date, etag: _etag, ...headers } = res.headers;
      return headers;
    };
    const fromHelmet = await answerWith(helmet(SECURITY_HEADER_OPTIONS));
    const ours = await answerWith(securityHeaders());
    expect(security(ours)).toEqual(security(fromHelmet));
    expect(Object.keys(security(ours))).toContain('content-security-policy');
  });
});
