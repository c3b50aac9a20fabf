import request from 'supertest';
import type { Platform } from '../../../../../shared/platforms';
import { REPORT_RESPONSE_SCHEMAS } from '../../../../../shared/responses/reports';
import { findDrift } from '../../../../../shared/responses/tolerant';
import { isVideoType, type PlatformCreators } from '../../../../../worker/sandbox/data';
import { isPartialReportCreator } from '../../../../../worker/sandbox/operations/discovery/partial-reports';
import { PRIVATE_ACCOUNT_MIN_FOLLOWERS } from '../../../../../worker/sandbox/operations/discovery/private-accounts';
import { REPORT_POSTS } from '../../../../../worker/sandbox/operations/discovery/report-metrics';
import { bearer, costOf, creditsOf, discoverySandbox, TOKENS } from './discovery-sandbox';

const sandbox = discoverySandbox();
const world = sandbox.state.world;
const PLATFORMS: Platform[] = ['instagram', 'tiktok', 'youtube'];

function reportOf(platform: Platform, userId: string, query = '', token?: string) {
  return request(sandbox.app)
    .get(`/v1/${platform}/profile/${encodeURIComponent(userId)}/report${query}`)
    .set(bearer(token));
}

function isSmallPrivate(pc: PlatformCreators, index: number): boolean {
  const creator = pc.creator(index);
  return creator.isPrivate && creator.followers < PRIVATE_ACCOUNT_MIN_FOLLOWERS;
}

/**
 * 200 creators spread over the platform: the platform account, brands and people of every size.
 * Creators with a partial report (partial-reports.ts) are left out unless `withPartial`: the tests
 * of complete reports must not meet them, and their own test picks them on purpose.
 */
function sample(pc: PlatformCreators, withPartial = false): number[] {
  const indexes: number[] = [];
  const take = (index: number) => {
    const partial = isPartialReportCreator(pc.platform, index);
    if (!isSmallPrivate(pc, index) && (withPartial || !partial) && !indexes.includes(index)) {
      indexes.push(index);
    }
  };
  take(0);
  take(1);
  for (let k = 1; indexes.length < 200; k++) take((k * 9973) % pc.size);
  return indexes;
}

const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);

