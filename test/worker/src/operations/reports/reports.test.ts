import request from 'supertest';
import { REPORT_GROUPS } from '../../../../../shared/rows/report-rows';
import { calendarDay } from '../../../../../shared/time-zone';
import { STILL_FETCHING } from '../../../../../worker/src/upstream/deadline';
import { auth, callsOf, post, startWorkerWorld, type WorkerWorld } from '../../worker-fixture';

/** Reports through the whole worker, the real sandbox as the upstream over loopback HTTP. */

let world: WorkerWorld;
/** Each test takes its own creators, so the shared cache never answers for another test. */
let next = 10;
const fresh = (count: number, platform: 'instagram' | 'tiktok' | 'youtube' = 'instagram') => {
  const handles = world.handles(count, platform, next);
  next += count;
  return handles;
};

beforeAll(async () => {
  world = await startWorkerWorld();
});
afterAll(async () => {
  await world.close();
});
beforeEach(async () => {
  await world.sandboxAdmin('PUT', '/faults', { latencyMs: 0, serverErrorShare: 0 });
  await world.resetStats();
});

describe('POST /api/reports', () => {
  it('answers one row per input in input order, blanks kept blank, names, @names, URLs and ids read', async () => {
    const [a, b, c, d] = fresh(4);
    const [tiktok] = fresh(1, 'tiktok');
    const ig = world.sandbox.state.world.platform('instagram');
    const idOfD = ig.userId(ig.resolve(d));
    const handles = [
      a,
      '',
      `@${b.toUpperCase()}`,
      `https://www.instagram.com/${c}/?hl=en`,
      idOfD,
      '@nosuchcreatorzz',
      `https://www.tiktok.com/@${tiktok}`,
      null,
    ];

    const res = await post(world, '/api/reports', { handles, platform: 'instagram', withHeader: true });

    expect(res.status).toBe(200);
    const [header, ...rows] = res.body.rows;
    expect(header).toEqual(res.body.header);
    // A TikTok URL in an Instagram formula reports on TikTok: a Platform column says which row is which.
    expect(header.slice(0, 2)).toEqual(['Platform', 'Handle']);
    expect(rows).toHaveLength(handles.length);
    expect(rows.map((row: unknown[]) => row[0])).toEqual([
      'instagram',
      null,
      'instagram',
      'instagram',
      'instagram',
      'Unknown handle "@nosuchcreatorzz" on instagram',
      'tiktok',
      null,
    ]);
    expect(rows.map((row: unknown[]) => row[1])).toEqual([a, null, b, c, d, null, tiktok, null]);
    expect(rows[1].every((cell: unknown) => cell === null)).toBe(true);
    expect(rows[0][3]).toEqual(expect.any(Number));
    // Seven distinct creators asked for; the unknown one is not billed.
    const stats = await world.stats();
    expect(callsOf(stats, 'report')).toBe(6);
    expect(stats.credits).toBe(5);
  });

  it('adds no Platform column while every row is of the formula’s platform, nor twice when asked for', async () => {
    const [a] = fresh(1);
    const [tiktok] = fresh(1, 'tiktok');
    const alike = await post(world, '/api/reports', {
      handles: [a],
      platform: 'instagram',
      withHeader: true,
    });
    expect(alike.body.header[0]).toBe('Handle');
    const asked = await post(world, '/api/reports', {
      handles: [a, `https://www.tiktok.com/@${tiktok}`],
      platform: 'instagram',
      fields: ['handle', 'platform'],
      withHeader: true,
    });
    expect(asked.body.header).toEqual(['Handle', 'Platform']);
  });

  it('names a bad input in its own row and fetches the rest', async () => {
    const [a] = fresh(1);
    const res = await post(world, '/api/reports', {
      handles: ['instagram.com/p/Cx1', a, 'no platform'],
      platform: undefined,
    });

    expect(res.status).toBe(200);
    expect(res.body.rows[0][0]).toBe('"instagram.com/p/Cx1" is a post URL, not a profile URL');
    expect(res.body.rows[1][0]).toBe('Say which platform: instagram, tiktok or youtube');
    expect(res.body.rows[2][0]).toBe('Say which platform: instagram, tiktok or youtube');
    expect(callsOf(await world.stats(), 'report')).toBe(0);
  });

  it('fetches a creator asked for several times once', async () => {
    const [a] = fresh(1);
    const res = await post(world, '/api/reports', {
      handles: [a, `@${a}`, `https://instagram.com/${a.toUpperCase()}`, a],
      platform: 'instagram',
    });

    expect(res.status).toBe(200);
    expect(res.body.rows.map((row: unknown[]) => row[0])).toEqual([a, a, a, a]);
    expect(callsOf(await world.stats(), 'report')).toBe(1);
  });

  it('answers a second pass from the cache: no upstream call, no credit, savings in the ledger', async () => {
    const handles = fresh(5);
    const first = await post(world, '/api/reports', { handles, platform: 'ig' });
    expect(first.status).toBe(200);
    expect((await world.stats()).credits).toBe(5);
    await world.resetStats();

    const second = await request(world.app)
      .post('/api/reports')
      .set(auth())
      .set('x-request-id', 'second-pass-1')
      .send({ handles, platform: 'instagram' });

    expect(second.status).toBe(200);
    expect(second.body.rows).toEqual(first.body.rows);
    const stats = await world.stats();
    expect(callsOf(stats, 'report')).toBe(0);
    expect(stats.credits).toBe(0);
    const recent = await world.deps.store.ledger.recent('dev@localhost', 50);
    const savings = recent.find((entry) => entry.requestId === 'second-pass-1');
    expect(savings).toMatchObject({ actualCredits: 0, cacheHits: 5, creditsSaved: 5 });
  });

  it('fetches again with refresh: true', async () => {
    const handles = fresh(3);
    await post(world, '/api/reports', { handles, platform: 'instagram' });
    await world.resetStats();

    const res = await post(world, '/api/reports', { handles, platform: 'instagram', refresh: true });

    expect(res.status).toBe(200);
    const stats = await world.stats();
    expect(callsOf(stats, 'report')).toBe(3);
    expect(stats.credits).toBe(3);
  });

  it('makes one upstream call for 50 identical requests at once', async () => {
    const [a] = fresh(1);
    await world.sandboxAdmin('PUT', '/faults', { latencyMs: 150 });

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(world, '/api/reports', { handles: [a], platform: 'instagram' })),
    );

    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((res) => res.body.rows[0][0]))).toEqual(new Set([a]));
    const stats = await world.stats();
    expect(callsOf(stats, 'report')).toBe(1);
    expect(stats.credits).toBe(1);
  });

  it('returns the columns asked for, in the order asked, with their formats', async () => {
    const [a] = fresh(1);
    const res = await post(world, '/api/reports', {
      handles: [a],
      platform: 'instagram',
      fields: 'followers, Handle, ids',
    });

    expect(res.status).toBe(200);
    expect(res.body.columns.map((col: { id: string }) => col.id)).toEqual([
      'followers',
      'handle',
      ...REPORT_GROUPS.ids,
    ]);
    expect(res.body.columns[0]).toEqual({ id: 'followers', label: 'Followers', format: 'integer' });
    expect(res.body.rows[0]).toEqual([
      expect.any(Number),
      a,
      'instagram',
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
  });

  it('refuses unknown field names with the list of valid ones, before any call', async () => {
    const res = await post(world, '/api/reports', {
      handles: fresh(1),
      platform: 'instagram',
      fields: ['handle', 'shoe size'],
    });

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.message).toMatch(/^Unknown field "shoe size"\. Columns are named as in the report/);
    expect(res.body.error.message).toContain('or by group: default, profile, growth');
    expect(res.body.error.message).not.toContain('engagement_rate, avg_likes');
    expect(callsOf(await world.stats(), 'report')).toBe(0);
  });

  it('refuses a body that is not a report request with a readable 400', async () => {
    const notAList = await post(world, '/api/reports', { handles: 'abc' });
    expect(notAList.status).toBe(400);
    expect(notAList.body.error.message).toMatch(/^handles /);

    const badPlatform = await post(world, '/api/reports', { handles: ['a'], platform: 'myspace' });
    expect(badPlatform.status).toBe(400);
    expect(badPlatform.body.error.message).toContain(
      'platform must be instagram, tiktok or youtube, got "myspace"',
    );
  });

  it('stamps the report date with the day the report was fetched', async () => {
    const [a] = fresh(1);
    const res = await post(world, '/api/reports', {
      handles: [a],
      platform: 'instagram',
      fields: 'report_date',
    });
    expect(res.body.rows[0]).toEqual([new Date().toISOString().slice(0, 10)]);
  });

  it("stamps the report date on the sheet's calendar when the request names its time zone", async () => {
    const [a] = fresh(1);
    // 26 hours apart: whatever the hour, these two zones are on different days.
    const ahead = 'Pacific/Kiritimati';
    const behind = 'Etc/GMT+12';
    const dateIn = async (timeZone: string) => {
      const body = { handles: [a], platform: 'instagram', fields: 'report_date', timeZone };
      const res = await post(world, '/api/reports', body);
      expect(res.status).toBe(200);
      return { date: res.body.rows[0][0] as string, expected: calendarDay(Date.now(), timeZone) };
    };
    const first = await dateIn(ahead);
    // The second and third answers come from the cache's memory, whose rows are kept per zone.
    const second = await dateIn(behind);
    const third = await dateIn(ahead);
    expect(first.date).toBe(first.expected);
    expect(second.date).toBe(second.expected);
    expect(third.date).toBe(first.date);
    expect(second.date).not.toBe(first.date);
  });

  it('refuses a time zone that does not exist with a readable 400, before any call', async () => {
    const res = await post(world, '/api/reports', {
      handles: ['a'],
      platform: 'instagram',
      timeZone: 'Mars/Olympus',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(
      'timeZone must be a time zone such as Europe/Berlin or America/Los_Angeles, got "Mars/Olympus"',
    );
    expect(callsOf(await world.stats(), 'report')).toBe(0);
  });

  it('writes a ledger row per paid call with estimated and actual credits', async () => {
    const handles = fresh(2);
    const res = await request(world.app)
      .post('/api/reports')
      .set(auth())
      .set('x-request-id', 'ledger-check-1')
      .send({ handles: [...handles, '@nosuchcreatorzz2'], platform: 'instagram' });

    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('ledger-check-1');
    const rows = (await world.deps.store.ledger.recent('dev@localhost', 50)).filter(
      (entry) => entry.requestId === 'ledger-check-1' && entry.actualCredits > 0,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toMatchObject({ operation: 'report', estimatedCredits: 1, actualCredits: 1 });
  });

  it('answers at the deadline with what is ready and finishes the rest in the background', async () => {
    const [cachedOne] = fresh(1);
    await post(world, '/api/reports', { handles: [cachedOne], platform: 'instagram' });
    const slow = fresh(3);
    await world.sandboxAdmin('PUT', '/faults', { latencyMs: 1000 });
    await world.resetStats();

    const started = Date.now();
    const res = await post(world, '/api/reports', {
      handles: [cachedOne, ...slow],
      platform: 'instagram',
      deadlineMs: 100,
    });

    expect(Date.now() - started).toBeLessThan(800);
    expect(res.status).toBe(200);
    expect(res.body.pending).toBe(3);
    expect(res.body.rows.map((row: unknown[]) => row[0])).toEqual([
      cachedOne,
      STILL_FETCHING,
      STILL_FETCHING,
      STILL_FETCHING,
    ]);

    expect(await world.deps.background.drain(10_000)).toBe(true);
    expect(callsOf(await world.stats(), 'report')).toBe(3);
    await world.resetStats();
    const later = await post(world, '/api/reports', {
      handles: [cachedOne, ...slow],
      platform: 'instagram',
      deadlineMs: 100,
    });
    expect(later.body.rows.map((row: unknown[]) => row[0])).toEqual([cachedOne, ...slow]);
    expect(later.body.pending).toBe(0);
    expect(callsOf(await world.stats(), 'report')).toBe(0);
  });
});

describe('POST /api/reports with a budget', () => {
  let budgeted: WorkerWorld;
  beforeAll(async () => {
    budgeted = await startWorkerWorld({ env: { BUDGET_USER_DAY: '2' } });
  });
  afterAll(async () => {
    await budgeted.close();
  });

  it('refuses with 402 before any upstream call when the request would pass the budget', async () => {
    const res = await post(budgeted, '/api/reports', {
      handles: budgeted.handles(3, 'instagram', 50),
      platform: 'instagram',
    });

    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({
      code: 'budget_exceeded',
      message: 'This would cost up to 3 credits, more than the 2 left of your budget for today',
    });
    expect((await budgeted.stats()).calls).toBe(0);
  });

  it('lets identical requests at once share one fetch without each holding its cost', async () => {
    const { key } = await budgeted.deps.store.keys.issue('carol@example.org');
    const [handle] = budgeted.handles(1, 'instagram', 70);
    await budgeted.sandboxAdmin('PUT', '/faults', { latencyMs: 150 });
    await budgeted.resetStats();

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(budgeted, '/api/reports', { handles: [handle], platform: 'instagram' }, key),
      ),
    );

    await budgeted.sandboxAdmin('PUT', '/faults', { latencyMs: 0 });
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(callsOf(await budgeted.stats(), 'report')).toBe(1);
    expect((await budgeted.deps.guard.status('carol@example.org')).user.day).toMatchObject({
      spent: 1,
      pending: 0,
    });
  });

  it('still answers what the cache holds, and the free test account, past the budget', async () => {
    const two = budgeted.handles(2, 'instagram', 60);
    expect((await post(budgeted, '/api/reports', { handles: two, platform: 'instagram' })).status).toBe(200);
    await budgeted.resetStats();

    const res = await post(budgeted, '/api/reports', {
      handles: [...two, 'instagram'],
      platform: 'instagram',
    });

    expect(res.status).toBe(200);
    expect(res.body.rows.map((row: unknown[]) => row[0])).toEqual([...two, 'instagram']);
    const stats = await budgeted.stats();
    expect(callsOf(stats, 'report')).toBe(1);
    expect(stats.credits).toBe(0);
  });
});

