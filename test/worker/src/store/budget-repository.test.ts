import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { ManualClock } from './store-fixtures';

describeEachEngine('budget repository', (engine) => {
  let clock: ManualClock;
  let store: Store;

  beforeEach(async () => {
    clock = new ManualClock();
    store = await engine.open({ clock });
  });

  it('has no override until an admin sets one', async () => {
    expect(await store.budgets.get({ scope: 'team' }, 'day')).toBeNull();
    expect(await store.budgets.list()).toEqual([]);
  });

  it('keeps per-user and team budgets per period, with who set them and when', async () => {
    await store.budgets.set({ scope: 'team' }, 'month', 5000, 'Boss@Team.com');
    await store.budgets.set({ scope: 'user', email: 'Ana@Team.com' }, 'day', 12.5, 'boss@team.com');

    expect(await store.budgets.get({ scope: 'user', email: 'ana@team.com' }, 'day')).toEqual({
      target: { scope: 'user', email: 'ana@team.com' },
      period: 'day',
      unit: 'credits',
      limit: 12.5,
      updatedAt: clock.now(),
      updatedBy: 'boss@team.com',
    });
    expect(await store.budgets.get({ scope: 'user', email: 'ana@team.com' }, 'month')).toBeNull();
    expect(await store.budgets.get({ scope: 'team' }, 'day')).toBeNull();
    expect((await store.budgets.list()).map((b) => [b.target.scope, b.period, b.limit])).toEqual([
      ['team', 'month', 5000],
      ['user', 'day', 12.5],
    ]);
  });

  it('tells an explicit "unlimited" from no override, and clears back to the default', async () => {
    await store.budgets.set({ scope: 'team' }, 'day', null, 'boss@team.com');
    expect((await store.budgets.get({ scope: 'team' }, 'day'))?.limit).toBeNull();

    await store.budgets.set({ scope: 'team' }, 'day', 10, 'boss@team.com');
    expect((await store.budgets.get({ scope: 'team' }, 'day'))?.limit).toBe(10);

    expect(await store.budgets.clear({ scope: 'team' }, 'day')).toBe(true);
    expect(await store.budgets.clear({ scope: 'team' }, 'day')).toBe(false);
    expect(await store.budgets.get({ scope: 'team' }, 'day')).toBeNull();
  });

  it('keeps raw-request budgets apart from credit budgets of the same target and period', async () => {
    await store.budgets.set({ scope: 'user', email: 'ana@team.com' }, 'day', 20, 'boss@team.com');
    await store.budgets.set(
      { scope: 'user', email: 'ana@team.com' },
      'day',
      3,
      'boss@team.com',
      'rawRequests',
    );

    expect((await store.budgets.get({ scope: 'user', email: 'ana@team.com' }, 'day'))?.limit).toBe(20);
    expect(
      await store.budgets.get({ scope: 'user', email: 'ana@team.com' }, 'day', 'rawRequests'),
    ).toMatchObject({ unit: 'rawRequests', limit: 3 });
    expect(await store.budgets.clear({ scope: 'user', email: 'ana@team.com' }, 'day', 'rawRequests')).toBe(
      true,
    );
    expect((await store.budgets.get({ scope: 'user', email: 'ana@team.com' }, 'day'))?.limit).toBe(20);
  });

  it('refuses a negative budget', async () => {
    await expect(store.budgets.set({ scope: 'team' }, 'day', -5, 'boss@team.com')).rejects.toThrow(
      'the day budget must be a number of 0 or more, got -5',
    );
  });
});
