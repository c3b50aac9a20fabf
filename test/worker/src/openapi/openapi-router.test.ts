import request from 'supertest';
import { buildOpenApi } from '../../../../worker/src/openapi/openapi';
import { startWorkerWorld, type WorkerWorld } from '../worker-fixture';

// The real builder, counted: no seam in the router just for this test.
jest.mock('../../../../worker/src/openapi/openapi', () => {
  const actual: typeof import('../../../../worker/src/openapi/openapi') = jest.requireActual(
    '../../../../worker/src/openapi/openapi',
  );
  return { ...actual, buildOpenApi: jest.fn(actual.buildOpenApi) };
});
const build = jest.mocked(buildOpenApi);

/**
 * `GET /api/openapi.json` as the app serves it: no credential needed (it is how a caller learns
 * to get one), cacheable for five minutes, and built once when the app is made, not per request.
 */

let world: WorkerWorld;

beforeAll(async () => {
  world = await startWorkerWorld({ env: { LOG_LEVEL: 'warn' } });
});
afterAll(async () => {
  await world.close();
});

describe('GET /api/openapi.json', () => {
  it('answers without a credential, cacheable by anyone for five minutes', async () => {
    const res = await request(world.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('is built once: every request answers the same body, and no request builds it again', async () => {
    const builtWithTheApp = build.mock.calls.length;
    const first = await request(world.app).get('/api/openapi.json');
    const second = await request(world.app).get('/api/openapi.json');
    expect(second.text).toBe(first.text);
    expect(build).toHaveBeenCalledTimes(builtWithTheApp);
    expect(builtWithTheApp).toBe(1);
  });
});
