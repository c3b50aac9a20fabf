import request from 'supertest';
import { AI_SEARCH_MIN_FOLLOWERS } from '../../../../../shared/limits';
import {
  aiSearchResponseSchema,
  type AiProfile as TolerantAiProfile,
} from '../../../../../shared/responses/ai-search';
import { createSandboxApp } from '../../../../../worker/sandbox/app';
import type { Clock } from '../../../../../worker/common/clock';
import { parseSandboxConfig } from '../../../../../worker/sandbox/config';
import { FLAG, createWorld, type PlatformCreators } from '../../../../../worker/sandbox/data';
import { sandboxHandlers } from '../../../../../worker/sandbox/operations';
import {
  Bm25,
  analyzeTextQuery,
  normalizedTokens,
  postTerms,
  termStatistics,
} from '../../../../../worker/sandbox/operations/ai/text-relevance';
import { TOKENS, auth, buildAiSandbox, creditsOf, pngBase64 } from './ai-fixture';
import { readComplete, type Complete } from '../../../../support/complete-answer';

/** Profiles of the sandbox's default answers carry every field (readComplete checks it). */
type AiProfile = Complete<TolerantAiProfile>;

const { app, state } = buildAiSandbox();
const world = state.world;
const BROAD_QUERY = 'honest favourite moments';

async function search(path: string, body: object, token: string = TOKENS.main) {
  const response = await request(app).post(`/v1${path}`).set(auth(token)).send(body);
  return response;
}

async function profilesOf(path: string, body: object): Promise<{ total: number; profiles: AiProfile[] }> {
  const response = await search(path, body);
  expect(response.status).toBe(200);
  return readComplete(aiSearchResponseSchema, response.body);
}

function indexOf(pc: PlatformCreators, profile: AiProfile): number {
  const index = pc.indexOfUserId(profile.userId ?? '');
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
}

function interestId(name: string): number {
  const interest = world.dictionaries.interests.find((entry) => entry.name === name);
  if (interest === undefined) throw new Error(`no interest ${name}`);
  return interest.id;
}

