import request from 'supertest';
import type { Platform } from '../../../../../shared/platforms';
import type { Creator, PlatformCreators } from '../../../../../worker/sandbox/data';
import { bearer, costOf, creditsOf, discoverySandbox, TOKENS } from './discovery-sandbox';
import {
  audienceWeight,
  countMatching,
  creatorsOf,
  everyCreator,
  listed,
  rules,
  searchPage,
} from './search-brute-force';

const sandbox = discoverySandbox();
const world = sandbox.state.world;
const ig = world.instagram;

type Key = (creator: Creator) => number;

/**
 * The directs of the first pages are in the key's order (ties: more followers first, then the
 * creator listed first), and the first item is the best key among all matches.
 */
async function expectOrder(
  platform: Platform,
  body: Record<string, unknown>,
  key: Key,
  direction: 'asc' | 'desc',
  matches: (creator: Creator) => boolean = () => true,
): Promise<Creator[]> {
  const pc = world.platform(platform);
  const seen: Creator[] = [];
  for (let page = 0; page < 3; page++) {
    const result = await searchPage(sandbox, platform, { ...body, page });
    expect(result.status).toBe(200);
    seen.push(...creatorsOf(pc, result.directs));
  }
  expect(seen.length).toBeGreaterThan(15);
  const sign = direction === 'desc' ? 1 : -1;
  for (let k = 1; k < seen.length; k++) {
    const [a, b] = [seen[k - 1], seen[k]];
    const difference = (key(a) - key(b)) * sign;
    const inOrder =
      difference > 0 ||
      (difference === 0 && (a.followers > b.followers || (a.followers === b.followers && a.index < b.index)));
    expect({ at: k, inOrder }).toEqual({ at: k, inOrder: true });
  }
  const all = everyCreator(pc).filter((creator) => listed(creator) && matches(creator));
  const best = all.reduce((top, creator) => ((key(creator) - key(top)) * sign > 0 ? creator : top));
  expect(key(seen[0])).toBe(key(best));
  return seen;
}

function audienceShare(
  pc: PlatformCreators,
  dimension: 'location' | 'language' | 'interest',
  key: string | number,
): Key {
  return (creator) => audienceWeight(pc, creator.index, dimension, key);
}