describe('POST /api/reports/estimate (issue 25)', () => {
  it('counts what the cache answers for free, read as a run reads the cells, and calls nothing upstream', async () => {
    const held = fresh(3);
    expect((await post(world, '/api/reports', { handles: held, platform: 'instagram' })).status).toBe(200);
    await post(world, '/api/reports', { handles: ['@nosuchcreatorzz2'], platform: 'instagram' });
    const [d, e] = fresh(2);
    await world.resetStats();

    const res = await post(world, '/api/reports/estimate', {
      handles: [...held, `@${held[0].toUpperCase()}`, d, e, '@nosuchcreatorzz2', '', 'instagram.com/p/Cx1'],
      platform: 'instagram',
    });

    expect(res.status).toBe(200);
    // Six creators: the three held and the unknown one answered free, two to fetch at 1 credit each.
    expect(res.body).toEqual({ creators: 6, cached: 4, toFetch: 2, credits: 2 });
    const stats = await world.stats();
    expect(callsOf(stats, 'report')).toBe(0);
    expect(stats.credits).toBe(0);
  });

  it('says 0 credits for a column the cache holds whole, and refuses more than a bulk job takes', async () => {
    const held = fresh(15);
    await post(world, '/api/reports', { handles: held, platform: 'instagram' });

    const res = await post(world, '/api/reports/estimate', { handles: held, platform: 'instagram' });

    expect(res.body).toEqual({ creators: 15, cached: 15, toFetch: 0, credits: 0 });
    const tooMany = await post(world, '/api/reports/estimate', { handles: Array(100_001).fill('@a') });
    expect(tooMany.status).toBe(400);
  });
});
