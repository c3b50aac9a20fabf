import request from 'supertest';
import type { Platform } from '../../../shared/platforms';
import { accountInfoResponseSchema } from '../../../shared/responses/account';
import { collaborationSummaryResponseSchema } from '../../../shared/responses/collaborations';
import { emailSearchResponseSchema } from '../../../shared/responses/email-search';
import { healthResponseSchema, healthStatusOf } from '../../../shared/responses/health';
import { RAW_RESPONSE_SCHEMAS, rawNextCursor } from '../../../shared/responses/raw';
import { REPORT_RESPONSE_SCHEMAS } from '../../../shared/responses/reports';
import { searchResponseSchema } from '../../../shared/responses/search';
import { readAnswer, type DriftFinding } from '../../../shared/responses/tolerant';
import { parseSandboxConfig } from '../../../worker/sandbox/config';
import { ODD_EXTRA_FIELD } from '../../../worker/sandbox/odd-shapes';
import { isPartialReportCreator } from '../../../worker/sandbox/operations/discovery/partial-reports';
import { createSandbox } from '../../../worker/sandbox/server';
import { influencerWithCollaborations, smallestCreator } from './operations/content/world-examples';

/**
 * SANDBOX_SHAPES=odd over the real sandbox: each older or odder shape, checked against what the
 * same request answers in the real shapes (switched with `PUT /_sandbox/faults`), and read with the
 * shared tolerant schemas, which must still read every one of them.
 */

const FIXED_NOW = Date.UTC(2026, 2, 14, 9, 30);
const sandbox = createSandbox(
  parseSandboxConfig({
    SANDBOX_CREATORS: '2000',
    SANDBOX_CREDITS: '100000',
    SANDBOX_RATE_AI: 'off',
    SANDBOX_RATE_DISCOVERY: 'off',
    SANDBOX_RATE_DICTIONARY_FAST: 'off',
    SANDBOX_ADMIN_OPEN: 'true',
    SANDBOX_SHAPES: 'odd',
  }),
  FIXED_NOW,
);
const { app } = sandbox;
const world = sandbox.state.world;
const auth = { Authorization: 'Bearer sandbox' };

const get = (path: string, query: Record<string, string> = {}) =>
  request(app).get(`/v1${path}`).query(query).set(auth);
const post = (path: string, body: object) => request(app).post(`/v1${path}`).send(body).set(auth);

async function shapes(value: 'real' | 'odd'): Promise<void> {
  await request(app).put('/_sandbox/faults').send({ shapes: value }).expect(200);
}

/** The body the same request gets in the real shapes. */
async function inRealShapes(send: () => request.Test): Promise<Record<string, unknown>> {
  await shapes('real');
  try {
    return (await send()).body as Record<string, unknown>;
  } finally {
    await shapes('odd');
  }
}

async function creditsNow(): Promise<number> {
  await shapes('real');
  try {
    return (await get('/user/info')).body.billing.credits as number;
  } finally {
    await shapes('odd');
  }
}

function driftOf(reading: ReturnType<typeof readAnswer>): string[] {
  if (!reading.ok) throw new Error(`unreadable: ${reading.problems.join('; ')}`);
  return reading.drift.map((finding: DriftFinding) =>
    [finding.kind, finding.path, finding.value].filter((part) => part !== undefined).join(' '),
  );
}

afterEach(async () => {
  await request(app).put('/_sandbox/faults').send({ shapes: 'odd', serverErrorShare: 0 }).expect(200);
});