describe('search sorts', () => {
  it('defaults to followers, largest first', async () => {
    await expectOrder(
      'instagram',
      { filter: { influencer: { gender: 'FEMALE' } } },
      (c) => c.followers,
      'desc',
      rules.gender('FEMALE'),
    );
    await expectOrder('tiktok', { filter: {}, sort: { field: 'followers' } }, (c) => c.followers, 'desc');
  });

  it('followers, engagements, engagementRate, reelsPlays, views, shares and saves in both directions', async () => {
    const cases: [Platform, string, Key][] = [
      ['instagram', 'followers', (c) => c.followers],
      ['instagram', 'engagements', (c) => c.engagements],
      ['instagram', 'engagementRate', (c) => c.engagements / c.followers],
      ['instagram', 'reelsPlays', (c) => c.avgReelsPlays],
      ['tiktok', 'views', (c) => c.avgViews],
      ['tiktok', 'shares', (c) => c.avgShares],
      ['tiktok', 'saves', (c) => c.avgSaves],
      ['youtube', 'views', (c) => c.avgViews],
    ];
    for (const [platform, field, key] of cases) {
      const desc = await expectOrder(
        platform,
        { filter: {}, sort: { field, direction: 'desc' } },
        key,
        'desc',
      );
      const asc = await expectOrder(platform, { filter: {}, sort: { field, direction: 'asc' } }, key, 'asc');
      expect(asc[0].userId).not.toBe(desc[0].userId);
    }
  });

  it('keywords: most of the content on the words first', async () => {
    const shares = [0.6, 0.25, 0.15];
    const key: Key = (creator) =>
      creator.interestIds.reduce(
        (sum, id, slot) =>
          sum + (ig.dictionaries.interestProfile(id)?.vocabulary.includes('protein') ? shares[slot] : 0),
        0,
      );
    await expectOrder(
      'instagram',
      { filter: { influencer: { keywords: 'protein' } }, sort: { field: 'keywords' } },
      key,
      'desc',
      rules.keywords(ig, 'protein'),
    );
  });

  it('audience sorts rank by the share their filter asks for', async () => {
    await expectOrder(
      'instagram',
      {
        filter: { audience: { location: [{ id: 840, weight: 0.1 }] } },
        sort: { field: 'audienceGeo', value: 840 },
      },
      audienceShare(ig, 'location', 840),
      'desc',
      rules.audienceAtLeast(ig, 'location', 840, 0.1),
    );
    await expectOrder(
      'instagram',
      {
        filter: { audience: { interests: [{ id: 1, weight: 0.1 }] } },
        sort: { field: 'audienceInterest', value: '1', direction: 'asc' },
      },
      audienceShare(ig, 'interest', 1),
      'asc',
      rules.audienceAtLeast(ig, 'interest', 1, 0.1),
    );
    await expectOrder(
      'tiktok',
      { filter: { audience: { language: { id: 'en', weight: 0.3 } } }, sort: { field: 'audienceLang' } },
      audienceShare(world.tiktok, 'language', 'en'),
      'desc',
      rules.audienceAtLeast(world.tiktok, 'language', 'en', 0.3),
    );
    await expectOrder(
      'instagram',
      { filter: { audience: { gender: { id: 'FEMALE' } } }, sort: { field: 'audienceGender' } },
      (c) => 1 - c.audience.male,
      'desc',
      (c) => c.audience.male <= 0.5,
    );
    const ageShare: Key = (c) =>
      (c.audience.ages.find((a) => a.key === '18-24')?.weight ?? 0) +
      (c.audience.ages.find((a) => a.key === '25-34')?.weight ?? 0);
    await expectOrder(
      'youtube',
      { filter: { audience: { age: [{ id: '18-24' }, { id: '25-34' }] } }, sort: { field: 'audienceAge' } },
      ageShare,
      'desc',
      (c) => c.audience.ages.some((a) => (a.key === '18-24' || a.key === '25-34') && a.weight >= 0.3),
    );
  });

  it('followersGrowth ranks by the rate of the filter interval', async () => {
    const key: Key = (c) => c.followersGrowthRate.i3months ?? Number.NaN;
    await expectOrder(
      'instagram',
      {
        filter: { influencer: { followersGrowthRate: { interval: 'i3months', value: -1, operator: 'gt' } } },
        sort: { field: 'followersGrowth' },
      },
      key,
      'desc',
      (c) => c.followersGrowthRate.i3months !== undefined,
    );
  });

  it('relevance and audienceRelevance rank by how much a creator resembles the query', async () => {
    const topic = ig.dictionaries.interestsOfHashtag('yoga');
    const shares = [0.6, 0.25, 0.15];
    const relevance: Key = (c) =>
      c.interestIds.reduce((sum, id, slot) => sum + (topic.includes(id) ? shares[slot] : 0), 0);
    await expectOrder(
      'instagram',
      { filter: { influencer: { relevance: ['#yoga'] } }, sort: { field: 'relevance' } },
      relevance,
      'desc',
      (c) => relevance(c) > 0,
    );
    const account = ig.creator(1200);
    const resemblance: Key = (c) =>
      c.audience.countries[0]?.key !== account.audience.countries[0]?.key
        ? 0
        : c.audience.interests.reduce((sum, interest) => {
            const other = account.audience.interests.find((entry) => entry.key === interest.key);
            return sum + (other === undefined ? 0 : Math.min(interest.weight, other.weight));
          }, 0);
    const seen = await expectOrder(
      'instagram',
      {
        filter: { influencer: { audienceRelevance: [`@${account.username}`] } },
        sort: { field: 'audienceRelevance', direction: 'desc' },
      },
      (c) => Math.round(resemblance(c) * 10_000),
      'desc',
      (c) => c.index !== account.index && resemblance(c) > 0,
    );
    expect(seen.some((c) => c.index === account.index)).toBe(false);
  });

  it('refuses sorts whose filter is missing, and sorts a platform does not have', async () => {
    const cases: [Platform, Record<string, unknown>, RegExp][] = [
      [
        'instagram',
        { field: 'keywords' },
        /sort\.field keywords needs the filter\.influencer\.keywords filter/,
      ],
      [
        'instagram',
        { field: 'audienceGeo', value: 840 },
        /sort\.field audienceGeo needs the filter\.audience\.location filter/,
      ],
      [
        'instagram',
        { field: 'audienceLang' },
        /sort\.field audienceLang needs the filter\.audience\.language filter/,
      ],
      ['tiktok', { field: 'audienceGender' }, /needs the filter\.audience\.gender filter/],
      ['youtube', { field: 'audienceAge' }, /needs the filter\.audience\.age filter/],
      ['instagram', { field: 'audienceInterest', value: 1 }, /needs the filter\.audience\.interests filter/],
      ['instagram', { field: 'followersGrowth' }, /needs the filter\.influencer\.followersGrowthRate filter/],
      ['instagram', { field: 'relevance' }, /needs the filter\.influencer\.relevance filter/],
      ['instagram', { field: 'audienceRelevance' }, /needs the filter\.influencer\.audienceRelevance filter/],
      ['instagram', { field: 'audienceGeo' }, /sort\.value is required when sort\.field is audienceGeo/],
      ['instagram', { field: 'views' }, /sort\.field must be one of engagements, followers/],
      [
        'tiktok',
        { field: 'reelsPlays' },
        /sort\.field must be one of followers, engagements, engagementRate, views, shares, saves.* on tiktok, got "reelsPlays"/,
      ],
      ['youtube', { field: 'shares' }, /on youtube, got "shares"/],
      [
        'instagram',
        { field: 'followers', direction: 'up' },
        /sort\.direction must be one of asc, desc, got "up"/,
      ],
    ];
    for (const [platform, sort, message] of cases) {
      const result = await searchPage(sandbox, platform, { filter: {}, sort });
      expect(result.status).toBe(400);
      expect(result.body).toEqual({
        error: true,
        code: 'bad_request',
        message: expect.stringMatching(message),
      });
    }
    const badValue = await searchPage(sandbox, 'instagram', {
      filter: { audience: { location: [{ id: 840 }] } },
      sort: { field: 'audienceGeo', value: 'usa' },
    });
    expect(badValue.body.message).toMatch(
      /sort\.value must be a location id when sort\.field is audienceGeo, got "usa"/,
    );
  });
});