describe('reports', () => {
  it.each(PLATFORMS)(
    'parse with the %s report schema for a sample of 200 creators, complete unless partial on purpose',
    async (platform) => {
      const schema = REPORT_RESPONSE_SCHEMAS[platform];
      const pc = world.platform(platform);
      let partial = 0;
      for (const index of sample(pc, true)) {
        const response = await reportOf(platform, pc.userId(index));
        expect(response.status).toBe(200);
        const parsed = schema.safeParse(response.body);
        expect({ index, issues: parsed.success ? [] : parsed.error.issues.slice(0, 3) }).toEqual({
          index,
          issues: [],
        });
        if (isPartialReportCreator(platform, index)) partial++;
        else expect({ index, drift: findDrift(schema, response.body) }).toEqual({ index, drift: [] });
      }
      expect(partial).toBeGreaterThan(5);
    },
  );

  it('carry every field of the Instagram table with the right type', async () => {
    const pc = world.instagram;
    const index = sample(pc).find(
      (i) => pc.creator(i).cityId !== null && pc.creator(i).gender !== null && pc.creator(i).hasEmail,
    );
    if (index === undefined) throw new Error('no complete creator');
    const { body } = await reportOf('instagram', pc.userId(index));
    const profile = body.profile;
    for (const field of [
      'userId',
      'profile',
      'hashtags',
      'mentions',
      'statsByContentType',
      'audience',
      'recentPosts',
      'popularPosts',
      'city',
      'state',
      'subdivision',
      'country',
      'gender',
      'language',
      'contacts',
      'ageGroup',
      'isPrivate',
      'isVerified',
      'accountType',
      'postsCounts',
      'postsCount',
      'avgLikes',
      'avgComments',
      'avgViews',
      'avgReelsPlays',
      'bio',
      'interests',
      'brandAffinity',
      'sponsoredPosts',
      'statHistory',
      'lookalikes',
      'audienceExtra',
      'paidPostPerformanceViews',
      'sponsoredPostsMedianViews',
      'sponsoredPostsMedianLikes',
      'nonSponsoredPostsMedianViews',
      'nonSponsoredPostsMedianLikes',
      'stats',
    ]) {
      expect({ field, present: field in profile }).toEqual({ field, present: true });
    }
    expect(Object.keys(profile.statsByContentType)).toEqual(['all', 'reels']);
    for (const list of [
      'credibility',
      'genders',
      'ages',
      'gendersPerAge',
      'geoCountries',
      'geoCities',
      'languages',
      'interests',
      'brandAffinity',
      'notableUsers',
      'audienceLookalikes',
      'audienceTypes',
      'audienceReachability',
      'ethnicities',
    ]) {
      expect({ list, present: list in profile.audience }).toEqual({ list, present: true });
    }
  });

  it('carry every field of the TikTok table, and the TikTok-like fields on YouTube', async () => {
    for (const platform of ['tiktok', 'youtube'] as const) {
      const pc = world.platform(platform);
      const { body } = await reportOf(platform, pc.userId(sample(pc)[20]));
      const fields = [
        'userId',
        'profile',
        'audience',
        'statsByContentType',
        'recentPosts',
        'popularPosts',
        'isPrivate',
        'isVerified',
        'postsCount',
        'totalLikes',
        'interests',
        'lookalikes',
        'audienceExtra',
        'sponsoredPosts',
        'paidPostPerformanceViews',
        'sponsoredPostsMedianViews',
        'sponsoredPostsMedianLikes',
        'nonSponsoredPostsMedianViews',
        'nonSponsoredPostsMedianLikes',
      ];
      const own =
        platform === 'tiktok'
          ? ['secUid', 'bio']
          : ['statHistory', 'description', 'totalViews', 'lookalikesByTopics', 'audienceCommenters'];
      for (const field of [...fields, ...own]) {
        expect({ platform, field, present: field in body.profile }).toEqual({
          platform,
          field,
          present: true,
        });
      }
      expect(body.profile.profile.averageViews).toBe(pc.creator(sample(pc)[20]).avgViews);
      expect(body.profile.statsByContentType.all.statHistory.length).toBeGreaterThan(0);
    }
  });

  it('on YouTube, carry description (not bio), totalViews, lookalikes by topic, commenters and the @handle', async () => {
    const pc = world.youtube;
    const index = sample(pc)[25];
    const creator = pc.creator(index);
    const { body } = await reportOf('youtube', creator.userId);
    const report = body.profile;
    expect(report).not.toHaveProperty('bio');
    expect(report.description).toBe(pc.details(index).bio);
    expect(report.totalViews).toBe(creator.avgViews * creator.postsCount);
    expect(report.profile.handle).toBe(`@${creator.username}`);
    expect(report.profile).toMatchObject({ engagements: creator.engagements });
    expect(report.lookalikesByTopics.map((entry: { topicId: number }) => entry.topicId)).toEqual(
      creator.interestIds,
    );
    for (const entry of report.lookalikesByTopics as { channels: { userId: string }[] }[]) {
      expect(entry.channels.length).toBeGreaterThan(0);
      expect(entry.channels.map((channel) => channel.userId)).not.toContain(creator.userId);
    }
    expect(Object.keys(report.audienceCommenters)).toEqual(['genders', 'ages', 'geoCountries']);
    expect(report.audienceCommenters.genders.length).toBeGreaterThan(0);
    // A TikTok report keeps its bio and has no handle.
    const tiktok = (await reportOf('tiktok', world.tiktok.userId(sample(world.tiktok)[25]))).body.profile;
    expect(typeof tiktok.bio).toBe('string');
    expect(tiktok.profile).not.toHaveProperty('handle');
  });

  it('agree with the creator everywhere else (median numbers equal the search item and the core)', async () => {
    for (const platform of PLATFORMS) {
      const pc = world.platform(platform);
      const index = sample(pc)[50];
      const creator = pc.creator(index);
      const { body } = await reportOf(platform, creator.username);
      expect(body.profile.userId).toBe(creator.userId);
      expect(body.profile.profile).toMatchObject({
        userId: creator.userId,
        username: creator.username,
        followers: creator.followers,
        engagements: creator.engagements,
        engagementRate: creator.engagements / creator.followers,
      });
      expect(body.profile.postsCount).toBe(creator.postsCount);
      expect(body.profile.recentPosts[0].id).toBe(pc.posts(index, 0, 1).items[0].id);
    }
  });

  it('calculationMethod=average computes averages from the analysed posts; median keeps the core values', async () => {
    let differing = 0;
    for (const platform of PLATFORMS) {
      const pc = world.platform(platform);
      for (const index of sample(pc).slice(10, 30)) {
        const creator = pc.creator(index);
        const posts = pc.posts(index, 0, REPORT_POSTS).items;
        const videos = posts.filter((post) => isVideoType(post.type));
        const median = (await reportOf(platform, creator.userId, '?calculationMethod=median')).body.profile;
        const average = (await reportOf(platform, creator.userId, '?calculationMethod=average')).body.profile;
        const expectedLikes = mean(posts.map((post) => post.likes));
        const expectedComments = mean(posts.map((post) => post.comments));
        const expectedViews = videos.length > 0 ? mean(videos.map((post) => post.views)) : creator.avgViews;
        if (platform === 'instagram') {
          expect(median).toMatchObject({
            avgLikes: creator.avgLikes,
            avgComments: creator.avgComments,
            avgViews: creator.avgViews,
          });
          expect(average).toMatchObject({
            avgLikes: expectedLikes,
            avgComments: expectedComments,
            avgViews: expectedViews,
          });
        } else {
          expect(median.statsByContentType.all).toMatchObject({
            avgLikes: creator.avgLikes,
            avgComments: creator.avgComments,
          });
          expect(average.statsByContentType.all).toMatchObject({
            avgLikes: expectedLikes,
            avgComments: expectedComments,
          });
          expect(average.profile.averageViews).toBe(expectedViews);
        }
        expect(average.profile.engagements).toBe(expectedLikes + expectedComments);
        expect(median.profile.engagements).toBe(creator.engagements);
        if (average.profile.engagements !== median.profile.engagements) differing++;
      }
    }
    expect(differing).toBeGreaterThan(45);
    const defaulted = (await reportOf('tiktok', world.tiktok.userId(700))).body.profile;
    expect(defaulted.statsByContentType.all.avgLikes).toBe(world.tiktok.creator(700).avgLikes);
  });

  it('refuses an unknown calculationMethod', async () => {
    const response = await reportOf('instagram', world.instagram.userId(300), '?calculationMethod=mean');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/calculationMethod must be one of median, average, got "mean"/);
  });

  it('find the creator by handle in any case, with or without @, by user id, by TikTok secUid and by URL', async () => {
    const pc = world.tiktok;
    const creator = pc.creator(sample(pc)[40]);
    const names = [
      creator.username,
      `@${creator.username.toUpperCase()}`,
      creator.userId,
      creator.secUid ?? '',
      `https://www.tiktok.com/@${creator.username}`,
    ];
    for (const name of names) {
      const response = await reportOf('tiktok', name);
      expect({ name, status: response.status, userId: response.body.profile?.userId }).toEqual({
        name,
        status: 200,
        userId: creator.userId,
      });
    }
    expect((await reportOf('tiktok', creator.secUid ?? '')).body.profile.secUid).toBe(creator.secUid);
  });

  it('answer 404 handle_not_found naming the handle and the platform', async () => {
    const response = await reportOf('youtube', '@no.such.channel.anywhere');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      error: true,
      code: 'handle_not_found',
      message: expect.stringMatching(/No youtube account matches "@no\.such\.channel\.anywhere"/),
    });
    // An Instagram handle is not a TikTok one unless the person is on TikTok too.
    const missing = await reportOf('instagram', '99999999999');
    expect(missing.status).toBe(404);
  });

  it('answer 403 private_account for small private accounts and serve bigger private ones', async () => {
    const pc = world.instagram;
    const creators = Array.from({ length: pc.size }, (_, index) => pc.creator(index));
    const small = creators.find(
      (creator) => creator.isPrivate && creator.followers < PRIVATE_ACCOUNT_MIN_FOLLOWERS,
    );
    const big = creators.find(
      (creator) => creator.isPrivate && creator.followers >= PRIVATE_ACCOUNT_MIN_FOLLOWERS,
    );
    if (small === undefined || big === undefined) throw new Error('the world lacks private accounts');
    let refused: request.Response | undefined;
    expect(await costOf(sandbox, async () => (refused = await reportOf('instagram', small.username)))).toBe(
      0,
    );
    expect(refused?.status).toBe(403);
    expect(refused?.body).toEqual({
      error: true,
      code: 'private_account',
      message: `@${small.username} on instagram is a private account with fewer than 10,000 followers; it has no report`,
    });
    const served = await reportOf('instagram', big.username);
    expect(served.status).toBe(200);
    expect(served.body.profile.isPrivate).toBe(true);
  });

  it('list the public e-mail under contacts (contacts are unlocked for sandbox accounts), and nothing without one', async () => {
    for (const platform of PLATFORMS) {
      const pc = world.platform(platform);
      const indexes = sample(pc).slice(2, 60);
      const withEmail = indexes.find((index) => pc.creator(index).hasEmail);
      const without = indexes.find((index) => !pc.creator(index).hasEmail);
      if (withEmail === undefined || without === undefined) throw new Error('sample lacks e-mails');
      const listed = (await reportOf(platform, pc.userId(withEmail))).body.profile;
      expect(listed.contacts).toEqual([{ type: 'email', value: pc.details(withEmail).email }]);
      expect(platform === 'youtube' ? listed.description : listed.bio).toContain(pc.details(withEmail).email);
      const none = (await reportOf(platform, pc.userId(without))).body.profile;
      expect('contacts' in none).toBe(false);
    }
  });

  it('compare the creator with its size group: one median bin, a range holding its followers', async () => {
    for (const platform of PLATFORMS) {
      const pc = world.platform(platform);
      const everyone = Array.from({ length: pc.size }, (_, i) => pc.creator(i).followers);
      for (const index of sample(pc).slice(0, 30)) {
        const extra = (await reportOf(platform, pc.userId(index))).body.profile.audienceExtra;
        const followers = pc.creator(index).followers;
        expect(extra.followersRange.leftNumber).toBeLessThanOrEqual(followers);
        expect(extra.followersRange.rightNumber).toBeGreaterThan(followers);
        expect(
          extra.engagementRateDistribution.filter((bin: { median: boolean }) => bin.median),
        ).toHaveLength(1);
        const counted = extra.engagementRateDistribution.reduce(
          (sum: number, bin: { total: number }) => sum + bin.total,
          0,
        );
        const sameSize = everyone.filter(
          (value) => value >= extra.followersRange.leftNumber && value < extra.followersRange.rightNumber,
        ).length;
        expect(counted).toBe(sameSize);
      }
    }
  });

  it('cost 1 credit; the report of instagram on Instagram is free; a failed report costs nothing', async () => {
    expect(await costOf(sandbox, () => reportOf('instagram', world.instagram.userId(42)))).toBe(1);
    expect(await costOf(sandbox, () => reportOf('youtube', world.youtube.userId(42)))).toBe(1);
    let free: request.Response | undefined;
    expect(await costOf(sandbox, async () => (free = await reportOf('instagram', 'instagram')))).toBe(0);
    expect(free?.body.profile.profile.username).toBe('instagram');
    expect(await costOf(sandbox, () => reportOf('tiktok', 'instagram.nobody.here'))).toBe(0);
  });

  it('answer not_enough_credits below 1 credit, and still serve the free instagram report', async () => {
    const before = await creditsOf(sandbox, TOKENS.poor);
    const refused = await reportOf('tiktok', world.tiktok.userId(42), '', TOKENS.poor);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('not_enough_credits');
    expect((await reportOf('instagram', 'instagram', '', TOKENS.poor)).status).toBe(200);
    expect(await creditsOf(sandbox, TOKENS.poor)).toBe(before);
  });
});
