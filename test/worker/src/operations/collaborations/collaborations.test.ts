import {
  COLLABORATION_POST_COLUMNS,
  COLLABORATION_TOTAL_LABEL,
} from '../../../../../shared/rows/collaboration-rows';
import { calendarDay } from '../../../../../shared/time-zone';
import { callsOf } from '../../worker-fixture';
import { apiPost, startMoreWorld, type MoreWorld } from '../../operation-routes-fixture';

/** Collaborations through the worker and the real sandbox. */

let world: MoreWorld;

/** An Instagram influencer (not a brand account) with between `min` and `max` sponsored posts. */
function influencerWith(min: number, max: number): { username: string; posts: number } {
  const pc = world.sandbox.state.world.platform('instagram');
  for (let index = 0; index < pc.size; index++) {
    if (pc.brandOf(index) !== undefined) continue;
    const posts = pc.sponsoredPosts(index, { limit: 100_000 }).posts.length;
    if (posts >= min && posts <= max) return { username: pc.username(index), posts };
  }
  throw new Error(`no influencer with ${min} to ${max} sponsored posts in the test world`);
}

beforeAll(async () => {
  world = await startMoreWorld();
});
afterAll(async () => {
  await world.close();
});
beforeEach(async () => {
  await world.resetStats();
});

describe('POST /api/collaborations/posts', () => {
  it('follows the cursor to the end, one paid call (0.2) per page', async () => {
    const { username, posts } = influencerWith(12, 19);
    const pages = Math.ceil(posts / 5);

    const res = await apiPost(world.api, '/api/collaborations/posts', {
      id: username,
      platform: 'instagram',
      limit: 5,
      maxPages: 10,
      withHeader: true,
    });

    expect(res.status).toBe(200);
    const [header, ...rows] = res.body.rows;
    expect(header).toEqual(COLLABORATION_POST_COLUMNS.map((col) => col.label));
    expect(rows).toHaveLength(posts);
    expect(new Set(rows.map((row: unknown[]) => row[0])).size).toBe(posts);
    expect(res.body).toMatchObject({ side: 'influencer', pages, more: false, cursor: null });
    expect(res.body.estimate.credits).toBe(2);
    expect(res.body.credits).toBeCloseTo(0.2 * pages, 6);
    const stats = await world.stats();
    expect(callsOf(stats, 'collaborationPosts')).toBe(pages);
    expect(stats.credits).toBeCloseTo(0.2 * pages, 6);
  });

  it('stops at maxPages with a cursor that goes on where it stopped', async () => {
    const { username, posts } = influencerWith(12, 19);
    const body = { id: username, platform: 'instagram', limit: 5 };

    const first = await apiPost(world.api, '/api/collaborations/posts', { ...body, maxPages: 2 });
    const rest = await apiPost(world.api, '/api/collaborations/posts', {
      ...body,
      cursor: first.body.cursor,
      maxPages: 10,
    });

    expect(first.body).toMatchObject({ pages: 2, more: true, estimate: { credits: 0.4 } });
    expect(first.body.rows).toHaveLength(10);
    expect(rest.body.more).toBe(false);
    const ids = [...first.body.rows, ...rest.body.rows].map((row: unknown[]) => row[0]);
    expect(ids).toHaveLength(posts);
    expect(new Set(ids).size).toBe(posts);
  });

  it('keeps to the from/to window, whole days included', async () => {
    const { username } = influencerWith(12, 19);
    const all = await apiPost(world.api, '/api/collaborations/posts', {
      id: username,
      platform: 'instagram',
    });
    const dates = (all.body.rows as unknown[][]).map((row) => row[1] as string).sort();
    const from = dates[2];
    const to = dates[dates.length - 3];

    const res = await apiPost(world.api, '/api/collaborations/posts', {
      id: username,
      platform: 'instagram',
      from,
      to,
    });

    const inside = dates.filter((date) => date >= from && date <= to);
    expect(res.status).toBe(200);
    expect((res.body.rows as unknown[][]).map((row) => row[1]).sort()).toEqual(inside);
  });

  it('answers an unknown id as a 404, charging nothing, and refuses a bad window before any call', async () => {
    const unknown = await apiPost(world.api, '/api/collaborations/posts', {
      id: 'nosuchcreatorzz',
      platform: 'instagram',
    });
    const window = await apiPost(world.api, '/api/collaborations/posts', {
      id: 'x',
      platform: 'instagram',
      from: '2024-05-02',
      to: 'yesterday',
    });

    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('nosuchcreatorzz');
    expect(window.status).toBe(400);
    expect(window.body.error.message).toMatch(/^to must be a date such as 2024-05-01/);
    const stats = await world.stats();
    expect(callsOf(stats, 'collaborationPosts')).toBe(1);
    expect(stats.credits).toBe(0);
  });
});

