import { OVERLAP_COLUMNS, OVERLAP_TOTAL_LABEL } from '../../../../../shared/rows/overlap-rows';
import { STILL_FETCHING } from '../../../../../worker/src/upstream/deadline';
import { callsOf } from '../../worker-fixture';
import { apiPost, startMoreWorld, type MoreWorld } from '../../operation-routes-fixture';

/** POST /api/overlap through the worker and the real sandbox. */

let world: MoreWorld;
let next = 10;
const fresh = (count: number, platform: 'instagram' | 'youtube' = 'instagram') => {
  const handles = world.handles(count, platform, next);
  next += count;
  return handles;
};

beforeAll(async () => {
  world = await startMoreWorld();
});
afterAll(async () => {
  await world.close();
});
beforeEach(async () => {
  await world.resetStats();
});

const overlap = (body: unknown) => apiPost(world.api, '/api/overlap', body);

describe('POST /api/overlap', () => {
  it('compares the creators in one paid call: a row each, then the totals', async () => {
    const [a, b, c] = fresh(3);
    const res = await overlap({
      platform: 'instagram',
      handles: [`@${a}`, `https://www.instagram.com/${b}/`, '', c],
      withHeader: true,
    });

    expect(res.status).toBe(200);
    const [header, ...rows] = res.body.rows;
    expect(header).toEqual(OVERLAP_COLUMNS.map((col) => col.label));
    expect(rows).toHaveLength(4);
    expect(
      rows
        .slice(0, 3)
        .map((row: unknown[]) => row[0])
        .sort(),
    ).toEqual([a, b, c].sort());
    expect(rows[3][0]).toBe(OVERLAP_TOTAL_LABEL);
    for (const row of rows.slice(0, 3)) {
      expect((row[4] as number) + (row[5] as number)).toBeCloseTo(1, 6);
    }
    expect(res.body.reportInfo.totalUniqueFollowers).toBeLessThanOrEqual(res.body.reportInfo.totalFollowers);
    expect(res.body).toMatchObject({ fromCache: false, credits: 1 });
    const stats = await world.stats();
    expect(callsOf(stats, 'audienceOverlap')).toBe(1);
    expect(stats.credits).toBe(1);
  });

  it('answers the same set again from the cache, whatever the order and spelling', async () => {
    const [a, b] = fresh(2, 'youtube');
    await overlap({ platform: 'youtube', handles: [a, b] });
    await world.resetStats();

    const again = await overlap({ platform: 'yt', handles: [`@${b.toUpperCase()}`, a, a] });

    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ fromCache: true, credits: 0 });
    expect(callsOf(await world.stats(), 'audienceOverlap')).toBe(0);
  });

  it('pays again when asked to refresh', async () => {
    const [a, b] = fresh(2);
    await overlap({ platform: 'instagram', handles: [a, b] });
    const again = await overlap({ platform: 'instagram', handles: [a, b], refresh: true });

    expect(again.body.fromCache).toBe(false);
    expect(callsOf(await world.stats(), 'audienceOverlap')).toBe(2);
  });

  it('refuses fewer than 2 different creators, bad handles and TikTok before any call', async () => {
    const [a] = fresh(1);
    const one = await overlap({ platform: 'instagram', handles: [a, `@${a}`] });
    const bad = await overlap({ platform: 'instagram', handles: [a, 'instagram.com/p/Cx1'] });
    const tiktok = await overlap({ platform: 'tiktok', handles: [a, 'b'] });

    expect(one.status).toBe(400);
    expect(one.body.error.message).toBe(
      'handles must name at least 2 different instagram creators to compare, got 1',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('handles[1]: "instagram.com/p/Cx1" is a post URL, not a profile URL');
    expect(tiktok.status).toBe(400);
    expect(tiktok.body.error.message).toMatch(/^platform must be one of instagram, youtube/);
    expect(callsOf(await world.stats(), 'audienceOverlap')).toBe(0);
  });

  it('answers an unknown creator as a 404 that names it, and charges nothing', async () => {
    const [a] = fresh(1);
    const res = await overlap({ platform: 'instagram', handles: [a, 'nosuchcreatorzz'] });

    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('handle_not_found');
    expect(res.body.error.message).toContain('nosuchcreatorzz');
    expect((await world.stats()).credits).toBe(0);
  });
});

describe('POST /api/overlap with a deadline (a formula)', () => {
  it('answers "Still fetching" at the deadline, finishes the call in the background, and bills it once', async () => {
    const [a, b] = fresh(2);
    await world.sandboxAdmin('PUT', '/faults', { latencyMs: 1000 });
    try {
      const started = Date.now();
      const res = await overlap({ platform: 'instagram', handles: [a, b], deadlineMs: 100 });
      expect(Date.now() - started).toBeLessThan(800);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ pending: 1, credits: 0 });
      expect(res.body.rows).toEqual([[STILL_FETCHING, ...Array(OVERLAP_COLUMNS.length - 1).fill(null)]]);
      expect(await world.deps.background.drain(10_000)).toBe(true);
    } finally {
      await world.sandboxAdmin('PUT', '/faults', { latencyMs: 0 });
    }
    expect(callsOf(await world.stats(), 'audienceOverlap')).toBe(1);

    const later = await overlap({ platform: 'instagram', handles: [a, b], deadlineMs: 100 });
    expect(later.body).toMatchObject({ pending: 0, fromCache: true, credits: 0 });
    expect(later.body.rows).toHaveLength(3);
    expect(callsOf(await world.stats(), 'audienceOverlap')).toBe(1);
  });
});
