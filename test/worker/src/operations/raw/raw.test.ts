import type { World } from '../../../../../worker/sandbox/data';
import type { OperationHandler } from '../../../../../worker/sandbox/operation-handler';
import { rawColumns } from '../../../../../shared/rows/raw-rows';
import { calendarDay } from '../../../../../shared/time-zone';
import { SANDBOX_TOKEN } from '../../worker-fixture';
import {
  apiGet,
  apiPost,
  appWithToken,
  startMoreWorld,
  type MoreWorld,
} from '../../operation-routes-fixture';

/** POST /api/raw through the worker and the real sandbox. */

const NO_RAW_TOKEN = 'noraw-token-1';

let world: MoreWorld;

beforeAll(async () => {
  world = await startMoreWorld({ env: { SANDBOX_EXTRA_TOKENS: `${NO_RAW_TOKEN}:1000:0:noraw` } });
});
afterAll(async () => {
  await world.close();
});
beforeEach(async () => {
  await world.resetStats();
});

const raw = (body: unknown) => apiPost(world.api, '/api/raw', body);
const instagram = () => world.sandbox.state.world.platform('instagram');
const allowanceLeft = () => world.sandbox.state.accounts.get(SANDBOX_TOKEN)?.rawRequests;

/** A public Instagram creator with between `min` and `max` posts. */
function creatorWithPosts(min: number, max: number): string {
  const pc = instagram();
  for (const handle of world.handles(400, 'instagram', 0)) {
    const count = pc.postCount(pc.resolve(handle));
    if (count >= min && count <= max) return handle;
  }
  throw new Error(`no public creator with ${min} to ${max} posts`);
}

/** The shortcode of a post with between `min` and `max` comments, and its comment ids. */
function postWithComments(min: number, max: number): { code: string; ids: string[] } {
  const pc = instagram();
  for (const handle of world.handles(400, 'instagram', 0)) {
    for (const post of pc.posts(pc.resolve(handle), 0, 12).items) {
      const total = pc.comments(post, 0, 0).total ?? 0;
      if (total >= min && total <= max) {
        return { code: post.code, ids: pc.comments(post, 0, total).items.map((comment) => comment.id) };
      }
    }
  }
  throw new Error(`no post with ${min} to ${max} comments`);
}