describe("collaborations in the sheet's time zone", () => {
  // 26 hours apart: whatever the hour, a post falls on different days in these two zones.
  const AHEAD = 'Pacific/Kiritimati';
  const BEHIND = 'Etc/GMT+12';

  /** Post id -> creation time, as the sandbox made the influencer's collaboration posts. */
  function postTimes(username: string): Map<string, number> {
    const pc = world.sandbox.state.world.platform('instagram');
    const posts = pc.sponsoredPosts(pc.resolve(username), { limit: 100_000 }).posts;
    return new Map(posts.map((post) => [post.id, post.createdAt]));
  }

  async function postDates(body: Record<string, unknown>): Promise<Map<string, string>> {
    const res = await apiPost(world.api, '/api/collaborations/posts', { platform: 'instagram', ...body });
    expect(res.status).toBe(200);
    return new Map((res.body.rows as unknown[][]).map((row) => [String(row[0]), String(row[1])]));
  }

  it("writes each post's date as a day on the calendar of the zone the request names", async () => {
    const { username } = influencerWith(12, 19);
    const times = postTimes(username);

    const ahead = await postDates({ id: username, timeZone: AHEAD });
    const behind = await postDates({ id: username, timeZone: BEHIND });

    expect(ahead.size).toBe(times.size);
    for (const [id, time] of times) {
      expect(ahead.get(id)).toBe(calendarDay(time, AHEAD));
      expect(behind.get(id)).toBe(calendarDay(time, BEHIND));
      expect(ahead.get(id)).not.toBe(behind.get(id));
    }
  });

  it("reads a window's days from midnight in that zone, not in UTC", async () => {
    const { username } = influencerWith(12, 19);
    const times = postTimes(username);
    const [someId, someTime] = [...times][0];
    const day = calendarDay(someTime, AHEAD);
    const onDay = (zone: string) =>
      [...times].filter(([, time]) => calendarDay(time, zone) === day).map(([id]) => id);

    const ahead = await postDates({ id: username, from: day, to: day, timeZone: AHEAD });
    const behind = await postDates({ id: username, from: day, to: day, timeZone: BEHIND });

    expect([...ahead.keys()].sort()).toEqual(onDay(AHEAD).sort());
    expect([...ahead.keys()]).toContain(someId);
    expect([...behind.keys()].sort()).toEqual(onDay(BEHIND).sort());
    expect([...behind.keys()]).not.toContain(someId);
  });

  it('refuses a time zone that does not exist with a readable 400, before any call', async () => {
    const body = { id: 'x', platform: 'instagram', from: '2024-05-01', timeZone: 'Mars/Olympus' };
    const posts = await apiPost(world.api, '/api/collaborations/posts', body);
    const summary = await apiPost(world.api, '/api/collaborations/summary', body);

    for (const res of [posts, summary]) {
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(
        'timeZone must be a time zone such as Europe/Berlin or America/Los_Angeles, got "Mars/Olympus"',
      );
    }
    expect((await world.stats()).calls).toBe(0);
  });
});