describe('AI text search ranks creators and posts by BM25 over their captions', () => {
  const pc = world.platform('instagram');
  const query = 'yoga pilates breathwork flow';

  it('puts creators of the queried interest first and never returns creators without it', async () => {
    const yoga = interestId('Yoga & Pilates');
    const { profiles } = await profilesOf('/ai/instagram/text-search', { query, pageSize: 20 });
    expect(profiles.length).toBeGreaterThan(3);
    const interests = profiles.map((profile) => pc.creator(indexOf(pc, profile)).interestIds);
    expect(interests[0][0]).toBe(yoga);
    const mainYoga = interests.slice(0, 4).filter((ids) => ids[0] === yoga).length;
    expect(mainYoga).toBeGreaterThanOrEqual(3);
    expect(interests.every((ids) => ids.includes(yoga))).toBe(true);

    const gaming = await profilesOf('/ai/instagram/text-search', {
      query: 'gaming stream setup',
      pageSize: 20,
    });
    const gamingTop = pc.creator(indexOf(pc, gaming.profiles[0])).interestIds;
    expect(gamingTop[0]).toBe(interestId('Gaming'));
    const yogaNames = new Set(profiles.map((profile) => profile.username));
    expect(gaming.profiles.filter((profile) => yogaNames.has(profile.username))).toEqual([]);
  });

  it('matches posts that contain query terms, best BM25 score first', async () => {
    const { profiles } = await profilesOf('/ai/instagram/text-search', { query, pageSize: 20 });
    const bm25 = new Bm25(analyzeTextQuery(query, world.dictionaries).terms, termStatistics(pc));
    const terms = new Set(normalizedTokens(query));
    for (const profile of profiles) {
      expect(profile.matchedPosts.length).toBeGreaterThan(0);
      const scores = profile.matchedPosts.map((matched) => {
        const post = pc.findPost(matched.id);
        expect(post?.creatorIndex).toBe(indexOf(pc, profile));
        const words = post === null ? [] : postTerms(post);
        expect(words.some((word) => terms.has(word))).toBe(true);
        return bm25.score(words);
      });
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('re-ranks by content rather than by size', async () => {
    const { profiles } = await profilesOf('/ai/instagram/text-search', { query: BROAD_QUERY, pageSize: 30 });
    const followers = profiles.map((profile) => profile.followersCount);
    expect(followers).not.toEqual([...followers].sort((a, b) => b - a));
  });

  it('finds "workouts" in captions that say "workout" (light stemming on both sides)', async () => {
    const plural = await profilesOf('/ai/tiktok/text-search', { query: 'workouts', pageSize: 10 });
    const singular = await profilesOf('/ai/tiktok/text-search', { query: 'workout', pageSize: 10 });
    expect(plural.profiles.length).toBeGreaterThan(0);
    expect(plural).toEqual(singular);
  });

  it('ignores negations, as the service does: "not yoga" answers like "yoga"', async () => {
    const negated = await profilesOf('/ai/youtube/text-search', { query: 'not yoga', pageSize: 10 });
    const plain = await profilesOf('/ai/youtube/text-search', { query: 'yoga', pageSize: 10 });
    expect(negated.profiles.length).toBeGreaterThan(0);
    expect(negated).toEqual(plain);
  });

  it('refuses a query with nothing to search for', async () => {
    const response = await search('/ai/instagram/text-search', { query: 'not the' });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('query "not the" has no words to search for');
    const missing = await search('/ai/instagram/text-search', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/query/);
  });
});

describe('AI search profiles', () => {
  it('are creators of the path platform above 10,000 followers, public, with the world numbers', async () => {
    for (const platform of ['instagram', 'tiktok', 'youtube'] as const) {
      const pc = world.platform(platform);
      const { profiles } = await profilesOf(`/ai/${platform}/text-search`, {
        query: BROAD_QUERY,
        pageSize: 100,
      });
      expect(profiles.length).toBe(100);
      for (const profile of profiles) {
        const creator = pc.creator(indexOf(pc, profile));
        expect(profile.followersCount).toBe(creator.followers);
        expect(profile.followersCount).toBeGreaterThan(AI_SEARCH_MIN_FOLLOWERS);
        expect(creator.isPrivate).toBe(false);
        expect(profile.username).toBe(creator.username);
        expect(profile.fullName).toBe(creator.fullname);
        expect(profile.profilePicture).toBe(creator.picture);
        expect(profile.accountCategory).toBe(creator.accountCategory);
        expect(profile.postingFrequency).toBe(creator.postingFrequency);
        // A percentage in AI results: 0.71 means 0.71%.
        expect(profile.engagementRate).toBeCloseTo(creator.engagementRate * 100, 2);
        expect(profile.viewsCountMedian).toBe(creator.avgViews);
        expect(profile.followersGrowthRate).toBe(creator.followersGrowthRate.i6months);
        expect(profile.recentPosts).toEqual(
          pc.posts(creator.index, 0, 3).items.map((post) => expect.objectContaining({ id: post.id })),
        );
      }
    }
  });

  it('omit followersGrowthRate when the creator has none for the interval', async () => {
    const pc = world.platform('instagram');
    const { profiles } = await profilesOf('/ai/instagram/text-search', { query: BROAD_QUERY, pageSize: 100 });
    const without = profiles.filter(
      (profile) => pc.creator(indexOf(pc, profile)).followersGrowthRate.i6months === undefined,
    );
    expect(without.length).toBeGreaterThan(0);
    for (const profile of without) expect(profile).not.toHaveProperty('followersGrowthRate');
  });

  it('report hidden likes and disabled comments of matched posts as -1', async () => {
    const pc = world.platform('tiktok');
    const { profiles } = await profilesOf('/ai/tiktok/text-search', { query: BROAD_QUERY, pageSize: 100 });
    let hidden = 0;
    for (const profile of profiles) {
      for (const matched of profile.matchedPosts) {
        const post = pc.findPost(matched.id);
        if (post === null) throw new Error(`unknown post ${matched.id}`);
        expect(matched).toEqual({
          id: post.id,
          url: post.url,
          thumbnail: post.thumbnail,
          stats: {
            likesCount: post.likesHidden ? -1 : post.likes,
            commentsCount: post.commentsDisabled ? -1 : post.comments,
            playsCount: post.views,
          },
        });
        if (post.likesHidden || post.commentsDisabled) hidden++;
      }
    }
    expect(hidden).toBeGreaterThan(0);
  });
});

describe('AI search paging', () => {
  it('allows (page + 1) * pageSize up to 1500 and answers 400 at 1501', async () => {
    const atLimit = await search('/ai/instagram/text-search', {
      query: BROAD_QUERY,
      page: 14,
      pageSize: 100,
    });
    expect(atLimit.status).toBe(200);
    const past = await search('/ai/instagram/text-search', { query: BROAD_QUERY, page: 18, pageSize: 79 });
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('bad_request');
    expect(past.body.message).toContain(
      '(page + 1) * pageSize must be at most 1500, got (18 + 1) * 79 = 1501',
    );
    for (const path of ['/ai/tiktok/image-search', '/ai/youtube/lookalikes']) {
      const deep = await search(path, {
        page: 30,
        pageSize: 50,
        imageType: 'image/png',
        base64Image: pngBase64(1),
        userIds: ['x'],
      });
      expect(deep.status).toBe(400);
      expect(deep.body.message).toContain('with pageSize 50 the last page is 29');
    }
  });

  it('takes page * pageSize as the offset, so pages of any size tile one order', async () => {
    const wide = await profilesOf('/ai/tiktok/text-search', { query: BROAD_QUERY, pageSize: 30 });
    const second = await profilesOf('/ai/tiktok/text-search', { query: BROAD_QUERY, page: 1, pageSize: 10 });
    const third = await profilesOf('/ai/tiktok/text-search', { query: BROAD_QUERY, page: 2, pageSize: 10 });
    const names = (profiles: AiProfile[]) => profiles.map((profile) => profile.username);
    expect(names(second.profiles)).toEqual(names(wide.profiles.slice(10, 20)));
    expect(names(third.profiles)).toEqual(names(wide.profiles.slice(20, 30)));
  });

  it('counts total exactly once every candidate is ranked, and estimates it before', async () => {
    const query = { query: 'food recipe dinner' };
    const all: AiProfile[] = [];
    let total = -1;
    for (let page = 0; page < 15; page++) {
      const result = await profilesOf('/ai/instagram/text-search', { ...query, page, pageSize: 10 });
      if (page === 0) total = result.total;
      all.push(...result.profiles);
      if (result.profiles.length < 10) break;
    }
    expect(all.length).toBe(total);
    expect(new Set(all.map((profile) => profile.username)).size).toBe(all.length);

    const broad = await profilesOf('/ai/youtube/text-search', { query: BROAD_QUERY, pageSize: 5 });
    // An estimate from the candidates ranked so far, rounded to two significant digits.
    expect(broad.total).toBeGreaterThan(100);
    expect(String(broad.total)).toMatch(/^\d\d0*$/);
  });
});

describe('AI search billing', () => {
  it('charges 0.025 credits per returned profile', async () => {
    const before = await creditsOf(app);
    const charged = state.stats.snapshot().operations.aiTextSearch?.credits ?? 0;
    const { profiles } = await profilesOf('/ai/instagram/text-search', { query: BROAD_QUERY, pageSize: 7 });
    expect(profiles).toHaveLength(7);
    expect(await creditsOf(app)).toBeCloseTo(before - 0.175, 6);
    expect(state.stats.snapshot().operations.aiTextSearch?.credits).toBeCloseTo(charged + 0.175, 6);
  });

  it('charges nothing for an empty answer or a refused request', async () => {
    const before = await creditsOf(app);
    const empty = await profilesOf('/ai/instagram/text-search', {
      query: BROAD_QUERY,
      filters: { followersCount: { max: AI_SEARCH_MIN_FOLLOWERS } },
    });
    expect(empty).toEqual({ error: false, total: 0, profiles: [] });
    await search('/ai/instagram/text-search', { query: BROAD_QUERY, pageSize: 0 }).then((response) =>
      expect(response.status).toBe(400),
    );
    expect(await creditsOf(app)).toBe(before);
  });

  it('refuses an answer the balance cannot pay, and bills one it can', async () => {
    const tooMany = await search(
      '/ai/instagram/text-search',
      { query: BROAD_QUERY, pageSize: 3 },
      TOKENS.poor,
    );
    expect(tooMany.status).toBe(402);
    expect(tooMany.body.code).toBe('not_enough_credits');
    expect(await creditsOf(app, TOKENS.poor)).toBe(0.05);
    const two = await search('/ai/instagram/text-search', { query: BROAD_QUERY, pageSize: 2 }, TOKENS.poor);
    expect(two.status).toBe(200);
    expect(await creditsOf(app, TOKENS.poor)).toBe(0);
  });
});

describe('deprecated Instagram AI paths', () => {
  it('/ai/text-search answers like /ai/instagram/text-search, with a Deprecation header', async () => {
    const body = { query: 'coffee latte espresso', pageSize: 5 };
    const old = await search('/ai/text-search', body);
    const current = await search('/ai/instagram/text-search', body);
    expect(old.status).toBe(200);
    expect(old.headers.deprecation).toBe('true');
    expect(current.headers.deprecation).toBeUndefined();
    expect(old.body).toEqual(current.body);
    expect(old.body.profiles.length).toBeGreaterThan(0);
  });

  it('/ai/image-search answers like /ai/instagram/image-search, with a Deprecation header', async () => {
    const body = { imageType: 'image/png', base64Image: pngBase64(7), pageSize: 5 };
    const old = await search('/ai/image-search', body);
    const current = await search('/ai/instagram/image-search', body);
    expect(old.status).toBe(200);
    expect(old.headers.deprecation).toBe('true');
    expect(old.body).toEqual(current.body);
  });
});

describe('AI search determinism', () => {
  it('answers the same request on the same world identically, in any order and on a rebuilt world', async () => {
    const body = { query: 'travel beach island', pageSize: 20, filters: { hasEmail: true } };
    const first = await search('/ai/tiktok/text-search', body);
    await search('/ai/tiktok/text-search', { query: 'gaming', pageSize: 50 });
    const again = await search('/ai/tiktok/text-search', body);
    expect(again.body).toEqual(first.body);
    const rebuilt = buildAiSandbox();
    const other = await request(rebuilt.app).post('/v1/ai/tiktok/text-search').set(auth()).send(body);
    expect(other.body).toEqual(first.body);
  });
});

describe('AI search rate limit', () => {
  const config = parseSandboxConfig({ SANDBOX_RATE_AI: '1' });
  let now = Date.UTC(2026, 0, 15);
  const clock: Clock = { now: () => now };
  const limited = createSandboxApp({
    world: createWorld({ creatorsPerPlatform: 500, now }),
    handlers: sandboxHandlers,
    config,
    clock,
  });

  it('answers a second immediate AI search of a token with 429 and Retry-After, the next second with 200', async () => {
    const body = { query: 'yoga', pageSize: 1 };
    const first = await request(limited.app).post('/v1/ai/instagram/text-search').set(auth()).send(body);
    expect(first.status).toBe(200);
    const second = await request(limited.app)
      .post('/v1/ai/tiktok/lookalikes')
      .set(auth())
      .send({ userIds: ['x'] });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe('rate_limited');
    expect(second.headers['retry-after']).toBe('1');
    // AI dictionaries and lists are free and not rate limited.
    await request(limited.app).get('/v1/ai/brands?limit=1').set(auth()).expect(200);
    await request(limited.app).get('/v1/ai/lists').set(auth()).expect(200);
    now += 1000;
    const later = await request(limited.app).post('/v1/ai/instagram/text-search').set(auth()).send(body);
    expect(later.status).toBe(200);
  });
});

describe('AI search coverage', () => {
  it('never returns private creators or creators at or below 10,000 followers', async () => {
    for (const platform of ['instagram', 'youtube'] as const) {
      const pc = world.platform(platform);
      const { profiles } = await profilesOf(`/ai/${platform}/text-search`, {
        query: BROAD_QUERY,
        pageSize: 100,
        page: 1,
      });
      for (const profile of profiles) {
        const index = indexOf(pc, profile);
        expect(pc.columns.followers[index]).toBeGreaterThan(AI_SEARCH_MIN_FOLLOWERS);
        expect(pc.columns.flags[index] & FLAG.private).toBe(0);
      }
    }
  });
});
