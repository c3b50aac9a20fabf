import request from 'supertest';
import { as, startRouterWorld, type RouterWorld } from './router-fixture';

describe('admin budgets router', () => {
  let world: RouterWorld;
  beforeEach(async () => (world = await startRouterWorld()));
  afterEach(() => world.store.close());

  it('lets an admin set, lift and reset budgets, and answers what now applies', async () => {
    const set = await request(world.app)
      .put('/api/budgets')
      .set(as(world.bossKey))
      .send({ scope: 'user', email: 'Ana@team.com', day: 5, month: null });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      target: { scope: 'user', email: 'Ana@team.com' },
      unit: 'credits',
      budgets: { day: 5, month: null },
    });

    const usage = await request(world.app).get('/api/account/usage').set(as(world.anaKey));
    expect(usage.body.budgets.user.day).toMatchObject({ limit: 5, left: 0.5 });

    const team = await request(world.app)
      .put('/api/budgets')
      .set(as(world.bossKey))
      .send({ scope: 'team', month: 'default', day: 200 });
    expect(team.body.budgets).toEqual({ day: 200, month: 1000 });

    const reset = await request(world.app)
      .put('/api/budgets')
      .set(as(world.bossKey))
      .send({ scope: 'user', email: 'ana@team.com', day: 'default' });
    expect(reset.body.budgets).toEqual({ day: 50, month: null });

    const listed = await request(world.app).get('/api/budgets').set(as(world.bossKey));
    expect(listed.body.defaults).toEqual({
      user: { day: 50, month: null },
      team: { day: null, month: 1000 },
      userRaw: { day: null, month: null },
      teamRaw: { day: null, month: null },
    });
    expect(listed.body.overrides).toEqual([
      expect.objectContaining({
        target: { scope: 'team' },
        period: 'day',
        unit: 'credits',
        limit: 200,
        updatedBy: 'boss@team.com',
      }),
      expect.objectContaining({
        target: { scope: 'user', email: 'ana@team.com' },
        period: 'month',
        limit: null,
      }),
    ]);
  });

  it('sets raw-request budgets apart from credit budgets, and they apply to the member', async () => {
    const raw = await request(world.app)
      .put('/api/budgets')
      .set(as(world.bossKey))
      .send({ scope: 'user', email: 'ana@team.com', unit: 'rawRequests', day: 3 });
    expect(raw.body).toEqual({
      target: { scope: 'user', email: 'ana@team.com' },
      unit: 'rawRequests',
      budgets: { day: 3, month: null },
    });

    const usage = await request(world.app).get('/api/account/usage').set(as(world.anaKey));
    expect(usage.body.budgets.userRaw.day).toMatchObject({ limit: 3, spent: 0, left: 3 });
    // Her credit budget is still the default.
    expect(usage.body.budgets.user.day).toMatchObject({ limit: 50, left: 45.5 });
    await expect(
      world.guard.check({ email: 'ana@team.com' }, { credits: 0, rawRequests: 4 }),
    ).rejects.toThrow(/raw request/);

    const fraction = await request(world.app)
      .put('/api/budgets')
      .set(as(world.bossKey))
      .send({ scope: 'team', unit: 'rawRequests', month: 2.5 });
    expect(fraction.status).toBe(400);
    expect(fraction.body.error.message).toBe('month must be a whole number of raw requests');
  });

  it('refuses budgets from a member, and an unreadable budget with the reason', async () => {
    const member = await request(world.app)
      .put('/api/budgets')
      .set(as(world.anaKey))
      .send({ scope: 'team', day: 1 });
    expect(member.status).toBe(403);
    expect(member.body.error).toEqual({
      code: 'forbidden',
      message: 'Only an admin may do this (ADMIN_EMAILS)',
    });
    expect((await request(world.app).get('/api/budgets').set(as(world.anaKey))).status).toBe(403);

    const negative = await request(world.app)
      .put('/api/budgets')
      .set(as(world.bossKey))
      .send({ scope: 'team', day: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.error.code).toBe('bad_request');
    expect(negative.body.error.message).toBe('day must be at least 0, got -1');

    const noEmail = await request(world.app)
      .put('/api/budgets')
      .set(as(world.bossKey))
      .send({ scope: 'user', day: 1 });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.error.message).toBe('email is required');

    const nothing = await request(world.app)
      .put('/api/budgets')
      .set(as(world.bossKey))
      .send({ scope: 'team' });
    expect(nothing.body.error.message).toBe(
      'Give day, month or both: a number of credits, null (unlimited) or "default"',
    );
    expect(await world.store.budgets.list()).toEqual([]);
  });
});