describe('POST /api/collaborations/posts for a brand', () => {
  it('names who made each post in a Creator column after the post columns', async () => {
    const pc = world.sandbox.state.world.platform('instagram');
    let brand: { domain: string; id: number } | undefined;
    for (let index = 0; index < pc.firstPersonIndex && brand === undefined; index++) {
      const candidate = pc.brandOf(index);
      if (candidate !== undefined && pc.brandPosts(candidate.id, { limit: 5 }).posts.length >= 5)
        brand = candidate;
    }
    if (brand === undefined) throw new Error('no brand with 5 collaboration posts in the test world');
    const expected = pc
      .brandPosts(brand.id, { limit: 5 })
      .posts.map((post) => [post.id, pc.username(post.creatorIndex)]);

    const res = await apiPost(world.api, '/api/collaborations/posts', {
      id: brand.domain,
      platform: 'instagram',
      limit: 5,
      maxPages: 1,
    });

    expect(res.status).toBe(200);
    expect(res.body.side).toBe('brand');
    expect(res.body.columns.map((col: { id: string }) => col.id)).toEqual([
      ...COLLABORATION_POST_COLUMNS.map((col) => col.id),
      'creator',
    ]);
    expect(res.body.header[res.body.header.length - 1]).toBe('Creator');
    const creator = res.body.columns.length - 1;
    expect((res.body.rows as unknown[][]).map((row) => [row[0], row[creator]])).toEqual(expected);
  });
});

describe('POST /api/collaborations/summary', () => {
  it('answers a row per brand and a totals row that adds up the posts, in one call', async () => {
    const { username } = influencerWith(12, 19);
    const res = await apiPost(world.api, '/api/collaborations/summary', {
      id: username,
      platform: 'instagram',
    });
    const summaryCalls = callsOf(await world.stats(), 'collaborationSummary');
    const posts = await apiPost(world.api, '/api/collaborations/posts', {
      id: username,
      platform: 'instagram',
    });

    expect(res.status).toBe(200);
    expect(res.body.side).toBe('influencer');
    const rows = res.body.rows as unknown[][];
    expect(rows.length).toBeGreaterThan(1);
    const totals = rows[rows.length - 1];
    expect(totals[0]).toBe(COLLABORATION_TOTAL_LABEL);
    const likes = (posts.body.rows as unknown[][]).reduce(
      (sum, row) => sum + ((row[6] as number | null) ?? 0),
      0,
    );
    expect(totals[2]).toBe(likes);
    expect(summaryCalls).toBe(1);
    expect(res.body.credits).toBe(0.2);
  });
});

describe('POST /api/collaborations/deprecated', () => {
  it('follows end_cursor (1 credit per page of 30) with columns fixed by the first page', async () => {
    const { username, posts } = influencerWith(61, 89);

    const res = await apiPost(world.api, '/api/collaborations/deprecated', {
      kind: 'influencer',
      platform: 'instagram',
      id: username,
      maxPages: 5,
    });

    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(posts);
    expect(res.body).toMatchObject({ pages: 3, more: false, credits: 3, estimate: { credits: 5 } });
    expect(res.body.header).toEqual(res.body.columns.map((col: { label: string }) => col.label));
    expect(res.body.rows.every((row: unknown[]) => row.length === res.body.columns.length)).toBe(true);
    const stats = await world.stats();
    expect(callsOf(stats, 'collaborationsInfluencerDeprecated')).toBe(3);
    expect(stats.credits).toBe(3);
  });

  it('refuses the brand variant on YouTube before any call', async () => {
    const res = await apiPost(world.api, '/api/collaborations/deprecated', {
      kind: 'brand',
      platform: 'youtube',
      id: 'nike.com',
    });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'platform must be instagram or tiktok for brand collaborations, got "youtube"',
    );
    expect((await world.stats()).calls).toBe(0);
  });
});
