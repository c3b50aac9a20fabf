import { CACHE_NAMESPACES, reportCacheKey } from '../../../../../worker/src/store/cache/cache-namespaces';
import { monthsOfReport } from '../../../../../shared/rows/report-history';
import { callsOf, post, startWorkerWorld, type WorkerWorld } from '../../worker-fixture';

/**
 * `POST /api/reports/history` (issue 26): the monthly history the add-on's runner puts at the top
 * of a first snapshot, read from the worker's cache only. Free: no upstream call, no credit, and
 * a creator the cache does not hold has no history (it is never fetched for it).
 */

describe('POST /api/reports/history', () => {
  let world: WorkerWorld;
  beforeAll(async () => {
    world = await startWorkerWorld();
  });
  afterAll(() => world.close());

  it("answers each cell's cached months, oldest first, with no upstream call", async () => {
    const [a, b, notHeld] = world.handles(3, 'instagram', 40);
    expect((await post(world, '/api/reports', { handles: [a, b], platform: 'instagram' })).status).toBe(200);
    await world.resetStats();

    const res = await post(world, '/api/reports/history', {
      handles: [b, notHeld, '', `@${a.toUpperCase()}`, 'instagram.com/p/Cx1'],
      platform: 'instagram',
    });

    expect(res.status).toBe(200);
    const history = res.body.history as { month: string; followers: number }[][];
    expect(history.map((months) => months.length > 0)).toEqual([true, false, false, true, false]);
    // The cached report's own months, in order: what the worker's runner backfills too.
    const cached = await world.deps.store.cache.get(
      CACHE_NAMESPACES.reports,
      reportCacheKey('instagram', a, 'median'),
    );
    expect(history[3]).toEqual(monthsOfReport(cached?.value));
    const months = history[3].map((month) => month.month);
    expect(months).toEqual([...months].sort());
    expect(history[3].every((month) => typeof month.followers === 'number')).toBe(true);
    const stats = await world.stats();
    expect(callsOf(stats, 'report')).toBe(0);
    expect(stats.credits).toBe(0);
    // Nothing was fetched for the creator the cache did not hold.
    expect(
      (await post(world, '/api/reports/history', { handles: [notHeld], platform: 'instagram' })).body,
    ).toEqual({
      history: [[]],
    });
    expect(callsOf(await world.stats(), 'report')).toBe(0);
  });

  it("serves a document key (the add-on's runner fetches with one) and refuses more cells than a formula takes", async () => {
    const outcome = await world.deps.store.keys.issueDocumentKey(
      'ana@team.com',
      'doc_history_1234567890',
      () => false,
    );
    if (!('issued' in outcome)) throw new Error('the document had a key already');
    const res = await post(world, '/api/reports/history', { handles: ['@ana'] }, outcome.issued.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ history: [[]] });
    const tooMany = await post(world, '/api/reports/history', { handles: Array(2_001).fill('@a') });
    expect(tooMany.status).toBe(400);
  });
});