describe('POST /api/raw', () => {
  it('follows a feed over several pages until done, counting one raw unit per call', async () => {
    const handle = creatorWithPosts(30, 60);
    const posts = instagram().postCount(instagram().resolve(handle));
    const pages = Math.ceil(posts / 12);

    const res = await raw({
      operation: 'rawIgUserFeed',
      query: { url: `@${handle}` },
      maxPages: 0,
      withHeader: true,
    });

    expect(res.status).toBe(200);
    const [header, ...rows] = res.body.rows;
    expect(header).toEqual(rawColumns('rawIgUserFeed').map((col) => col.label));
    expect(rows).toHaveLength(posts);
    expect(new Set(rows.map((row: unknown[]) => row[0])).size).toBe(posts);
    expect(res.body).toMatchObject({ pages, more: false, cursor: null, rawUnits: pages, duplicates: 0 });
    expect(res.body.rawRequestsLeft).toBe(allowanceLeft());
    const stats = await world.stats();
    expect(stats.rawUnits).toBe(pages);
    const ledger = await world.deps.store.ledger.recent('dev@localhost', pages + 5);
    expect(ledger.filter((entry) => entry.requestId === res.headers['x-request-id'])).toHaveLength(pages);
  });

  it('reads every Instagram comment once, though the pages come in no order', async () => {
    const { code, ids } = postWithComments(70, 200);

    const res = await raw({ operation: 'rawIgMediaComments', query: { code }, maxPages: 0 });

    expect(res.status).toBe(200);
    const got = res.body.rows.map((row: unknown[]) => row[0]);
    expect(got).toHaveLength(ids.length);
    expect(new Set(got)).toEqual(new Set(ids));
    expect(res.body).toMatchObject({
      pages: Math.ceil(ids.length / 20),
      duplicates: 0,
      repeatedCursor: false,
    });
  });

  it('stops at a cursor it has seen before and drops repeated comments', async () => {
    const { code } = postWithComments(70, 200);
    const original = world.sandbox.state.handlerFor('rawIgMediaComments') as OperationHandler<World>;
    let firstAnswer: unknown;
    // A misbehaving feed: the second page repeats the first one, cursor included.
    world.sandbox.state.register('rawIgMediaComments', async (context) => {
      if (firstAnswer !== undefined) return { body: firstAnswer };
      const result = await original(context);
      firstAnswer = result.body;
      return result;
    });
    try {
      const res = await raw({ operation: 'rawIgMediaComments', query: { code }, maxPages: 0 });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        pages: 2,
        repeatedCursor: true,
        more: false,
        duplicates: 20,
        rawUnits: 2,
      });
      expect(res.body.rows).toHaveLength(20);
    } finally {
      world.sandbox.state.register('rawIgMediaComments', original);
    }
  });

  it('answers one page by default, with the cursor to go on from', async () => {
    const handle = creatorWithPosts(30, 60);
    const first = await raw({ operation: 'rawIgUserFeed', query: { url: handle } });
    const second = await raw({
      operation: 'rawIgUserFeed',
      query: { url: handle, after: first.body.cursor },
    });

    expect(first.body).toMatchObject({ pages: 1, more: true, rawUnits: 1 });
    expect(first.body.rows).toHaveLength(12);
    expect(second.body.rows).toHaveLength(12);
    const ids = [...first.body.rows, ...second.body.rows].map((row: unknown[]) => row[0]);
    expect(new Set(ids).size).toBe(24);
  });

  it('follows TikTok and YouTube cursors too', async () => {
    const [tiktok] = world.handles(1, 'tiktok', 20);
    const [youtube] = world.handles(1, 'youtube', 20);
    const tt = await raw({ operation: 'rawTiktokUserFeed', query: { url: tiktok }, maxPages: 3 });
    const yt = await raw({ operation: 'rawYoutubeUploadedVideos', query: { url: youtube }, maxPages: 2 });

    expect(tt.status).toBe(200);
    // TikTok pages vary in size (15 to 30): three of them, and more to come.
    expect(tt.body).toMatchObject({ pages: 3, more: true, rawUnits: 3 });
    expect(tt.body.rows.length).toBeGreaterThanOrEqual(45);
    expect(new Set(tt.body.rows.map((row: unknown[]) => row[0])).size).toBe(tt.body.rows.length);
    expect(yt.status).toBe(200);
    expect(yt.body).toMatchObject({ pages: 2, more: true, rawUnits: 2 });
    expect(yt.body.rows).toHaveLength(60);
    expect(new Set(yt.body.rows.map((row: unknown[]) => row[0])).size).toBe(60);
  });

  it('lays every field out flat, with the columns of the first page', async () => {
    const handle = creatorWithPosts(30, 60);
    const res = await raw({
      operation: 'rawIgUserFeed',
      query: { url: handle },
      maxPages: 2,
      layout: 'flat',
    });

    expect(res.status).toBe(200);
    const ids = res.body.columns.map((col: { id: string }) => col.id);
    expect(ids).toContain('pk');
    expect(ids).toContain('user.username');
    expect(res.body.rows).toHaveLength(24);
    expect(res.body.rows.every((row: unknown[]) => row.length === ids.length)).toBe(true);
  });

  it("tells a member what their raw budget leaves, stops at it, and never the account's allowance", async () => {
    const member = 'rae@team.com';
    const { key } = await world.deps.store.keys.issue(member);
    await world.deps.store.budgets.set(
      { scope: 'user', email: member },
      'day',
      2,
      'boss@team.com',
      'rawRequests',
    );
    const handle = creatorWithPosts(40, 80);

    const res = await apiPost(
      world.api,
      '/api/raw',
      { operation: 'rawIgUserFeed', query: { url: `@${handle}` }, maxPages: 5 },
      key,
    );

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pages: 2,
      rawUnits: 2,
      more: true,
      rawRequestsLeft: 0,
      rawLeftOf: 'budget',
    });
    expect(res.body.incomplete).toMatch(/raw request/);
    expect((await world.stats()).rawUnits).toBe(2);
    // The account's allowance is not asked for a member.
    expect((await world.stats()).operations.userInfo?.calls ?? 0).toBe(0);

    const admin = await raw({ operation: 'rawIgUserFeed', query: { url: `@${handle}` } });
    expect(admin.body).toMatchObject({ rawRequestsLeft: allowanceLeft(), rawLeftOf: 'account' });
  });

  it('answers a 404 readably, and counts it as a raw unit spent', async () => {
    const before = allowanceLeft();
    const res = await raw({ operation: 'rawIgUserInfo', query: { url: '@nosuchcreatorzz' } });

    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain('nosuchcreatorzz');
    expect((await world.stats()).rawUnits).toBe(1);
    expect(allowanceLeft()).toBe((before ?? 0) - 1);
    const [latest] = await world.deps.store.ledger.recent('dev@localhost', 1);
    expect(latest).toMatchObject({ operation: 'rawIgUserInfo', rawRequests: 1, actualCredits: 0 });
  });

  it('answers 403 with a sentence when the API account has no raw access', async () => {
    const res = await apiPost(appWithToken(world, NO_RAW_TOKEN), '/api/raw', {
      operation: 'rawIgUserInfo',
      query: { url: '@someone' },
    });

    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('raw_access_denied');
    expect(res.body.error.message).toMatch(/^Raw data is not enabled for the worker's API account/);
  });

  it('writes the Created column on the calendar of the zone the request names', async () => {
    const handle = creatorWithPosts(30, 60);
    const pc = instagram();
    const index = pc.resolve(handle);
    const createdAt = new Map(
      pc.posts(index, 0, pc.postCount(index)).items.map((post) => [post.code, post.createdAt]),
    );
    const columns = rawColumns('rawIgUserFeed').map((col) => col.id);
    const [code, created] = [columns.indexOf('code'), columns.indexOf('created')];
    // 26 hours apart: whatever the hour, a post falls on different days in these two zones.
    const datesIn = async (timeZone: string) => {
      const res = await raw({ operation: 'rawIgUserFeed', query: { url: handle }, timeZone });
      expect(res.status).toBe(200);
      return (res.body.rows as unknown[][]).map((row) => [row[code], row[created]]);
    };

    const ahead = await datesIn('Pacific/Kiritimati');
    const behind = await datesIn('Etc/GMT+12');

    expect(ahead).toHaveLength(12);
    ahead.forEach(([postCode, date], i) => {
      const time = createdAt.get(String(postCode)) ?? NaN;
      expect(date).toBe(calendarDay(time, 'Pacific/Kiritimati'));
      expect(behind[i]).toEqual([postCode, calendarDay(time, 'Etc/GMT+12')]);
      expect(behind[i][1]).not.toBe(date);
    });
  });

  it('refuses a time zone that does not exist with a readable 400, before any call', async () => {
    const res = await raw({ operation: 'rawIgUserFeed', query: { url: '@x' }, timeZone: 'Mars/Olympus' });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(
      'timeZone must be a time zone such as Europe/Berlin or America/Los_Angeles, got "Mars/Olympus"',
    );
    expect((await world.stats()).calls).toBe(0);
  });

  it('refuses an unknown operation and a query the operation cannot take, before any call', async () => {
    const unknown = await raw({ operation: 'rawIgStories', query: {} });
    const noCode = await raw({ operation: 'rawIgMediaComments', query: { url: '@x' } });
    const tooMany = await raw({ operation: 'rawIgUserFeed', query: { url: '@x' }, maxPages: 101 });

    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(
      /^operation must be a raw operation id such as rawIgUserFeed, got "rawIgStories"/,
    );
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.message).toMatch(/^query\.code /);
    expect(tooMany.status).toBe(400);
    expect((await world.stats()).calls).toBe(0);
  });
});

