import type { Platform } from '../../../../../shared/platforms';
import { AUDIENCE_DEFAULT_WEIGHTS } from '../../../../../shared/requests/search';
import type { Creator } from '../../../../../worker/sandbox/data';
import { discoverySandbox } from './discovery-sandbox';
import {
  allDirects,
  countMatching,
  creatorsOf,
  everyCreator,
  listed,
  rules,
  searchPage,
  type Rule,
} from './search-brute-force';

const sandbox = discoverySandbox();
const world = sandbox.state.world;
const ig = world.instagram;
const creators = {
  instagram: everyCreator(world.instagram),
  tiktok: everyCreator(world.tiktok),
  youtube: everyCreator(world.youtube),
};

/**
 * A filter's total equals the brute-force count, and every direct of its first pages satisfies
 * the rule. The count must lie strictly between 0 and everything, so the filter is really tested.
 */
async function expectFilter(
  platform: Platform,
  filter: Record<string, unknown>,
  rule: Rule,
  options: { allowEmpty?: boolean } = {},
): Promise<number> {
  const expected = countMatching(creators[platform], rule);
  if (!options.allowEmpty) expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(countMatching(creators[platform]));
  const pc = world.platform(platform);
  for (let page = 0; page < 3; page++) {
    const result = await searchPage(sandbox, platform, { filter, page });
    expect(result.status).toBe(200);
    expect(result.total).toBe(expected);
    const found = creatorsOf(pc, result.directs);
    for (const creator of found) {
      expect({ username: creator.username, matches: rule(creator) && listed(creator) }).toEqual({
        username: creator.username,
        matches: true,
      });
    }
  }
  return expected;
}

