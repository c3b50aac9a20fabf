import request from 'supertest';
import { ACCOUNT_COLUMNS } from '../../../../shared/rows/account-rows';
import { auth, post, startWorkerWorld, type WorkerWorld } from '../worker-fixture';

let world: WorkerWorld;
beforeAll(async () => {
  world = await startWorkerWorld({ env: { SANDBOX_CREDITS: '250.5' } });
});
afterAll(async () => {
  await world.close();
});

describe('GET /api/account', () => {
  it("shows the API account's credits and this user's spend from the ledger", async () => {
    expect(
      (await post(world, '/api/reports', { handles: world.handles(3), platform: 'instagram' })).status,
    ).toBe(200);

    const res = await request(world.app).get('/api/account?withHeader=true').set(auth());

    expect(res.status).toBe(200);
    expect(res.body.api.billing).toEqual({ credits: 247.5, rawRequests: expect.any(Number) });
    expect(res.body.spend.today).toMatchObject({ credits: 3, calls: 3 });
    expect(res.body.spend.month.credits).toBe(3);
    expect(res.body.team.today.credits).toBe(3);
    expect(res.body.columns.map((col: { id: string }) => col.id)).toEqual(
      ACCOUNT_COLUMNS.map((col) => col.id),
    );
    expect(res.body.rows).toEqual([
      res.body.header,
      [247.5, expect.any(Number), expect.any(Number), expect.any(Number)],
    ]);
  });

  it('costs nothing and books nothing', async () => {
    await world.resetStats();
    const before = await world.deps.store.ledger.spend({ period: 'day' });
    await request(world.app).get('/api/account').set(auth());
    const stats = await world.stats();
    expect(stats.operations.userInfo?.calls).toBe(1);
    expect(stats.credits).toBe(0);
    expect(await world.deps.store.ledger.spend({ period: 'day' })).toEqual(before);
  });
});