describe('SANDBOX_SHAPES=odd', () => {
  it('starts the sandbox in the odd shapes, and says so', async () => {
    expect((await request(app).get('/_sandbox/faults')).body.faults.shapes).toBe('odd');
  });

  it('answers success bodies without `error`, with a field nobody knows', async () => {
    const response = await get('/user/info');
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('error');
    expect(response.body[ODD_EXTRA_FIELD]).toBe(12);
    expect(driftOf(readAnswer(accountInfoResponseSchema, response.body))).toEqual([]);
    expect(response.body.billing).toEqual((await inRealShapes(() => get('/user/info'))).billing);
  });

  it('leaves error answers as they are', async () => {
    const missing = () => get('/instagram/profile/no.such.person.zz/report');
    const odd = await missing();
    expect(odd.status).toBe(404);
    expect(odd.body).toEqual(await inRealShapes(missing));
    expect(odd.body.error).toBe(true);
  });

  it('answers health with every group, as this product first chose it; the real shapes as the help page shows it', async () => {
    await request(app).post('/_sandbox/reset-health').expect(200);
    const odd = await request(app).get('/v1/health');
    expect(odd.body).toMatchObject({ error: false, status: 'Healthy', groups: { search: 'Healthy' } });
    expect(await inRealShapes(() => request(app).get('/v1/health'))).toEqual({ status: 'ok' });

    const searches = async (count: number) => {
      for (let i = 0; i < count; i++) await post('/instagram/search', { page: 0 });
    };
    await searches(3);
    await request(app).put('/_sandbox/faults').send({ serverErrorShare: 1 }).expect(200);
    await searches(1);
    const degraded = await inRealShapes(() => request(app).get('/v1/health'));
    expect(degraded).toEqual({ status: 'degraded' });
    expect(healthStatusOf(healthResponseSchema.parse(degraded).status)).toBe('Degraded');
    expect((await request(app).get('/v1/health')).body.groups.search).toBe('Degraded');

    await searches(3);
    const unhealthy = await inRealShapes(() => request(app).get('/v1/health'));
    expect(unhealthy).toEqual({ status: 'unhealthy' });
    expect(healthStatusOf(unhealthy.status)).toBe('Unhealthy');
    await request(app).post('/_sandbox/reset-health').expect(200);
  });

  it('answers the Instagram search as `{ users, hashtags }`, the real shapes as `list` entries', async () => {
    const keyword = world.instagram.username(smallestCreator(world.instagram)).slice(0, 3);
    const odd = (await get('/raw/ig/search', { keyword })).body;
    const real = await inRealShapes(() => get('/raw/ig/search', { keyword }));
    const entries = real.list as { user?: unknown; hashtag?: unknown }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(odd.users).toEqual(entries.filter((entry) => entry.user).map((entry) => entry.user));
    expect(odd.hashtags).toEqual(entries.filter((entry) => entry.hashtag).map((entry) => entry.hashtag));
    for (const body of [odd, real])
      expect(driftOf(readAnswer(RAW_RESPONSE_SCHEMAS.rawIgSearch, body))).toEqual([]);
  });

  it('keeps the hashtag dictionary of every platform; the real shapes have it on Instagram only', async () => {
    expect((await get('/tiktok/hashtags')).body.tags.length).toBeGreaterThan(0);
    const real = await inRealShapes(() => get('/tiktok/hashtags'));
    expect(real).toEqual({
      error: true,
      code: 'not_found',
      message: 'GET /v1/tiktok/hashtags: this operation does not exist for tiktok, only for instagram',
    });
    expect((await inRealShapes(() => get('/instagram/hashtags'))).tags).toEqual(expect.any(Array));
  });

  it('wraps Instagram user info in the old `user` object', async () => {
    const ig = world.instagram;
    const url = ig.userId(smallestCreator(ig));
    const odd = (await get('/raw/ig/user-info', { url })).body;
    const real = await inRealShapes(() => get('/raw/ig/user-info', { url }));
    expect(odd).toEqual({ user: real, status: 'ok', [ODD_EXTRA_FIELD]: 12 });
    expect(real).toHaveProperty('pk', url);
    expect(readAnswer(RAW_RESPONSE_SCHEMAS.rawIgUserInfo, odd).ok).toBe(true);
  });

  it('pages TikTok with hasMore and a numeric nextCursor, which a client follows to the end', async () => {
    const tt = world.tiktok;
    const index = smallestCreator(tt, (i) => tt.postCount(i) > 40);
    const ids: string[] = [];
    const cursors: unknown[] = [];
    let cursor: string | null = null;
    do {
      const response = await get('/raw/tiktok/user-feed', {
        url: tt.userId(index),
        ...(cursor === null ? {} : { cursor }),
      });
      expect(response.status).toBe(200);
      const page = response.body.user_feed;
      expect(page).not.toHaveProperty('has_more');
      expect(page).not.toHaveProperty('cursor');
      expect(typeof page.hasMore).toBe('boolean');
      cursors.push(page.nextCursor);
      expect(readAnswer(RAW_RESPONSE_SCHEMAS.rawTiktokUserFeed, response.body).ok).toBe(true);
      ids.push(...(page.items as { id: string }[]).map((item) => item.id));
      cursor = rawNextCursor('rawTiktokUserFeed', response.body);
    } while (cursor !== null && ids.length < 1000);
    expect(cursors.length).toBeGreaterThan(1);
    expect(cursors.slice(0, -1).every((value) => typeof value === 'number')).toBe(true);
    expect(cursors[cursors.length - 1]).toBeNull();
    const count = tt.postCount(index);
    expect(ids).toEqual(tt.posts(index, 0, count).items.map((post) => post.id));
  });

  it('takes a numeric TikTok cursor back in the real shapes too, and refuses a made-up number', async () => {
    const tt = world.tiktok;
    const index = smallestCreator(tt, (i) => tt.postCount(i) > 40);
    const first = (await get('/raw/tiktok/user-feed', { url: tt.userId(index) })).body.user_feed;
    const next = String(first.nextCursor);
    const second = await inRealShapes(() =>
      get('/raw/tiktok/user-feed', { url: tt.userId(index), cursor: next }),
    );
    const items = (second.user_feed as { items: { id: string }[] }).items;
    expect(items[0].id).toBe(tt.posts(index, first.items.length, 1).items[0].id);
    const forged = await get('/raw/tiktok/user-feed', {
      url: tt.userId(index),
      cursor: String(Number(next) + 1),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/^cursor must be a cursor from a previous page/);
    const foreign = await get('/raw/tiktok/user-feed', {
      url: tt.userId(smallestCreator(tt, (i) => i !== index)),
      cursor: next,
    });
    expect(foreign.status).toBe(400);
  });

  it('pages YouTube with hasMore and a text nextCursor', async () => {
    const yt = world.youtube;
    const index = smallestCreator(yt, (i) => (yt.postsOfType(i, ['video'], 0, 0).total ?? 0) > 30);
    const response = await get('/raw/youtube/uploaded-videos', { url: yt.userId(index) });
    const page = response.body.videos_list;
    expect(page).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    expect(page).not.toHaveProperty('has_more');
    const next = rawNextCursor('rawYoutubeUploadedVideos', response.body);
    expect(next).toBe(page.nextCursor);
    const second = await get('/raw/youtube/uploaded-videos', { url: yt.userId(index), cursor: next ?? '' });
    expect(second.status).toBe(200);
    expect(second.body.videos_list.videos[0].id).not.toBe(page.videos[0].id);
  });

  it.each<[Platform, string[]]>([
    [
      'instagram',
      [
        'unknown_value profile.gender NON_BINARY',
        'missing profile.audience.credibility',
        'unknown_value profile.accountType Media',
        'missing profile.avgComments',
        'missing profile.sponsoredPostsMedianViews',
      ],
    ],
    [
      'tiktok',
      [
        'missing profile.profile.averageViews',
        'unknown_value profile.gender NON_BINARY',
        'missing profile.totalLikes',
        'missing profile.sponsoredPostsMedianViews',
      ],
    ],
    ['youtube', ['unknown_value profile.gender NON_BINARY']],
  ])(
    'answers %s reports with unknown enum values and null numbers, billed as ever',
    async (platform, drift) => {
      const pc = world.platform(platform);
      const index = smallestCreator(pc, (i) => !isPartialReportCreator(platform, i));
      const path = `/${platform}/profile/${pc.userId(index)}/report`;
      const before = await creditsNow();
      const odd = (await get(path)).body;
      expect(before - (await creditsNow())).toBe(1);
      const real = await inRealShapes(() => get(path));
      const report = odd.profile;
      expect(report.gender).toBe('NON_BINARY');
      expect(report.sponsoredPostsMedianViews).toBeNull();
      expect(report.scores).toEqual({ authenticity: 0.93, brandSafety: 'A' });
      if (platform === 'instagram') {
        expect(report).toMatchObject({ accountType: 'Media', avgComments: null });
        expect(report.audience.credibility).toBeNull();
      } else {
        expect(report.totalLikes).toBeNull();
        expect(report.profile.averageViews).toBeNull();
      }
      expect(report.profile.userId).toBe((real.profile as { profile: { userId: string } }).profile.userId);
      expect(odd).not.toHaveProperty('error');
      expect(driftOf(readAnswer(REPORT_RESPONSE_SCHEMAS[platform], odd)).sort()).toEqual([...drift].sort());
    },
  );

  it('answers search pages without total, their items with the user id inside profile only', async () => {
    const body = { page: 0, filter: { influencer: { followers: { min: 10_000 } } } };
    const before = await creditsNow();
    const odd = (await post('/tiktok/search', body)).body;
    const charged = Math.round((before - (await creditsNow())) * 1000);
    const real = await inRealShapes(() => post('/tiktok/search', body));
    expect(odd).not.toHaveProperty('total');
    expect(odd.directs.length).toBeGreaterThan(0);
    for (const item of odd.directs) {
      expect(item).not.toHaveProperty('userId');
      expect(item.rank_score).toBe(1);
    }
    const realDirects = real.directs as { userId: string }[];
    expect(odd.directs.map((item: { profile: { userId: string } }) => item.profile.userId)).toEqual(
      realDirects.map((item) => item.userId),
    );
    expect(charged).toBe(10 * (odd.directs.length + odd.lookalikes.length));
    expect(driftOf(readAnswer(searchResponseSchema, odd))).toEqual([
      'missing total',
      'missing directs[].userId',
    ]);
  });

  it('answers e-mail search without totalMatches and notMatchedEmails, billed per match as ever', async () => {
    const ig = world.instagram;
    let email: string | null = null;
    for (let index = ig.firstPersonIndex; email === null; index++) email = ig.details(index).email;
    const emails = [email, 'nobody@nowhere.example'];
    const before = await creditsNow();
    const odd = (await post('/email-search', { emails })).body;
    expect(Math.round((before - (await creditsNow())) * 1000)).toBe(20);
    expect(Object.keys(odd).sort()).toEqual(['matchedEmails', ODD_EXTRA_FIELD]);
    expect(odd.matchedEmails.map((match: { email: string }) => match.email)).toEqual([email]);
    const reading = readAnswer(emailSearchResponseSchema, odd);
    expect(reading.ok).toBe(true);
    expect(driftOf(reading)).toEqual(['missing notMatchedEmails']);
  });

  it('names the brands of a collaboration summary in the older { id, brand_name, brand_domain } form', async () => {
    const ig = world.instagram;
    const body = { id: ig.userId(influencerWithCollaborations(ig, 5, 90)), platform: 'instagram' };
    const odd = (await post('/collaborations/summary', body)).body;
    const real = await inRealShapes(() => post('/collaborations/summary', body));
    const realBrands = (real.influencer as { per_brand_summary: { brand: Record<string, string> }[] })
      .per_brand_summary;
    expect(odd.influencer.per_brand_summary.map((entry: { brand: unknown }) => entry.brand)).toEqual(
      realBrands.map(({ brand }) => ({
        id: brand.user_id,
        brand_name: brand.name,
        brand_domain: brand.domain,
      })),
    );
    expect(odd.influencer.summary).toEqual((real.influencer as { summary: unknown }).summary);
    expect(driftOf(readAnswer(collaborationSummaryResponseSchema, odd))).toEqual([]);
    // The real shapes are back for the next request: the cached summary was not rewritten.
    expect(await inRealShapes(() => post('/collaborations/summary', body))).toEqual(real);
  });
});
