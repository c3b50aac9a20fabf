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
