import request from 'supertest';
import { WORKER_ROUTES } from '../../../../shared/worker-api/routes';
import { operationRoutes } from '../../../../worker/src/operations/operation-routes';
import { SANDBOX_TOKEN } from '../worker-fixture';
import { apiPost, startMoreWorld, type MoreWorld } from '../operation-routes-fixture';

/** The operations' routes as a set: every route behind the authenticator, and no secret in answers or logs. */

let world: MoreWorld;

beforeAll(async () => {
  world = await startMoreWorld();
});
afterAll(async () => {
  await world.close();
});

const ROUTES: [method: 'get' | 'post' | 'delete', path: string][] = [
  ['post', '/api/search'],
  ['post', '/api/overlap'],
  ['get', '/api/dictionaries/instagram/languages'],
  ['post', '/api/ai/search'],
  ['get', '/api/ai/brands'],
  ['get', '/api/ai/hashtags?platform=instagram'],
  ['get', '/api/ai/mentions?platform=instagram'],
  ['get', '/api/ai/lists'],
  ['post', '/api/ai/lists'],
  ['get', '/api/ai/lists/abc'],
  ['delete', '/api/ai/lists/abc'],
  ['get', '/api/ai/lists/abc/members'],
  ['post', '/api/ai/lists/abc/members'],
  ['delete', '/api/ai/lists/abc/members'],
  ['post', '/api/collaborations/posts'],
  ['post', '/api/collaborations/summary'],
  ['post', '/api/collaborations/deprecated'],
  ['post', '/api/raw'],
  ['get', '/api/account'],
  ['get', '/api/health'],
  ['get', '/api/admin/unreadable-answers'],
  ['get', '/api/admin/unreadable-answers/abc'],
];

describe('operationRoutes', () => {
  it('serves each of its routes once, by its name in the route table', () => {
    const names = operationRoutes(world.deps).map((route) => route.name);

    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(WORKER_ROUTES).toHaveProperty(name);
    expect(names).toEqual(expect.arrayContaining(['search', 'raw', 'removeAiListMembers', 'health']));
  });

  it.each(ROUTES)('%s %s needs a credential', async (method, path) => {
    await world.resetStats();
    const res = await request(world.api)[method](path).send({});

    expect(res.status).toBe(401);
    expect(res.body.error.code).toEqual(expect.any(String));
    expect((await world.stats()).calls).toBe(0);
  });

  it('answers a body that is not an object with a readable 400', async () => {
    const res = await apiPost(world.api, '/api/search', [1, 2]);

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Send a JSON object as the body (Content-Type: application/json)');
  });

  it('never lets the API token into an answer or a log line', async () => {
    const [a, b] = world.handles(2, 'instagram', 40);
    const answers = await Promise.all([
      apiPost(world.api, '/api/search', {
        platform: 'tiktok',
        filter: { influencer: { followers: { min: 5000 } } },
      }),
      apiPost(world.api, '/api/overlap', { platform: 'instagram', handles: [a, b] }),
      apiPost(world.api, '/api/raw', { operation: 'rawIgUserInfo', query: { url: '@nosuchcreatorzz' } }),
      apiPost(world.api, '/api/collaborations/posts', { id: 'nosuchcreatorzz', platform: 'instagram' }),
    ]);

    for (const res of answers) expect(JSON.stringify(res.body)).not.toContain(SANDBOX_TOKEN);
    expect(world.logs()).not.toContain(SANDBOX_TOKEN);
    expect((await world.stats()).tokenInUrl).toBe(0);
  });
});
