import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { createHealthProbes, type WorkerPhase } from '../../../../worker/src/http/health-probes';
import {
  createAvailabilityState,
  type StoreAvailability,
} from '../../../../worker/src/store/store-availability';
import { createLogger } from '../../../../worker/src/logging/logger';
import type { CacheRepository } from '../../../../worker/src/store/cache-repository';
import { startWorkerWorld, type WorkerWorld } from '../worker-fixture';

/**
 * Issue 16: `/healthz` and `/readyz` for the host that runs the worker. No credential, ahead of
 * the rate limits and the request log; liveness never asks the store, readiness does and says in
 * a sentence why it is not ready.
 */

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};

describe('the probes in the worker app', () => {
  let world: WorkerWorld;
  beforeAll(async () => {
    // One request a second per address (bursts of 10): the probes must not count against it.
    world = await startWorkerWorld({ env: { LOG_LEVEL: 'info', RATE_LIMIT_PER_ADDRESS: '1' } });
  });
  afterAll(() => world.close());

  it('answers /healthz and /readyz without a credential, with the security headers, never cached', async () => {
    const alive = await request(world.app).get('/healthz');
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ status: 'alive' });
    expect(alive.headers).toMatchObject({ ...SECURITY_HEADERS, 'cache-control': 'no-store' });

    const ready = await request(world.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers).toMatchObject({ ...SECURITY_HEADERS, 'cache-control': 'no-store' });

    expect((await request(world.app).head('/healthz')).status).toBe(200);
    expect((await request(world.app).get('/readyz?from=lb')).status).toBe(200);
  });

  it('is outside the rate limits and the request log that /api has', async () => {
    for (let i = 0; i < 30; i += 1) {
      const [alive, ready] = await Promise.all([
        request(world.app).get('/healthz'),
        request(world.app).get('/readyz'),
      ]);
      expect([alive.status, ready.status]).toEqual([200, 200]);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await request(world.app).get('/api/openapi.json')).status);
    expect(statuses).toContain(429);

    expect(world.logs()).toContain('"path":"/api/openapi.json"');
    expect(world.logs()).not.toContain('/healthz');
    expect(world.logs()).not.toContain('/readyz');
  });
});

/** A store's cache that counts its reads and fails, hangs or answers as told. */
function fakeCache(behaviour: 'answers' | 'fails' | 'hangs') {
  const reads = { count: 0 };
  const cache = {
    get: () => {
      reads.count += 1;
      if (behaviour === 'fails') return Promise.reject(new Error('SQLITE_IOERR: disk I/O error'));
      if (behaviour === 'hangs') return new Promise<never>(() => undefined);
      return Promise.resolve(null);
    },
  } as unknown as CacheRepository;
  return { cache, reads };
}

function probesApp(options: {
  phase?: WorkerPhase;
  cache: CacheRepository;
  logs?: string[];
  availability?: StoreAvailability;
}) {
  let phase: WorkerPhase = options.phase ?? 'serving';
  const logs = options.logs ?? [];
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => logs.push(line) } });
  const probes = createHealthProbes({
    phase: () => phase,
    store: {
      cache: options.cache,
      ...(options.availability === undefined ? {} : { availability: options.availability }),
    },
    logger,
    storeTimeoutMs: 50,
  });
  const app = express();
  app.use(probes.router);
  return { app, probes, setPhase: (next: WorkerPhase) => (phase = next) };
}

describe('createHealthProbes', () => {
  it('answers liveness without asking the store, even a store that fails', async () => {
    const { cache, reads } = fakeCache('fails');
    const { app } = probesApp({ cache });
    const res = await request(app).get('/healthz');
    expect(res.status).toBe(200);
    expect(reads.count).toBe(0);
  });

  it('is ready when the store answers a read', async () => {
    const { cache, reads } = fakeCache('answers');
    const { app } = probesApp({ cache });
    expect((await request(app).get('/readyz')).body).toEqual({ status: 'ready' });
    expect(reads.count).toBe(1);
  });

  it('is not ready, in a sentence, when the store fails; the log says why once, not at every probe', async () => {
    const logs: string[] = [];
    const { cache } = fakeCache('fails');
    const { app } = probesApp({ cache, logs });
    for (let i = 0; i < 3; i += 1) {
      const res = await request(app).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      // The reason stays in the log: a stranger's probe learns nothing about the disk.
      expect(res.body).toEqual({
        error: { code: 'unavailable', message: 'The worker cannot reach its store; its log says why' },
      });
    }
    const failures = logs.filter((line) => line.includes('the store does not answer'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('disk I/O error');
  });

  it('is not ready while the store says it is away, and ready again the moment it is back', async () => {
    const logs: string[] = [];
    const { cache, reads } = fakeCache('answers');
    const availability = createAvailabilityState();
    const { app } = probesApp({ cache, logs, availability });
    availability.failing('database', 'the database connection failed: 57P01 terminating connection');
    const away = await request(app).get('/readyz');
    expect([away.status, away.headers['retry-after']]).toEqual([503, '5']);
    expect(away.body.error.message).toBe('The worker cannot reach its store; its log says why');
    expect(reads.count).toBe(0);
    availability.fine('database');
    expect((await request(app).get('/readyz')).body).toEqual({ status: 'ready' });
    expect(logs.join('')).toContain('57P01 terminating connection');
    expect(logs.join('')).toContain('the store answers again: ready');
  });

  it('is not ready when the store does not answer in time', async () => {
    const { cache } = fakeCache('hangs');
    const { app } = probesApp({ cache });
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe('The worker cannot reach its store; its log says why');
  });

  it('is not ready while starting or draining, and stays alive', async () => {
    const { cache, reads } = fakeCache('answers');
    const { app, setPhase } = probesApp({ cache, phase: 'starting' });
    expect((await request(app).get('/readyz')).body.error.message).toBe(
      'The worker is starting; try again in a moment',
    );
    setPhase('draining');
    const draining = await request(app).get('/readyz');
    expect(draining.status).toBe(503);
    expect(draining.body.error.message).toBe(
      'The worker is shutting down: it finishes the requests it has and takes no new ones',
    );
    expect((await request(app).get('/healthz')).status).toBe(200);
    expect(reads.count).toBe(0);
    setPhase('serving');
    expect((await request(app).get('/readyz')).status).toBe(200);
  });

  it('answers probes on a bare Node server too, and leaves every other request alone', async () => {
    const { cache } = fakeCache('answers');
    const { probes } = probesApp({ cache, phase: 'draining' });
    const server = http.createServer((req, res) => {
      if (probes.answer(req, res)) return;
      res.writeHead(418).end('not a probe');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/healthz/`)).status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { error: { code: string } }).error.code).toBe('unavailable');
      expect((await fetch(`${base}/healthz`, { method: 'POST' })).status).toBe(418);
      expect((await fetch(`${base}/healthzz`)).status).toBe(418);
      expect((await fetch(`${base}/api/healthz`)).status).toBe(418);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