describe('search pages', () => {
  const filter = { influencer: { interests: [4] } };
  const expectedTotal = () => countMatching(everyCreator(ig), rules.anyInterest([4]));

  it('hold 15 directs, never repeat a creator, and together list every match once', async () => {
    const total = expectedTotal();
    expect(total).toBeGreaterThan(30);
    const seen: string[] = [];
    const lastPage = Math.ceil(total / 15) - 1;
    for (let page = 0; page <= lastPage; page++) {
      const result = await searchPage(sandbox, 'instagram', { filter, page });
      expect(result.total).toBe(total);
      expect(result.directs.length).toBe(page < lastPage ? 15 : total - 15 * lastPage);
      expect(result.directs.length + result.lookalikes.length).toBeLessThanOrEqual(15);
      seen.push(...result.directs);
    }
    expect(new Set(seen).size).toBe(seen.length);
    const expected = everyCreator(ig)
      .filter((c) => listed(c) && c.interestIds.includes(4))
      .map((c) => c.userId);
    expect(new Set(seen)).toEqual(new Set(expected));
  });

  it('fill the page where the directs run out with lookalikes that are not matches; the next page is empty', async () => {
    const total = expectedTotal();
    const lastPage = Math.floor(total / 15);
    const remainder = total % 15;
    expect(remainder).toBeGreaterThan(0);
    const last = await searchPage(sandbox, 'instagram', { filter, page: lastPage });
    expect(last.directs.length).toBe(remainder);
    expect(last.lookalikes.length).toBe(15 - remainder);
    expect(last.isExactMatch).toBe(false);
    for (const creator of creatorsOf(ig, last.lookalikes)) {
      expect(creator.interestIds.includes(4)).toBe(false);
      expect(listed(creator)).toBe(true);
    }
    const first = await searchPage(sandbox, 'instagram', { filter, page: 0 });
    expect(first.isExactMatch).toBe(true);
    expect(first.lookalikes).toEqual([]);
    const after = await searchPage(sandbox, 'instagram', { filter, page: lastPage + 1 });
    expect(after).toMatchObject({ status: 200, total, directs: [], lookalikes: [] });
  });

  it('with no match at all are empty', async () => {
    const none = await searchPage(sandbox, 'instagram', {
      filter: { influencer: { followers: { min: 1e12 } } },
    });
    expect(none).toMatchObject({ status: 200, total: 0, directs: [], lookalikes: [] });
  });

  it('are the same for the same request', async () => {
    const body = {
      filter: { influencer: { keywords: 'travel' } },
      sort: { field: 'engagementRate' },
      page: 2,
    };
    const [a, b] = [await searchPage(sandbox, 'tiktok', body), await searchPage(sandbox, 'tiktok', body)];
    expect(a.body).toEqual(b.body);
  });

  it('items carry the creators numbers (averageViews on TikTok and YouTube only)', async () => {
    for (const platform of ['instagram', 'tiktok', 'youtube'] as const) {
      const result = await searchPage(sandbox, platform, { filter: {} });
      const item = (result.body.directs as { userId: string; profile: Record<string, unknown> }[])[3];
      const pc = world.platform(platform);
      const summary = pc.summary(pc.indexOfUserId(item.userId));
      expect(item.profile).toMatchObject({
        userId: summary.userId,
        username: summary.username,
        fullname: summary.fullname,
        url: summary.url,
        picture: summary.picture,
        followers: summary.followers,
        engagements: summary.engagements,
        engagementRate: summary.engagementRate,
      });
      expect('averageViews' in item.profile).toBe(platform !== 'instagram');
    }
  });
});

