import { reportCacheKey } from '../../../../worker/src/store/cache/cache-namespaces';
import { callsOf, post, startWorkerWorld, type WorkerWorld } from '../worker-fixture';

/**
 * Issue 11's race: a request's budget check left out creators another request was fetching at
 * that moment; when that fetch failed, the request fetched them itself, unheld, and spent past its
 * budget (a 1-credit budget let users spend 2 and 3). Every call is held now (budget-holds.ts).
 */

let world: WorkerWorld;
beforeAll(async () => {
  world = await startWorkerWorld({
    env: {
      UPSTREAM_MAX_ATTEMPTS: '1',
      REPORT_FETCH_CONCURRENCY: '1',
      SANDBOX_FAULT_5XX: '0.5',
      SANDBOX_LATENCY_MS: '40',
      SANDBOX_SEED: '11',
    },
  });
});
afterAll(async () => world.close());

const spentBy = async (email: string) =>
  (await world.deps.store.ledger.spend({ period: 'day', email })).credits;

/** Until every one of these creators is being fetched (by someone else's request). */
async function inFlight(handles: readonly string[]): Promise<void> {
  const keys = handles.map((handle) => reportCacheKey('instagram', handle, 'median'));
  for (let waited = 0; waited < 5000; waited += 1) {
    if (keys.every((key) => world.deps.singleFlight.has(key))) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error('the creators were never in flight');
}

it('no request spends past its budget on creators another request failed to fetch', async () => {
  const ana = 'ana@team.com';
  const bob = 'bob@team.com';
  const anaKey = (await world.deps.store.keys.issue(ana)).key;
  const bobKey = (await world.deps.store.keys.issue(bob)).key;
  const creators = world.handles(16, 'instagram', 300);
  const bobRows: unknown[][] = [];
  for (let round = 0; round < 4; round += 1) {
    const [own, ...shared] = creators.slice(round * 4, round * 4 + 4);
    // Bob may spend one more credit each round: his own creator.
    const budget = (await spentBy(bob)) + 1;
    await world.deps.store.budgets.set({ scope: 'user', email: bob }, 'day', budget, 'test');
    // Ana fetches three creators, one request each; Bob asks for them and one of his own while her
    // calls are in flight, so his check counts only his own. Half of the calls fail.
    const anas = shared.map((handle) =>
      // supertest sends only once awaited; .then starts Ana's requests now.
      post(world, '/api/reports', { handles: [handle], platform: 'instagram' }, anaKey).then((res) => res),
    );
    await inFlight(shared);
    const answer = await post(
      world,
      '/api/reports',
      { handles: [own, ...shared], platform: 'instagram' },
      bobKey,
    );
    await Promise.all(anas);
    expect(answer.status).toBe(200);
    bobRows.push(...(answer.body.rows as unknown[][]));
    expect(await spentBy(bob)).toBeLessThanOrEqual(budget);
  }
  // The race happened: creators Ana failed to fetch came to Bob, and were refused, not overspent.
  expect(bobRows.some((row) => /budget/i.test(String(row[0])))).toBe(true);
  const stats = await world.stats();
  expect(stats.credits).toBe((await world.deps.store.ledger.spend({ period: 'day' })).credits);
  expect(callsOf(stats, 'report')).toBeGreaterThan(12);
});
