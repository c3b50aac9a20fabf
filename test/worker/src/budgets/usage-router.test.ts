import request from 'supertest';
import { as, startRouterWorld, type RouterWorld } from './router-fixture';

describe('GET /api/account/usage', () => {
  let world: RouterWorld;
  beforeEach(async () => (world = await startRouterWorld()));
  afterEach(() => world.store.close());

  it("shows a member their own spend, budgets and recent calls, and nothing of the team's", async () => {
    const res = await request(world.app).get('/api/account/usage').set(as(world.anaKey));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'ana@team.com',
      role: 'member',
      today: { credits: 4.5, calls: 2 },
      month: { credits: 4.5, calls: 2 },
      budgets: {
        user: { day: { limit: 50, spent: 4.5, left: 45.5 } },
        team: { month: { limit: 1000, spent: 14.5 } },
      },
    });
    expect(res.body.recent.map((row: { requestId: string }) => row.requestId)).toEqual(['a2', 'a1']);
    expect(res.body.team).toBeUndefined();
  });

  it('shows an admin the team, per user', async () => {
    const res = await request(world.app).get('/api/account/usage?recent=0').set(as(world.bossKey));

    expect(res.body.role).toBe('admin');
    expect(res.body.recent).toEqual([]);
    expect(res.body.team.today).toMatchObject({ credits: 14.5, calls: 3 });
    expect(
      res.body.team.byUser.month.map((u: { email: string; credits: number }) => [u.email, u.credits]),
    ).toEqual([
      ['bob@team.com', 10],
      ['ana@team.com', 4.5],
    ]);
  });

  it('needs a credential', async () => {
    expect((await request(world.app).get('/api/account/usage')).status).toBe(401);
  });
});

describe('GET /api/account/breakdown', () => {
  let world: RouterWorld;
  beforeEach(async () => {
    world = await startRouterWorld();
    // Yesterday (UTC), ana pulled a raw feed and ran a search; two days before the window, a report.
    const day = 24 * 60 * 60 * 1000;
    const record = (at: number, operation: 'search' | 'rawIgUserFeed' | 'report', credits: number) =>
      world.store.ledger.record({
        userEmail: 'ana@team.com',
        operation,
        estimatedCredits: credits,
        actualCredits: credits,
        ...(operation === 'rawIgUserFeed' ? { rawRequests: 2 } : {}),
        requestId: `${operation}-${at}`,
        at,
      });
    await record(world.clock.now() - day, 'search', 0.75);
    await record(world.clock.now() - day, 'rawIgUserFeed', 0);
    await record(world.clock.now() - 3 * day, 'report', 100);
  });
  afterEach(() => world.store.close());

  it("answers a member's own spend per operation and per UTC day, and nothing of the team's", async () => {
    const res = await request(world.app).get('/api/account/breakdown?days=2').set(as(world.anaKey));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'ana@team.com',
      role: 'member',
      from: '2025-05-13',
      to: '2025-05-14',
      days: 2,
      mine: {
        total: { credits: 5.25, calls: 4, rawRequests: 2 },
        byOperation: [
          { operation: 'report', credits: 4.5, calls: 2 },
          { operation: 'search', credits: 0.75, calls: 1 },
          { operation: 'rawIgUserFeed', credits: 0, calls: 1, rawRequests: 2 },
        ],
        byDay: [
          { day: '2025-05-14', credits: 4.5, calls: 2 },
          { day: '2025-05-13', credits: 0.75, calls: 2, rawRequests: 2 },
        ],
      },
    });
    expect(res.body.team).toBeUndefined();
    // No balance, no request ids, no addresses: sums of operations only.
    expect(JSON.stringify(res.body)).not.toMatch(/bob@|requestId|billing/);
  });

  it("shows an admin the team's beside their own, over 30 days by default", async () => {
    const res = await request(world.app).get('/api/account/breakdown').set(as(world.bossKey));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'admin', days: 30, from: '2025-04-15', to: '2025-05-14' });
    expect(res.body.mine.total.calls).toBe(0);
    expect(res.body.team.total).toMatchObject({ credits: 115.25, calls: 6 });
    expect(res.body.team.byDay.map((day: { day: string }) => day.day)).toEqual([
      '2025-05-14',
      '2025-05-13',
      '2025-05-11',
    ]);
  });

  it('refuses a window it does not cover', async () => {
    const res = await request(world.app).get('/api/account/breakdown?days=400').set(as(world.anaKey));
    expect(res.status).toBe(400);
  });

  it('needs a credential', async () => {
    expect((await request(world.app).get('/api/account/breakdown')).status).toBe(401);
  });
});
