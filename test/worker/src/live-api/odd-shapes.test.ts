import request from 'supertest';
import { auth, callsOf, post, startWorkerWorld, type WorkerWorld } from '../worker-fixture';

/**
 * The tolerant path end to end: the worker against the sandbox answering in its older and odder
 * shapes (SANDBOX_SHAPES=odd: no `error` field, `{ "status": "ok" }` health, Instagram user info
 * under `user`, `hasMore` + `nextCursor` paging, unknown enum values, nulls, fields left out). Every
 * operation still gives rows, and nothing is bought twice.
 */

let world: WorkerWorld;
beforeAll(async () => {
  world = await startWorkerWorld({ env: { SANDBOX_SHAPES: 'odd' } });
});
afterAll(async () => world.close());

type Answer = { header: string[]; rows: unknown[][] };
const column = (body: Answer, label: string) => body.rows.map((row) => row[body.header.indexOf(label)]);

describe('with the sandbox answering in odd shapes', () => {
  it('reports of every platform come out as rows, and a recalculation buys nothing', async () => {
    const handles = [
      ...world.handles(3, 'instagram', 40),
      ...world.handles(2, 'tiktok', 40).map((name) => `https://www.tiktok.com/@${name}`),
    ];
    const first = await post(world, '/api/reports', {
      handles,
      platform: 'instagram',
      fields: 'handle,followers,gender',
    });
    expect(first.status).toBe(200);
    expect(first.body.counts).toMatchObject({ creators: 5, fetched: 5, failed: 0 });
    expect(column(first.body, 'Handle').every((cell) => typeof cell === 'string')).toBe(true);
    // The odd shapes' unknown gender reaches the sheet as written, lower-cased like the others.
    expect(column(first.body, 'Gender')).toContain('non_binary');
    await world.resetStats();
    const again = await post(world, '/api/reports', { handles, platform: 'instagram' });
    expect(again.body.counts).toMatchObject({ cached: 5, fetched: 0 });
    expect(callsOf(await world.stats(), 'report')).toBe(0);
  });

  it('search pages without `total` are followed to their end, each paid once', async () => {
    await world.resetStats();
    const body = { platform: 'instagram', filter: { influencer: { followers: { min: 1000 } } }, pages: 2 };
    const res = await post(world, '/api/search', body);
    expect(res.status).toBe(200);
    expect(res.body.rows.length).toBeGreaterThan(15);
    expect(column(res.body, 'User id').every((cell) => typeof cell === 'string')).toBe(true);
    expect(callsOf(await world.stats(), 'search')).toBe(2);
  });

  it('an e-mail answer with the matched list only still places every match', async () => {
    const res = await post(world, '/api/email-search', { emails: ['nobody-here@example.org'] });
    expect(res.status).toBe(200);
    expect(res.body.rows[0][1]).toBe('no match in this answer');
  });

  it('health in the older body with every group reads as healthy, group by group', async () => {
    const res = await request(world.app).get('/api/health').set(auth());
    expect(res.status).toBe(200);
    expect(res.body.api).toMatchObject({
      reachable: true,
      status: 'Healthy',
      said: 'Healthy',
      groups: expect.objectContaining({ reports: 'Healthy', instagram: 'Healthy' }),
    });
  });

  it('an Instagram search answered as `{ users, hashtags }` gives rows', async () => {
    const [instagram] = world.handles(1, 'instagram', 60);
    const res = await post(world, '/api/raw', { operation: 'rawIgSearch', query: { keyword: instagram } });
    expect(res.status).toBe(200);
    expect(column(res.body, 'Username or hashtag')).toContain(instagram);
  });

  it('Instagram user info under `user` and a TikTok feed paged by `hasMore` + `nextCursor` give rows', async () => {
    const [instagram] = world.handles(1, 'instagram', 60);
    const info = await post(world, '/api/raw', {
      operation: 'rawIgUserInfo',
      query: { url: `@${instagram}` },
    });
    expect(info.status).toBe(200);
    expect(column(info.body, 'Username')).toEqual([instagram]);

    const [tiktok] = world.handles(1, 'tiktok', 60);
    const feed = await post(world, '/api/raw', {
      operation: 'rawTiktokUserFeed',
      query: { url: `@${tiktok}` },
      maxPages: 2,
    });
    expect(feed.status).toBe(200);
    expect(feed.body).toMatchObject({ pages: 2, more: true });
    const ids = column(feed.body, 'Id');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('counts the drift the odd shapes carry, for admins', async () => {
    const res = await request(world.app).get('/api/health').set(auth());
    const operations = res.body.contract.drifting.map((entry: { operation: string }) => entry.operation);
    expect(operations).toEqual(expect.arrayContaining(['report', 'search']));
    const report = res.body.contract.drifting.find(
      (entry: { operation: string }) => entry.operation === 'report',
    );
    expect(report.findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'unknown_value', path: 'profile.gender' })]),
    );
  });
});
