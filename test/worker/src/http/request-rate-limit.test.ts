import express from 'express';
import request from 'supertest';
import { requestRateLimit, BURST_SECONDS } from '../../../../worker/src/http/request-rate-limit';
import { ManualClock } from '../store/store-fixtures';
import { auth, startWorkerWorld, type WorkerWorld } from '../worker-fixture';

function limitedApp(perCredential: number | null, perAddress: number | null, clock = new ManualClock()) {
  const app = express();
  app.use(requestRateLimit({ perCredential, perAddress, clock }));
  app.get('/ok', (_req, res) => res.json({ ok: true }));
  return { app, clock };
}

const sendAll = async (count: number, send: () => request.Test) => {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await send()).status);
  return statuses;
};

describe('requestRateLimit', () => {
  it(`lets a key send ${BURST_SECONDS} s of its rate at once, then answers 429 with Retry-After and a sentence`, async () => {
    const { app, clock } = limitedApp(2, null);
    const statuses = await sendAll(2 * BURST_SECONDS, () => request(app).get('/ok').set(auth('key-a')));
    expect(statuses.every((status) => status === 200)).toBe(true);

    const refused = await request(app).get('/ok').set(auth('key-a'));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.body).toEqual({
      error: {
        code: 'too_many_requests',
        message: 'Too many requests with this key (more than 2 a second for a while); wait 1 s and try again',
      },
    });

    // Another key is not held back by the first; the first gets a token back after half a second.
    expect((await request(app).get('/ok').set(auth('key-b'))).status).toBe(200);
    clock.advance(500);
    expect((await request(app).get('/ok').set(auth('key-a'))).status).toBe(200);
    expect((await request(app).get('/ok').set(auth('key-a'))).status).toBe(429);
  });

  it('holds back an address whatever credentials it makes up, and requests without one', async () => {
    const { app } = limitedApp(100, 1);
    const statuses = await sendAll(BURST_SECONDS + 1, () =>
      request(app)
        .get('/ok')
        .set(auth(`made-up-${Math.random()}`)),
    );
    expect(statuses.slice(0, BURST_SECONDS).every((status) => status === 200)).toBe(true);
    const refused = await request(app).get('/ok');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Too many requests from this address/);
  });

  it('says how long to wait when the wait is longer than a second', async () => {
    const { app } = limitedApp(0.1, null);
    await request(app).get('/ok').set(auth('slow'));
    const refused = await request(app).get('/ok').set(auth('slow'));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
  });

  it('is off when both limits are', async () => {
    const { app } = limitedApp(null, null);
    const statuses = await sendAll(50, () => request(app).get('/ok').set(auth('k')));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});

describe('the worker’s rate limits', () => {
  let world: WorkerWorld;
  beforeAll(async () => {
    world = await startWorkerWorld({ env: { RATE_LIMIT_PER_KEY: '1', LOG_LEVEL: 'warn' } });
  });
  afterAll(() => world.close());

  it('answer 429 to one key sending faster than RATE_LIMIT_PER_KEY, before authenticating it', async () => {
    const statuses = await sendAll(BURST_SECONDS + 1, () =>
      request(world.app).get('/api/account').set(auth()),
    );
    expect(statuses.slice(0, BURST_SECONDS).every((status) => status === 200)).toBe(true);
    expect(statuses[BURST_SECONDS]).toBe(429);
    // Only the /api routes are limited: the description of the worker is not.
    expect((await request(world.app).get('/')).status).toBe(200);
  });

  it('keep sane defaults: a recalculation and a polling sidebar never meet them', () => {
    expect(world.config.rateLimits).toEqual({ perKey: 1, perAddress: 300 });
  });
});