describe('search billing', () => {
  it('costs 0.01 per returned item, directs and lookalikes alike', async () => {
    const page = { filter: { influencer: { interests: [4] } }, page: 0 };
    expect(await costOf(sandbox, () => searchPage(sandbox, 'instagram', page))).toBe(0.15);
    const total = countMatching(everyCreator(ig), rules.anyInterest([4]));
    const last = { ...page, page: Math.floor(total / 15) };
    expect(await costOf(sandbox, () => searchPage(sandbox, 'instagram', last))).toBe(0.15);
    expect(await costOf(sandbox, () => searchPage(sandbox, 'tiktok', { filter: {} }))).toBe(0.15);
  });

  it('a page past the end is empty and free', async () => {
    const body = { filter: { influencer: { interests: [4] } }, page: 500 };
    let result: Awaited<ReturnType<typeof searchPage>> | undefined;
    expect(await costOf(sandbox, async () => (result = await searchPage(sandbox, 'instagram', body)))).toBe(
      0,
    );
    expect(result?.directs).toEqual([]);
  });

  it('an Instagram search with an empty filter is free; the same on TikTok or with a condition is not', async () => {
    for (const filter of [{}, { influencer: {} }, { influencer: {}, audience: {} }]) {
      expect(await costOf(sandbox, () => searchPage(sandbox, 'instagram', { filter, page: 3 }))).toBe(0);
    }
    expect(await costOf(sandbox, () => searchPage(sandbox, 'instagram', {}))).toBe(0);
    expect(await costOf(sandbox, () => searchPage(sandbox, 'youtube', { filter: {} }))).toBe(0.15);
    expect(
      await costOf(sandbox, () =>
        searchPage(sandbox, 'instagram', { filter: { influencer: { isVerified: false } } }),
      ),
    ).toBe(0.15);
  });

  it('fails with not_enough_credits, charging nothing, when the balance cannot pay the page', async () => {
    const before = await creditsOf(sandbox, TOKENS.poor);
    const response = await request(sandbox.app)
      .post('/v1/tiktok/search')
      .set(bearer(TOKENS.poor))
      .send({ filter: {} });
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ error: true, code: 'not_enough_credits' });
    expect(await creditsOf(sandbox, TOKENS.poor)).toBe(before);
    const free = await searchPage(sandbox, 'instagram', { filter: {} }, TOKENS.poor);
    expect(free.status).toBe(200);
  });

  it('a refused request costs nothing', async () => {
    expect(
      await costOf(sandbox, () =>
        searchPage(sandbox, 'instagram', { filter: { influencer: { gender: 'X' } } }),
      ),
    ).toBe(0);
  });
});
