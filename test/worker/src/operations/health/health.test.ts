import request from 'supertest';
import { createApp } from '../../../../../worker/src/app';
import { auth, startWorkerWorld, type WorkerWorld } from '../../worker-fixture';

let world: WorkerWorld;
beforeAll(async () => {
  world = await startWorkerWorld({ env: { UPSTREAM_MAX_ATTEMPTS: '2' } });
});
afterAll(async () => {
  await world.close();
});

describe('GET /api/health', () => {
  it("reports the API's health and the worker's own", async () => {
    const res = await request(world.app).get('/api/health').set(auth());

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      // The sandbox answers as the vendor shows it, `{ "status": "ok" }`: healthy, no groups.
      api: { reachable: true, status: 'Healthy', said: 'ok', groups: {} },
      worker: {
        mode: 'sandbox',
        store: { reachable: true },
        upstream: { recentErrors: 0, lastError: null },
        backgroundTasks: 0,
      },
    });
    expect(res.body.worker.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(new Date(res.body.worker.startedAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('counts its own recent upstream failures and calls itself degraded', async () => {
    await world.sandboxAdmin('PUT', '/faults', { serverErrorShare: 1 });
    const failed = await request(world.app)
      .post('/api/reports')
      .set(auth())
      .send({ handles: world.handles(1), platform: 'instagram' });
    expect(failed.status).toBe(502);
    await world.sandboxAdmin('PUT', '/faults', { serverErrorShare: 0 });
    // The sandbox judges itself by the same failures; forget them so only the worker's view remains.
    await world.sandboxAdmin('POST', '/reset-health');

    const res = await request(world.app).get('/api/health').set(auth());

    expect(res.body.api.status).toBe('Healthy');
    expect(res.body.status).toBe('degraded');
    expect(res.body.worker.upstream).toMatchObject({
      recentErrors: 1,
      recentRetries: 1,
      lastError: { operation: 'report', status: 500, code: 'internal_server_error' },
    });
  });

  it('says the store is unreachable, and the worker down, when it is', async () => {
    const broken = { ...world.deps.store.cache, get: () => Promise.reject(new Error('disk gone')) };
    const app = createApp({ ...world.deps, store: { ...world.deps.store, cache: broken } });

    const res = await request(app).get('/api/health').set(auth());

    expect(res.status).toBe(200);
    expect(res.body.status).toBe('down');
    expect(res.body.worker.store).toEqual({ reachable: false });
  });
});
