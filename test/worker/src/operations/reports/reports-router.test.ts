import request from 'supertest';
import { CACHE_NAMESPACES, reportCacheKey } from '../../../../../worker/src/store/cache/cache-namespaces';
import { auth, callsOf, post, startWorkerWorld, type WorkerWorld } from '../../worker-fixture';

/**
 * A formula's recalculation answered from its kept answer (report-answer-memo.ts, issue 28), through
 * the whole worker: every rule of the route still holds on every request, at its edge. The
 * credential (a revoked key is refused on the very next request), the rate limit, the document's
 * formula allowance, the budget: a kept answer only stands for reports the cache holds, and
 * anything to fetch goes the long way, through every check.
 */

const ANA = 'ana@team.com';
const DOC = 'doc_memo_1234567890';
/** Each test takes its own creators, so the cache never answers for another test. */
let next = 10;

describe('a recalculated formula', () => {
  let world: WorkerWorld;
  const fresh = (count: number) => {
    const handles = world.handles(count, 'instagram', next);
    next += count;
    return handles;
  };
  beforeAll(async () => {
    world = await startWorkerWorld({ env: { FORMULA_ALLOWANCE_DAY: '2' } });
  });
  afterAll(() => world.close());
  beforeEach(() => world.resetStats());

  it('gets the same rows with no upstream call, and its savings recorded again each time', async () => {
    const { key } = await world.deps.store.keys.issue(ANA);
    const body = { handles: fresh(3), platform: 'instagram' };
    const first = await post(world, '/api/reports', body, key);
    await world.resetStats();

    const again = [];
    for (const id of ['recalc-1', 'recalc-2']) {
      again.push(
        await request(world.app).post('/api/reports').set(auth(key)).set('x-request-id', id).send(body),
      );
    }

    expect(again.map((res) => res.status)).toEqual([200, 200]);
    for (const res of again) expect(res.body.rows).toEqual(first.body.rows);
    expect(again[1].body).toEqual(again[0].body);
    expect(again[0].body.counts).toMatchObject({ creators: 3, cached: 3, fetched: 0 });
    expect(callsOf(await world.stats(), 'report')).toBe(0);
    const ledger = await world.deps.store.ledger.recent(ANA, 50);
    // Savings of one second are summed in one row, named by its first request and how many more.
    expect(ledger.filter((entry) => entry.cacheHits > 0)).toEqual([
      expect.objectContaining({ requestId: 'recalc-1 +1', actualCredits: 0, cacheHits: 6, creditsSaved: 6 }),
    ]);
  });

  it('shows a report stored since (a refresh by anyone) on the very next recalculation', async () => {
    const [handle] = fresh(1);
    const body = { handles: [handle], platform: 'instagram', fields: ['handle', 'followers'] };
    const before = await post(world, '/api/reports', body);
    expect((await post(world, '/api/reports', body)).body.rows).toEqual(before.body.rows);

    const key = reportCacheKey('instagram', handle, 'median');
    const stored = await world.deps.store.cache.get(CACHE_NAMESPACES.reports, key);
    const report = stored?.value as { profile: object };
    const refreshed = { ...report, profile: { ...report.profile, followers: 123_456_789 } };
    await world.deps.store.cache.set(CACHE_NAMESPACES.reports, key, refreshed, 60_000);

    const after = await post(world, '/api/reports', body);
    expect(after.body.rows).toEqual([[handle, 123_456_789]]);
  });

  it('is refused on the first request after its worker key is revoked', async () => {
    const { key, info } = await world.deps.store.keys.issue(ANA);
    const body = { handles: fresh(1), platform: 'instagram' };
    expect((await post(world, '/api/reports', body, key)).status).toBe(200);
    expect((await post(world, '/api/reports', body, key)).status).toBe(200);

    await request(world.app).delete(`/api/keys/${info.id}`).set(auth(key)).expect(200);

    const refused = await post(world, '/api/reports', body, key);
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(
      'the worker key is unknown or revoked: open the sidebar to get a new one',
    );
  });

  it('with a document key past its allowance: cached rows still served, nothing new fetched', async () => {
    const { key: documentKey } = await world.deps.store.keys.issue(ANA, DOC);
    const spent = fresh(2);
    const formula = { handles: spent, platform: 'instagram' };
    expect((await post(world, '/api/reports', formula, documentKey)).body.awaitingApproval).toBe(0);
    expect((await post(world, '/api/reports', formula, documentKey)).status).toBe(200);
    await world.resetStats();

    // The allowance (2 credits a day) is spent: the kept answer stands, a new creator waits.
    const kept = await post(world, '/api/reports', formula, documentKey);
    const [wanted] = fresh(1);
    const grown = await post(world, '/api/reports', { ...formula, handles: [...spent, wanted] }, documentKey);

    expect(kept.status).toBe(200);
    expect(kept.body.rows.map((row: unknown[]) => row[0])).toEqual(spent);
    expect(grown.body.awaitingApproval).toBe(1);
    expect(grown.body.rows[2][0]).toMatch(/approv/i);
    expect(callsOf(await world.stats(), 'report')).toBe(0);
    // And a document key is still a formula's only: the same key elsewhere is refused.
    expect((await request(world.app).get('/api/account').set(auth(documentKey))).status).toBe(403);
  });
});

