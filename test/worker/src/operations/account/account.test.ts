import request from 'supertest';
import { ACCOUNT_COLUMNS } from '../../../../../shared/rows/account-rows';
import { BALANCE_FOR_ADMINS_MESSAGE } from '../../../../../worker/src/operations/account/account';
import { auth, post, startWorkerWorld, type WorkerWorld } from '../../worker-fixture';

let world: WorkerWorld;
beforeAll(async () => {
  world = await startWorkerWorld({ env: { SANDBOX_CREDITS: '250.5', BUDGET_USER_DAY: '40' } });
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
    expect(res.body.budgets.day).toMatchObject({ limit: 40, spent: 3, left: 37 });
    // No raw budget for this admin: what limits raw pulls is the account's allowance.
    expect(res.body.rawLeft).toEqual({ left: res.body.api.billing.rawRequests, of: 'account' });
    expect(res.body.columns.map((col: { id: string }) => col.id)).toEqual(
      ACCOUNT_COLUMNS.map((col) => col.id),
    );
    expect(res.body.rows).toEqual([
      res.body.header,
      [247.5, expect.any(Number), expect.any(Number), expect.any(Number)],
    ]);
  });

  it("shows a member their own spend and budget, and instead of the API account's balance a sentence", async () => {
    const { key } = await world.deps.store.keys.issue('bo@team.com');
    const target = { scope: 'user', email: 'bo@team.com' } as const;
    await world.deps.store.budgets.set(target, 'month', 7, 'boss@team.com', 'rawRequests');
    expect(
      (
        await post(
          world,
          '/api/reports',
          { handles: world.handles(2, 'instagram', 40), platform: 'instagram' },
          key,
        )
      ).status,
    ).toBe(200);
    await world.resetStats();

    const res = await request(world.app).get('/api/account?withHeader=true').set(auth(key));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'bo@team.com',
      role: 'member',
      api: null,
      apiNote: BALANCE_FOR_ADMINS_MESSAGE,
      spend: { today: { credits: 2 }, month: { credits: 2 } },
      budgets: { day: { limit: 40, spent: 2, left: 38 }, month: { limit: null, spent: 2 } },
    });
    expect(res.body.rawLeft).toEqual({ left: 7, of: 'budget' });
    expect(res.body.rawBudgets.month).toMatchObject({ limit: 7, spent: 0, left: 7 });
    expect(res.body.team).toBeUndefined();
    expect(res.body.rows).toEqual([res.body.header]);
    expect(JSON.stringify(res.body)).not.toContain('245.5');
    // Not even asked for a member.
    expect((await world.stats()).operations.userInfo?.calls ?? 0).toBe(0);
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