describe('raw Instagram search', () => {
  /** A handle the search finds, and the first letters it is searched by. */
  function searched(): { handle: string; keyword: string } {
    const [handle] = world.handles(1, 'instagram', 90);
    return { handle, keyword: handle.slice(0, 5) };
  }

  it('sends `keyword`, reads `list[].user` and `list[].hashtag`, one raw unit', async () => {
    const { handle } = searched();
    const res = await raw({ operation: 'rawIgSearch', query: { keyword: handle }, withHeader: true });

    expect(res.status).toBe(200);
    const [header, ...rows] = res.body.rows as unknown[][];
    expect(header).toEqual(rawColumns('rawIgSearch').map((col) => col.label));
    const users = rows.filter((row) => row[0] === 'user');
    expect(users.map((row) => row[2])).toContain(handle);
    expect(users.every((row) => typeof row[1] === 'string' && row[1] !== '')).toBe(true);
    expect(res.body.rawUnits).toBe(1);
    expect((await world.stats()).rawUnits).toBe(1);
  });

  it('an empty search is an empty page, with no row about drift', async () => {
    const res = await raw({ operation: 'rawIgSearch', query: { keyword: 'qqqqzzzzxxxx' } });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([]);
  });

  it('reads `query` from an older sheet as `keyword`: the service, which wants keyword, answers', async () => {
    const { handle } = searched();
    const older = await raw({ operation: 'rawIgSearch', query: { query: handle } });
    const hashtags = await raw({ operation: 'rawIgSearchHashtags', query: { query: 'fit' } });

    expect(older.status).toBe(200);
    expect(older.body.rows.map((row: unknown[]) => row[2])).toContain(handle);
    expect(hashtags.status).toBe(200);
    expect(hashtags.body.rows.length).toBeGreaterThan(0);
    expect((await world.stats()).rawUnits).toBe(2);
  });

  it('shows a moved list root as contract drift to an admin and in a row to the sheet, billed once', async () => {
    const original = world.sandbox.state.handlerFor('rawIgSearch') as OperationHandler<World>;
    // The rows under a key this version does not know: a vendor change as it would ship.
    world.sandbox.state.register('rawIgSearch', async (context) => {
      const { body } = await original(context);
      return { body: { status: 'ok', results: (body as { list: unknown[] }).list } };
    });
    try {
      const res = await raw({ operation: 'rawIgSearch', query: { keyword: searched().keyword } });
      expect(res.status).toBe(200);
      // The sheet is told, rather than shown an empty search.
      expect(res.body.rows).toEqual([
        [
          "The API answered without what this version reads rows from (list|users|hashtags); it was billed, and an admin sees it in Health under the API's drift from the contract",
          ...Array(rawColumns('rawIgSearch').length - 1).fill(null),
        ],
      ]);
      expect(res.body.rawUnits).toBe(1);
    } finally {
      world.sandbox.state.register('rawIgSearch', original);
    }

    const health = await apiGet(world.app, '/api/health');
    const drift = (health.body.contract.drifting as { operation: string; findings: unknown[] }[]).find(
      (entry) => entry.operation === 'rawIgSearch',
    );
    expect(drift?.findings).toEqual([
      expect.objectContaining({ kind: 'missing', path: 'list|users|hashtags', answers: 1 }),
    ]);
  });
});
