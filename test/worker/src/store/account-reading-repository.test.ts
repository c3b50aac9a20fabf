import { describeEachEngine } from './store-engines';

/** The API account's balance as read on a schedule, for the reconciliation. */

describeEachEngine('account readings', (engine) => {
  it('keeps the balance read at each moment, newest first, one per moment', async () => {
    const store = await engine.open();
    await store.accountReadings.add({ at: 1000, credits: 12.5, rawRequests: null });
    await store.accountReadings.add({ at: 3000, credits: 10, rawRequests: 40 });
    await store.accountReadings.add({ at: 2000, credits: 11, rawRequests: null });
    await store.accountReadings.add({ at: 3000, credits: 9.75, rawRequests: 39 });
    expect(await store.accountReadings.latest(2)).toEqual([
      { at: 3000, credits: 9.75, rawRequests: 39 },
      { at: 2000, credits: 11, rawRequests: null },
    ]);
  });
});