/** A city of the world that some creators live in. */
function busyCity(): number {
  const counts = new Map<number, number>();
  for (const creator of creators.instagram) {
    if (creator.cityId !== null) counts.set(creator.cityId, (counts.get(creator.cityId) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

describe('search filters, one by one, against a brute-force scan of the world', () => {
  it('followers, engagements and reelsPlays ranges (bounds inclusive)', async () => {
    await expectFilter(
      'instagram',
      { influencer: { followers: { min: 10_000, max: 200_000 } } },
      rules.range('followers', 10_000, 200_000),
    );
    await expectFilter(
      'instagram',
      { influencer: { followers: { min: 50_000 } } },
      rules.range('followers', 50_000),
    );
    await expectFilter(
      'instagram',
      { influencer: { engagements: { max: 300 } } },
      rules.range('engagements', -Infinity, 300),
    );
    await expectFilter(
      'instagram',
      { influencer: { reelsPlays: { min: 20_000 } } },
      rules.range('avgReelsPlays', 20_000),
    );
    const exact = creators.instagram[500].followers;
    await expectFilter(
      'instagram',
      { influencer: { followers: { min: exact, max: exact } } },
      rules.range('followers', exact, exact),
    );
  });

  it('views on TikTok and YouTube, shares and saves on TikTok', async () => {
    await expectFilter('tiktok', { influencer: { views: { min: 50_000 } } }, rules.range('avgViews', 50_000));
    await expectFilter(
      'youtube',
      { influencer: { views: { max: 5_000 } } },
      rules.range('avgViews', -Infinity, 5_000),
    );
    await expectFilter('tiktok', { influencer: { shares: { min: 100 } } }, rules.range('avgShares', 100));
    await expectFilter(
      'tiktok',
      { influencer: { saves: { min: 10, max: 500 } } },
      rules.range('avgSaves', 10, 500),
    );
  });

  it('engagementRate is a minimum fraction', async () => {
    await expectFilter(
      'instagram',
      { influencer: { engagementRate: 0.05 } },
      rules.engagementRateAtLeast(0.05),
    );
    await expectFilter(
      'youtube',
      { influencer: { engagementRate: 0.02 } },
      rules.engagementRateAtLeast(0.02),
    );
  });

  it('location takes countries and cities, any of them', async () => {
    const city = busyCity();
    const us = await expectFilter('instagram', { influencer: { location: [840] } }, rules.inLocations([840]));
    const inCity = await expectFilter(
      'instagram',
      { influencer: { location: [city] } },
      rules.inLocations([city]),
    );
    const either = await expectFilter(
      'instagram',
      { influencer: { location: [840, city] } },
      rules.inLocations([840, city]),
    );
    expect(either).toBeGreaterThanOrEqual(Math.max(us, inCity));
  });

  it('language, lastposted, interests (any) and brands (any)', async () => {
    await expectFilter('tiktok', { influencer: { language: 'es' } }, rules.language('es'));
    await expectFilter('instagram', { influencer: { lastposted: 7 } }, rules.postedWithinDays(ig, 7));
    const one = await expectFilter('instagram', { influencer: { interests: [1] } }, rules.anyInterest([1]));
    const two = await expectFilter(
      'instagram',
      { influencer: { interests: [1, 12] } },
      rules.anyInterest([1, 12]),
    );
    expect(two).toBeGreaterThan(one);
    const brands = [...new Set(creators.instagram.flatMap((creator) => creator.brandIds))].slice(0, 3);
    await expectFilter('instagram', { influencer: { brands } }, rules.anyBrand(brands));
  });

  it('bio matches whole words of the bio, the full name or the handle', async () => {
    await expectFilter('instagram', { influencer: { bio: 'coach' } }, rules.bioWords(ig, 'coach'));
    const someone = creators.instagram[700];
    const handleWord = someone.username.split(/[._\d]/)[0];
    await expectFilter('instagram', { influencer: { bio: handleWord } }, rules.bioWords(ig, handleWord));
    await expectFilter(
      'tiktok',
      { influencer: { bio: 'Travel COACH' } },
      rules.bioWords(world.tiktok, 'travel coach'),
      {
        allowEmpty: true,
      },
    );
    // A part of a word is not a word.
    const partial = await searchPage(sandbox, 'instagram', { filter: { influencer: { bio: 'coac' } } });
    expect(partial.total).toBe(countMatching(creators.instagram, rules.bioWords(ig, 'coac')));
  });

  it('keywords match the words of the creators captions, every word', async () => {
    await expectFilter('instagram', { influencer: { keywords: 'protein' } }, rules.keywords(ig, 'protein'));
    await expectFilter(
      'youtube',
      { influencer: { keywords: 'yoga pilates' } },
      rules.keywords(world.youtube, 'yoga pilates'),
    );
    // Two words of unrelated topics need a creator with both interests.
    const both = await searchPage(sandbox, 'instagram', {
      filter: { influencer: { keywords: 'protein espresso' } },
    });
    expect(both.total).toBe(countMatching(creators.instagram, rules.keywords(ig, 'protein espresso')));
  });

  it('keywords agree with the posts: returned creators use the word in their captions', async () => {
    const result = await searchPage(sandbox, 'instagram', {
      filter: { influencer: { keywords: 'workout', interests: [1] } },
    });
    expect(result.directs.length).toBe(15);
    for (const creator of creatorsOf(ig, result.directs)) {
      const captions = ig.posts(creator.index, 0, 200).items.map((post) => post.text.toLowerCase());
      expect({ creator: creator.username, uses: captions.some((text) => /\bworkout\b/.test(text)) }).toEqual({
        creator: creator.username,
        uses: true,
      });
    }
  });

  it('gender MALE, FEMALE, KNOWN and UNKNOWN', async () => {
    const male = await expectFilter('instagram', { influencer: { gender: 'MALE' } }, rules.gender('MALE'));
    const female = await expectFilter(
      'instagram',
      { influencer: { gender: 'FEMALE' } },
      rules.gender('FEMALE'),
    );
    const known = await expectFilter('instagram', { influencer: { gender: 'KNOWN' } }, rules.gender('KNOWN'));
    await expectFilter('instagram', { influencer: { gender: 'UNKNOWN' } }, rules.gender('UNKNOWN'));
    expect(known).toBe(male + female);
  });

  it('age takes the groups lying within min and max', async () => {
    await expectFilter('instagram', { influencer: { age: { min: 18, max: 35 } } }, rules.ageWithin(18, 35));
    await expectFilter('instagram', { influencer: { age: { min: 45 } } }, rules.ageWithin(45));
    await expectFilter('instagram', { influencer: { age: { max: 25 } } }, rules.ageWithin(undefined, 25));
  });

  it('followersGrowthRate compares the rate of the interval with each operator', async () => {
    await expectFilter(
      'instagram',
      { influencer: { followersGrowthRate: { interval: 'i3months', value: 0.05, operator: 'gt' } } },
      rules.growth('i3months', 'gt', 0.05),
    );
    await expectFilter(
      'instagram',
      { influencer: { followersGrowthRate: { interval: 'i1month', value: 0, operator: 'lte' } } },
      rules.growth('i1month', 'lte', 0),
    );
    await expectFilter(
      'tiktok',
      { influencer: { followersGrowthRate: { interval: 'i6months', value: 0.1, operator: 'gte' } } },
      rules.growth('i6months', 'gte', 0.1),
    );
    await expectFilter(
      'youtube',
      { influencer: { followersGrowthRate: { interval: 'i2months', value: 0.02, operator: 'lt' } } },
      rules.growth('i2months', 'lt', 0.02),
    );
  });

  it('hasContactDetails email must, and mustNot', async () => {
    const must = await expectFilter(
      'instagram',
      { influencer: { hasContactDetails: [{ contactType: 'email', filterAction: 'must' }] } },
      rules.flag('hasEmail', true),
    );
    const mustNot = await expectFilter(
      'instagram',
      { influencer: { hasContactDetails: [{ contactType: 'email', filterAction: 'mustNot' }] } },
      rules.flag('hasEmail', false),
    );
    expect(must + mustNot).toBe(countMatching(creators.instagram));
    const phone = await searchPage(sandbox, 'instagram', {
      filter: { influencer: { hasContactDetails: [{ contactType: 'phone', filterAction: 'must' }] } },
    });
    expect(phone.total).toBe(0);
  });

  it('accountTypes 1, 2, 3 and the flags isVerified, hasSponsoredPosts, hasYouTube', async () => {
    await expectFilter('instagram', { influencer: { accountTypes: [3] } }, rules.accountTypes([3]));
    await expectFilter('instagram', { influencer: { accountTypes: [1, 2] } }, rules.accountTypes([1, 2]));
    await expectFilter('instagram', { influencer: { isVerified: true } }, rules.flag('isVerified', true));
    await expectFilter('instagram', { influencer: { isVerified: false } }, rules.flag('isVerified', false));
    await expectFilter(
      'tiktok',
      { influencer: { hasSponsoredPosts: true } },
      rules.flag('hasSponsoredPosts', true),
    );
    await expectFilter('instagram', { influencer: { hasYouTube: false } }, rules.flag('hasYouTube', false));
  });

  it('textTags: hashtags of the creators topics, brands they work with, creators they feature', async () => {
    const usesGym: Rule = (creator) =>
      creator.interestIds.some(
        (id) => ig.dictionaries.interestProfile(id)?.hashtags.includes('gym') ?? false,
      );
    await expectFilter(
      'instagram',
      { influencer: { textTags: [{ type: 'hashtag', value: '#gym' }] } },
      usesGym,
    );
    const brandId = creators.instagram.find((creator) => creator.brandIds.length > 0)?.brandIds[0] ?? 0;
    const brand = ig.dictionaries.brand(brandId);
    if (brand === undefined) throw new Error('no brand in use');
    const worksWith: Rule = (creator) => creator.brandIds.includes(brandId);
    await expectFilter(
      'instagram',
      { influencer: { textTags: [{ type: 'mention', value: `@${brand.username}` }] } },
      worksWith,
    );
    const featured = creators.instagram.find(
      (creator) => creator.kind === 'person' && ig.featuringCreators(creator.index).length > 1,
    );
    if (featured === undefined) throw new Error('nobody is featured');
    const featuring = new Set(ig.featuringCreators(featured.index));
    const mentionsIt: Rule = (creator) => featuring.has(creator.index);
    await expectFilter(
      'instagram',
      { influencer: { textTags: [{ type: 'mention', value: featured.username }] } },
      mentionsIt,
    );
    const sponsored = await searchPage(sandbox, 'instagram', {
      filter: { influencer: { textTags: [{ type: 'hashtag', value: 'ad' }] } },
    });
    expect(sponsored.total).toBe(countMatching(creators.instagram, rules.flag('hasSponsoredPosts', true)));
    // Entries combine with OR.
    const either = await searchPage(sandbox, 'instagram', {
      filter: {
        influencer: {
          textTags: [
            { type: 'hashtag', value: 'gym' },
            { type: 'mention', value: brand.username },
          ],
        },
      },
    });
    expect(either.total).toBe(countMatching(creators.instagram, rules.any(usesGym, worksWith)));
  });

  it('relevance: creators on the topic of a hashtag, or of an account (not the account itself)', async () => {
    const topicOf =
      (tag: string): Rule =>
      (creator) =>
        creator.interestIds.some(
          (id) => ig.dictionaries.interestProfile(id)?.hashtags.includes(tag) ?? false,
        );
    await expectFilter('instagram', { influencer: { relevance: ['#yoga'] } }, topicOf('yoga'));
    const account = creators.instagram[900];
    const sameTopic: Rule = (creator) =>
      creator.index !== account.index && creator.interestIds.includes(account.interestIds[0]);
    await expectFilter('instagram', { influencer: { relevance: [`@${account.username}`] } }, sameTopic);
    // The named account stays out even when it is on the hashtag's topic too.
    const either: Rule = (creator) =>
      creator.index !== account.index && rules.any(topicOf('yoga'), sameTopic)(creator);
    await expectFilter('instagram', { influencer: { relevance: ['#yoga', `@${account.username}`] } }, either);
  });

  it('audienceRelevance: same top audience country and a shared top audience interest', async () => {
    const account = creators.instagram[1200];
    const resembles: Rule = (creator) =>
      creator.index !== account.index &&
      creator.audience.countries[0]?.key === account.audience.countries[0]?.key &&
      creator.audience.interests.some((interest) =>
        account.audience.interests.some((other) => other.key === interest.key),
      );
    await expectFilter(
      'instagram',
      { influencer: { audienceRelevance: [`@${account.username}`] } },
      resembles,
    );
  });
});

describe('search audience filters, with weights and their defaults', () => {
  const audience = (
    pcName: Platform,
    dimension: 'location' | 'language' | 'interest' | 'age',
    key: string | number,
    weight: number,
  ) => rules.audienceAtLeast(world.platform(pcName), dimension, key, weight);

  it('location: at least the weight (default 0.2) in any of the locations', async () => {
    expect(AUDIENCE_DEFAULT_WEIGHTS.location).toBe(0.2);
    const byDefault = await expectFilter(
      'instagram',
      { audience: { location: [{ id: 826 }] } },
      audience('instagram', 'location', 826, 0.2),
    );
    const low = await expectFilter(
      'instagram',
      { audience: { location: [{ id: 826, weight: 0.05 }] } },
      audience('instagram', 'location', 826, 0.05),
    );
    expect(low).toBeGreaterThan(byDefault);
    await expectFilter(
      'instagram',
      {
        audience: {
          location: [
            { id: 826, weight: 0.05 },
            { id: 276, weight: 0.03 },
          ],
        },
      },
      rules.any(audience('instagram', 'location', 826, 0.05), audience('instagram', 'location', 276, 0.03)),
    );
    const city = busyCity();
    await expectFilter(
      'instagram',
      { audience: { location: [{ id: city, weight: 0.01 }] } },
      audience('instagram', 'location', city, 0.01),
    );
  });

  it('language (default 0.2), including languages outside a creators top two', async () => {
    await expectFilter(
      'tiktok',
      { audience: { language: { id: 'es' } } },
      audience('tiktok', 'language', 'es', 0.2),
    );
    await expectFilter(
      'tiktok',
      { audience: { language: { id: 'fr', weight: 0.02 } } },
      audience('tiktok', 'language', 'fr', 0.02),
    );
  });

  it('gender (default 0.5) and age groups (default 0.3, any of them)', async () => {
    const male: Rule = (creator) => creator.audience.male >= 0.5;
    await expectFilter('instagram', { audience: { gender: { id: 'MALE' } } }, male);
    const mostlyFemale: Rule = (creator) => 1 - creator.audience.male >= 0.7;
    await expectFilter('instagram', { audience: { gender: { id: 'FEMALE', weight: 0.7 } } }, mostlyFemale);
    await expectFilter(
      'youtube',
      { audience: { age: [{ id: '25-34' }] } },
      audience('youtube', 'age', '25-34', 0.3),
    );
    await expectFilter(
      'youtube',
      {
        audience: {
          age: [
            { id: '18-24', weight: 0.35 },
            { id: '45-64', weight: 0.15 },
          ],
        },
      },
      rules.any(audience('youtube', 'age', '18-24', 0.35), audience('youtube', 'age', '45-64', 0.15)),
    );
  });

  it('interests (default 0.3, any of them) and credibility', async () => {
    await expectFilter(
      'instagram',
      { audience: { interests: [{ id: 1 }] } },
      audience('instagram', 'interest', 1, 0.3),
    );
    await expectFilter(
      'instagram',
      {
        audience: {
          interests: [
            { id: 12, weight: 0.05 },
            { id: 19, weight: 0.04 },
          ],
        },
      },
      rules.any(audience('instagram', 'interest', 12, 0.05), audience('instagram', 'interest', 19, 0.04)),
    );
    await expectFilter('instagram', { audience: { credibility: 0.8 } }, rules.credibility(0.8));
  });
});

describe('search combines filters with AND', () => {
  it('an influencer and an audience filter together keep only creators passing both', async () => {
    const filter = {
      influencer: { followers: { min: 5_000 }, gender: 'FEMALE', interests: [19, 21] },
      audience: { location: [{ id: 840, weight: 0.1 }] },
    };
    const both = [
      rules.range('followers', 5_000),
      rules.gender('FEMALE'),
      rules.anyInterest([19, 21]),
      rules.audienceAtLeast(ig, 'location', 840, 0.1),
    ];
    const all: Rule = (creator: Creator) => both.every((rule) => rule(creator));
    const count = await expectFilter('instagram', filter, all);
    for (const rule of both) expect(count).toBeLessThanOrEqual(countMatching(creators.instagram, rule));
    const ids = await allDirects(sandbox, 'instagram', { filter });
    const expected = creators.instagram
      .filter((creator) => listed(creator) && all(creator))
      .map((creator) => creator.userId);
    expect(new Set(ids)).toEqual(new Set(expected));
  });

  it('an Instagram search with an empty filter lists every analysed creator', async () => {
    const result = await searchPage(sandbox, 'instagram', { filter: {} });
    expect(result.total).toBe(countMatching(creators.instagram));
    expect(result.total).toBeLessThan(ig.size); // small private accounts are not listed
  });
});

describe('search refuses what it cannot apply, with readable 400s', () => {
  const cases: [string, Platform, unknown, RegExp][] = [
    [
      'an unknown gender',
      'instagram',
      { filter: { influencer: { gender: 'X' } } },
      /filter\.influencer\.gender must be one of MALE, FEMALE, KNOWN, UNKNOWN, got "X"/,
    ],
    [
      'an account type outside 1..3',
      'instagram',
      { filter: { influencer: { accountTypes: [4] } } },
      /filter\.influencer\.accountTypes\[0\]/,
    ],
    [
      'an age step that is not a step',
      'instagram',
      { filter: { influencer: { age: { min: 20 } } } },
      /filter\.influencer\.age\.min/,
    ],
    [
      'a followers bound that is not a number',
      'tiktok',
      { filter: { influencer: { followers: { min: 'many' } } } },
      /filter\.influencer\.followers\.min must be a number, got "many"/,
    ],
    [
      'min above max',
      'youtube',
      { filter: { influencer: { views: { min: 10, max: 5 } } } },
      /filter\.influencer\.views\.min must be at most max \(5\), got 10/,
    ],
    [
      'an engagement rate above 1',
      'instagram',
      { filter: { influencer: { engagementRate: 2 } } },
      /filter\.influencer\.engagementRate must be at most 1, got 2/,
    ],
    [
      'a growth operator',
      'instagram',
      {
        filter: {
          influencer: { followersGrowthRate: { interval: 'i1month', value: 0.1, operator: 'above' } },
        },
      },
      /operator must be one of gt, gte, lt, lte/,
    ],
    [
      'a growth interval',
      'instagram',
      {
        filter: { influencer: { followersGrowthRate: { interval: 'i7months', value: 0.1, operator: 'gt' } } },
      },
      /interval must be one of i1month/,
    ],
    [
      'a text tag type',
      'instagram',
      { filter: { influencer: { textTags: [{ type: 'emoji', value: 'x' }] } } },
      /textTags\[0\]\.type must be one of hashtag, mention/,
    ],
    [
      'a relevance entry without # or @',
      'instagram',
      { filter: { influencer: { relevance: ['yoga'] } } },
      /relevance\[0\] must be a #hashtag or an @username/,
    ],
    [
      'a relevance account that does not exist',
      'instagram',
      { filter: { influencer: { relevance: ['@nobody.here.at.all'] } } },
      /relevance\[0\] names "@nobody\.here\.at\.all", which is not an account on instagram/,
    ],
    [
      'an audience gender outside MALE/FEMALE',
      'instagram',
      { filter: { audience: { gender: { id: 'KNOWN' } } } },
      /filter\.audience\.gender\.id must be one of MALE, FEMALE/,
    ],
    [
      'an audience weight above 1',
      'instagram',
      { filter: { audience: { location: [{ id: 840, weight: 1.5 }] } } },
      /filter\.audience\.location\[0\]\.weight must be at most 1, got 1\.5/,
    ],
    [
      'an audience age group',
      'tiktok',
      { filter: { audience: { age: [{ id: '20-30' }] } } },
      /filter\.audience\.age\[0\]\.id must be one of 13-17/,
    ],
    [
      'an unknown location id',
      'instagram',
      { filter: { influencer: { location: [840, 99_999_999] } } },
      /filter\.influencer\.location\[1\] 99999999 is not a location id/,
    ],
    [
      'an unknown interest id',
      'instagram',
      { filter: { audience: { interests: [{ id: 250 }] } } },
      /filter\.audience\.interests\[0\]\.id 250 is not an interest id/,
    ],
    [
      'an unknown brand id',
      'instagram',
      { filter: { influencer: { brands: [999_999] } } },
      /filter\.influencer\.brands\[0\] 999999 is not a brand id/,
    ],
    [
      'an unknown language code',
      'tiktok',
      { filter: { influencer: { language: 'xx-yy' } } },
      /filter\.influencer\.language "xx-yy" is not a language code/,
    ],
    [
      'views on Instagram',
      'instagram',
      { filter: { influencer: { views: { min: 1 } } } },
      /filter\.influencer\.views is not a filter of instagram search/,
    ],
    [
      'shares on YouTube',
      'youtube',
      { filter: { influencer: { shares: { min: 1 } } } },
      /filter\.influencer\.shares is not a filter of youtube search/,
    ],
    [
      'a misspelt filter',
      'instagram',
      { filter: { influencer: { folowers: { min: 1 } } } },
      /filter\.influencer\.folowers is not a known filter/,
    ],
    [
      'a bio without a word',
      'instagram',
      { filter: { influencer: { bio: '!!!' } } },
      /filter\.influencer\.bio must hold at least one word/,
    ],
    [
      'a contact action',
      'instagram',
      { filter: { influencer: { hasContactDetails: [{ contactType: 'email', filterAction: 'maybe' }] } } },
      /filterAction must be must or mustNot, got "maybe"/,
    ],
    ['a negative page', 'instagram', { filter: {}, page: -1 }, /page must be at least 0, got -1/],
    ['a body that is not an object', 'instagram', [1, 2], /request must be an object/],
  ];

  it.each(cases)('%s', async (_name, platform, body, message) => {
    const result = await searchPage(sandbox, platform, body);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      error: true,
      code: 'bad_request',
      message: expect.stringMatching(message),
    });
  });
});