describe('a recalculated formula whose report left the cache', () => {
  let world: WorkerWorld;
  beforeAll(async () => {
    world = await startWorkerWorld({ env: { BUDGET_USER_DAY: '1' } });
  });
  afterAll(() => world.close());

  it('goes through the budget check again before anything is paid', async () => {
    const { key } = await world.deps.store.keys.issue(ANA);
    const [handle] = world.handles(1, 'instagram', 300);
    const body = { handles: [handle], platform: 'instagram' };
    expect((await post(world, '/api/reports', body, key)).status).toBe(200);
    expect((await post(world, '/api/reports', body, key)).status).toBe(200);
    await world.deps.store.cache.delete(
      CACHE_NAMESPACES.reports,
      reportCacheKey('instagram', handle, 'median'),
    );
    await world.resetStats();

    const res = await post(world, '/api/reports', body, key);

    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('budget_exceeded');
    expect((await world.stats()).calls).toBe(0);
  });
});

describe('recalculations of one key faster than its rate limit', () => {
  let world: WorkerWorld;
  beforeAll(async () => {
    // 1 a second, bursts of 10 s of it: the 11th request at once is one too many.
    world = await startWorkerWorld({ env: { RATE_LIMIT_PER_KEY: '1', RATE_LIMIT_PER_ADDRESS: 'off' } });
  });
  afterAll(() => world.close());

  it('are refused with 429 past the burst, kept answers or not', async () => {
    const { key } = await world.deps.store.keys.issue(ANA);
    const body = { handles: world.handles(1, 'instagram', 400), platform: 'instagram' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await post(world, '/api/reports', body, key)).status);

    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});

/**
 * A schedule's freshness asked through the formula route (issue 26: the add-on's runner reads the
 * cache as the worker's runner does): a cached report older than the days asked is bought again,
 * a newer one is not, and the kept answer never stands in for a bound that moved with the clock.
 */
describe('POST /api/reports with freshnessDays', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  let world: WorkerWorld;
  let offsetMs = 0;
  beforeAll(async () => {
    world = await startWorkerWorld({ clock: { now: () => Date.now() + offsetMs } });
  });
  afterAll(() => world.close());
  beforeEach(() => world.resetStats());

  it('buys again only the reports older than the days asked', async () => {
    const body = { handles: world.handles(2, 'instagram', 200), platform: 'instagram' };
    expect((await post(world, '/api/reports', body)).status).toBe(200);
    expect(callsOf(await world.stats(), 'report')).toBe(2);

    offsetMs = 2 * DAY_MS;
    await world.resetStats();
    const week = await post(world, '/api/reports', { ...body, freshnessDays: 7 });
    expect(week.body.counts).toMatchObject({ cached: 2, fetched: 0 });
    const day = await post(world, '/api/reports', { ...body, freshnessDays: 1 });
    expect(day.status).toBe(200);
    expect(day.body.rows).toHaveLength(2);
    expect(callsOf(await world.stats(), 'report')).toBe(2);

    // The same text two days on: the kept answer of the first would be two days too old.
    offsetMs = 4 * DAY_MS;
    await world.resetStats();
    await post(world, '/api/reports', { ...body, freshnessDays: 1 });
    expect(callsOf(await world.stats(), 'report')).toBe(2);
    await post(world, '/api/reports', { ...body, freshnessDays: 1 });
    expect(callsOf(await world.stats(), 'report')).toBe(2);
    // Answered from the cache whole at day 4 (what a kept answer is made of); at day 6 it is stale.
    offsetMs = 6 * DAY_MS;
    await world.resetStats();
    await post(world, '/api/reports', { ...body, freshnessDays: 1 });
    expect(callsOf(await world.stats(), 'report')).toBe(2);
  });

  it('refuses a freshness outside 1 to 365 days, naming the field', async () => {
    const res = await post(world, '/api/reports', {
      handles: ['@x'],
      platform: 'instagram',
      freshnessDays: 0,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain('freshnessDays');
  });
});
