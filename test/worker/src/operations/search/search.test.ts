import type { OperationHandler } from '../../../../../worker/sandbox/operation-handler';
import type { World } from '../../../../../worker/sandbox/data';
import { SEARCH_COLUMNS } from '../../../../../shared/rows/search-rows';
import { callsOf } from '../../worker-fixture';
import { apiPost, startMoreWorld, type MoreWorld } from '../../operation-routes-fixture';

/** POST /api/search through the worker, the real sandbox as the upstream over loopback HTTP. */

let world: MoreWorld;
/** Each test searches its own filter, so the page cache of one never answers another. */
let nextMin = 1000;
const broadFilter = () => ({ influencer: { followers: { min: (nextMin += 1) } } });

beforeAll(async () => {
  world = await startMoreWorld();
});
afterAll(async () => {
  await world.close();
});
beforeEach(async () => {
  await world.resetStats();
});

const search = (body: unknown) => apiPost(world.api, '/api/search', body);

describe('POST /api/search', () => {
  it('fetches one upstream call per page and answers one row per distinct creator', async () => {
    const res = await search({ platform: 'tiktok', filter: broadFilter(), pages: 3, withHeader: true });

    expect(res.status).toBe(200);
    const [header, ...rows] = res.body.rows;
    expect(header).toEqual(SEARCH_COLUMNS.map((col) => col.label));
    expect(res.body.header).toEqual(header);
    expect(rows).toHaveLength(45);
    const userIds = rows.map((row: unknown[]) => row[8]);
    expect(new Set(userIds).size).toBe(45);
    expect(rows.every((row: unknown[]) => row[0] === 'filter match')).toBe(true);
    expect(res.body.counts).toMatchObject({
      pagesRequested: 3,
      pagesFetched: 3,
      pagesCached: 0,
      results: 45,
    });
    expect(res.body.estimate).toEqual({ credits: 0.45, rawRequests: 0 });
    expect(res.body.credits).toBe(0.45);
    const stats = await world.stats();
    expect(callsOf(stats, 'search')).toBe(3);
    expect(stats.credits).toBe(0.45);
  });

  it('answers a second identical search from the page cache: no call, no credit, savings recorded', async () => {
    const filter = broadFilter();
    const first = await search({ platform: 'tiktok', filter, pages: 2 });
    await world.resetStats();
    const before = await world.deps.store.ledger.spend({ period: 'day', email: 'dev@localhost' });

    // Keys in another order and the default sort spelled out: the same search.
    const again = await search({
      sort: { direction: 'desc', field: 'followers' },
      filter: { influencer: { followers: { min: filter.influencer.followers.min } } },
      platform: 'tiktok',
      pages: 2,
    });

    expect(again.status).toBe(200);
    expect(again.body.rows).toEqual(first.body.rows);
    expect(again.body.counts).toMatchObject({ pagesFetched: 0, pagesCached: 2 });
    expect(again.body.estimate.credits).toBe(0);
    expect(again.body.credits).toBe(0);
    const stats = await world.stats();
    expect(callsOf(stats, 'search')).toBe(0);
    expect(stats.credits).toBe(0);
    const after = await world.deps.store.ledger.spend({ period: 'day', email: 'dev@localhost' });
    expect(after.creditsSaved - before.creditsSaved).toBeCloseTo(0.3, 6);
    expect(after.credits).toBe(before.credits);
  });

  it('answers a dry run with the estimate only, spending nothing', async () => {
    const res = await search({ platform: 'youtube', filter: broadFilter(), pages: 4, dryRun: true });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, estimate: { credits: 0.6, rawRequests: 0 }, rows: [] });
    expect(callsOf(await world.stats(), 'search')).toBe(0);
  });

  it('prices the free Instagram test search at 0', async () => {
    const res = await search({ platform: 'instagram', filter: {}, pages: 2, dryRun: true });

    expect(res.body.estimate.credits).toBe(0);
  });

  it('turns maxResults into pages and keeps at most that many rows', async () => {
    const res = await search({ platform: 'tiktok', filter: broadFilter(), maxResults: 20 });

    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(20);
    expect(callsOf(await world.stats(), 'search')).toBe(2);
  });

  it('stops at the last page the total allows instead of paying for empty pages', async () => {
    // 11 creators above 3M followers in this world: page 0 holds them and 4 lookalikes.
    const res = await search({
      platform: 'tiktok',
      filter: { influencer: { followers: { min: 3_000_000 } } },
      pages: 5,
    });

    expect(res.status).toBe(200);
    expect(res.body.total).toBe(11);
    expect(res.body.rows).toHaveLength(15);
    expect(res.body.rows.filter((row: unknown[]) => row[0] === 'lookalike')).toHaveLength(4);
    expect(callsOf(await world.stats(), 'search')).toBe(1);
  });

  it('fetches the pages after the first one concurrently', async () => {
    await world.sandboxAdmin('PUT', '/faults', { latencyMs: 150 });
    try {
      const started = Date.now();
      const res = await search({ platform: 'tiktok', filter: broadFilter(), pages: 5 });
      const elapsed = Date.now() - started;

      expect(res.status).toBe(200);
      expect(res.body.rows).toHaveLength(75);
      // Page 0 alone, then pages 1 to 4 side by side: about 2 latencies, never 5.
      expect(elapsed).toBeLessThan(4 * 150);
    } finally {
      await world.sandboxAdmin('PUT', '/faults', { latencyMs: 0 });
    }
  });

  it('lists a creator once when a later page repeats it', async () => {
    // The API's order may shift between pages: page 1 repeats the first creator of page 0.
    const original = world.sandbox.state.handlerFor('search') as OperationHandler<World>;
    let firstOfPage0: unknown;
    world.sandbox.state.register('search', async (context) => {
      const result = await original(context);
      const body = result.body as { directs: unknown[] };
      const page = (context.body as { page?: number }).page ?? 0;
      if (page === 0) firstOfPage0 = body.directs[0];
      else if (page === 1) body.directs[3] = firstOfPage0;
      return result;
    });
    try {
      const res = await search({ platform: 'tiktok', filter: broadFilter(), pages: 2 });

      expect(res.status).toBe(200);
      expect(res.body.rows).toHaveLength(29);
      expect(res.body.counts.duplicates).toBe(1);
      const ids = res.body.rows.map((row: unknown[]) => row[8]);
      expect(new Set(ids).size).toBe(29);
    } finally {
      world.sandbox.state.register('search', original);
    }
  });

  it('refuses a bad filter with a readable 400 before any call', async () => {
    const res = await search({ platform: 'tiktok', filter: { influencer: { gender: 'robot' } }, pages: 2 });

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.message).toMatch(/^filter\.influencer\.gender must be one of MALE, FEMALE/);
    expect(callsOf(await world.stats(), 'search')).toBe(0);
  });

  it('refuses pages and maxResults together, and too many pages', async () => {
    const both = await search({ platform: 'tiktok', pages: 2, maxResults: 10 });
    const many = await search({ platform: 'tiktok', pages: 101 });

    expect(both.status).toBe(400);
    expect(both.body.error.message).toBe('maxResults cannot be combined with pages; send one of them');
    expect(many.status).toBe(400);
    expect(many.body.error.message).toMatch(/^pages /);
  });

  it('answers 402 when the estimate passes the budget, before any call', async () => {
    const target = { scope: 'user' as const, email: 'dev@localhost' };
    const spent = await world.deps.store.ledger.spend({ period: 'day', email: 'dev@localhost' });
    await world.deps.store.budgets.set(target, 'day', spent.credits + 0.2, 'test');
    try {
      const res = await search({ platform: 'tiktok', filter: broadFilter(), pages: 2 });

      expect(res.status).toBe(402);
      expect(res.body.error.message).toEqual(expect.any(String));
      expect(callsOf(await world.stats(), 'search')).toBe(0);
    } finally {
      await world.deps.store.budgets.clear(target, 'day');
    }
  });
});
