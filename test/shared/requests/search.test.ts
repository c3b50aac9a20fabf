import {
  AUDIENCE_DEFAULT_WEIGHTS,
  isEmptySearchFilter,
  searchPathSchema,
  searchRequestSchema,
  SEARCH_REQUEST_SCHEMAS,
  type SearchFilterInput,
} from '../../../shared/requests/search';
import { PLATFORMS } from '../../../shared/platforms';
import { accepted, rejected } from './expect-parse';

const instagram = searchRequestSchema('instagram');
const tiktok = searchRequestSchema('tiktok');
const youtube = searchRequestSchema('youtube');

describe('search request', () => {
  it('fills in the documented defaults: page 0, median, followers desc, empty filter', () => {
    for (const platform of PLATFORMS) {
      expect(accepted(searchRequestSchema(platform), {})).toEqual({
        page: 0,
        calculationMethod: 'median',
        sort: { field: 'followers', direction: 'desc' },
        filter: {},
      });
    }
  });

  it('accepts a filter using every influencer and audience field', () => {
    const body = {
      page: 3,
      calculationMethod: 'average',
      sort: { field: 'audienceGeo', value: 148838, direction: 'asc' },
      filter: {
        influencer: {
          followers: { min: 10000, max: 50000 },
          engagements: { min: 100 },
          reelsPlays: { max: 1e6 },
          engagementRate: 0.02,
          location: [148838, 62149],
          language: 'en',
          lastposted: 30,
          interests: [3, 13],
          brands: [1708],
          bio: 'vegan chef',
          keywords: 'recipe',
          relevance: ['#cooking', '@jamieoliver'],
          audienceRelevance: ['@gordonramsay'],
          gender: 'FEMALE',
          age: { min: 18, max: 35 },
          followersGrowthRate: { interval: 'i3months', value: 0.05, operator: 'gte' },
          hasContactDetails: [{ contactType: 'email', filterAction: 'must' }],
          accountTypes: [2, 3],
          textTags: [{ type: 'hashtag', value: 'vegan' }],
          isVerified: true,
          hasSponsoredPosts: false,
          hasYouTube: true,
        },
        audience: {
          location: [{ id: 148838, weight: 0.3 }],
          language: { id: 'en', weight: 0.5 },
          gender: { id: 'FEMALE', weight: 0.6 },
          age: [{ id: '18-24', weight: 0.25 }, { id: '25-34' }],
          interests: [{ id: 3, weight: 0.1 }],
          credibility: 0.75,
        },
      },
    };
    const parsed = accepted(instagram, body);
    expect(parsed.filter.influencer).toEqual(body.filter.influencer);
    expect(parsed.filter.audience?.age).toEqual([
      { id: '18-24', weight: 0.25 },
      { id: '25-34', weight: AUDIENCE_DEFAULT_WEIGHTS.age },
    ]);
  });

  it('applies the documented default weight to audience filters that omit it', () => {
    const parsed = accepted(instagram, {
      filter: {
        audience: {
          location: [{ id: 1 }],
          language: { id: 'de' },
          gender: { id: 'MALE' },
          age: [{ id: '65-' }],
          interests: [{ id: 7 }],
        },
      },
    });
    expect(parsed.filter.audience).toEqual({
      location: [{ id: 1, weight: 0.2 }],
      language: { id: 'de', weight: 0.2 },
      gender: { id: 'MALE', weight: 0.5 },
      age: [{ id: '65-', weight: 0.3 }],
      interests: [{ id: 7, weight: 0.3 }],
    });
  });

  it('rejects an unknown gender with the allowed values and what it got', () => {
    expect(rejected(instagram, { filter: { influencer: { gender: 'X' } } })).toBe(
      'filter.influencer.gender must be one of MALE, FEMALE, KNOWN, UNKNOWN, got "X"',
    );
  });

  it.each([
    [
      { filter: { influencer: { followers: { min: '1000' } } } },
      'filter.influencer.followers.min must be a number, got "1000"',
    ],
    [
      { filter: { influencer: { followers: { min: 5000, max: 100 } } } },
      'filter.influencer.followers.min must be at most max (100), got 5000',
    ],
    [
      { filter: { influencer: { engagementRate: 2 } } },
      'filter.influencer.engagementRate must be at most 1, got 2',
    ],
    [
      { filter: { influencer: { location: ['US'] } } },
      'filter.influencer.location[0] must be a number, got "US"',
    ],
    [
      { filter: { influencer: { age: { min: 20 } } } },
      'filter.influencer.age.min must be one of 18, 25, 35, 45, 65, got 20',
    ],
    [
      { filter: { influencer: { age: { min: 45, max: 25 } } } },
      'filter.influencer.age.min must be at most max (25), got 45',
    ],
    [
      { filter: { influencer: { accountTypes: [4] } } },
      'filter.influencer.accountTypes[0] must be one of 1, 2, 3, got 4',
    ],
    [
      { filter: { influencer: { relevance: ['cooking'] } } },
      'filter.influencer.relevance[0] must be a #hashtag or an @username, got "cooking"',
    ],
    [
      { filter: { influencer: { audienceRelevance: ['#food'] } } },
      'filter.influencer.audienceRelevance[0] must be an @username, got "#food"',
    ],
    [
      { filter: { influencer: { textTags: [{ type: 'emoji', value: 'x' }] } } },
      'filter.influencer.textTags[0].type must be one of hashtag, mention, got "emoji"',
    ],
    [
      { filter: { influencer: { isVerified: 'yes' } } },
      'filter.influencer.isVerified must be true or false, got "yes"',
    ],
    [{ filter: { influencer: { lastposted: 0 } } }, 'filter.influencer.lastposted must be at least 1, got 0'],
    [
      {
        filter: { influencer: { followersGrowthRate: { interval: 'i7months', value: 0.1, operator: 'gt' } } },
      },
      'filter.influencer.followersGrowthRate.interval must be one of i1month, i2months, i3months, i4months, i5months, i6months, got "i7months"',
    ],
    [
      { filter: { influencer: { followersGrowthRate: { interval: 'i1month', value: 0.1 } } } },
      'filter.influencer.followersGrowthRate.operator is required and must be one of gt, gte, lt, lte',
    ],
    [
      { filter: { audience: { gender: { id: 'KNOWN' } } } },
      'filter.audience.gender.id must be one of MALE, FEMALE, got "KNOWN"',
    ],
    [
      { filter: { audience: { age: [{ id: '18-25' }] } } },
      'filter.audience.age[0].id must be one of 13-17, 18-24, 25-34, 35-44, 45-64, 65-, got "18-25"',
    ],
    [
      { filter: { audience: { location: [{ id: 1, weight: 1.5 }] } } },
      'filter.audience.location[0].weight must be at most 1, got 1.5',
    ],
    [
      { filter: { audience: { credibility: -0.1 } } },
      'filter.audience.credibility must be at least 0, got -0.1',
    ],
    [{ page: -1 }, 'page must be at least 0, got -1'],
    [{ page: 1.5 }, 'page must be a whole number, got 1.5'],
    [{ calculationMethod: 'mean' }, 'calculationMethod must be one of median, average, got "mean"'],
    [{ sort: { field: 'followers', direction: 'up' } }, 'sort.direction must be one of asc, desc, got "up"'],
    [{ filter: [] }, 'filter must be an object, got an array of 0 items'],
  ])('rejects %j with a message naming the field', (body, message) => {
    expect(rejected(instagram, body)).toBe(message);
  });

  it('needs sort.value for the audienceGeo and audienceInterest sorts', () => {
    expect(rejected(instagram, { sort: { field: 'audienceGeo', direction: 'desc' } })).toBe(
      'sort.value is required when sort.field is audienceGeo (the location id to sort by)',
    );
    expect(rejected(instagram, { sort: { field: 'audienceInterest' } })).toBe(
      'sort.value is required when sort.field is audienceInterest (the interest id to sort by)',
    );
    expect(accepted(instagram, { sort: { field: 'audienceInterest', value: 13 } }).sort).toEqual({
      field: 'audienceInterest',
      value: 13,
      direction: 'desc',
    });
  });

  it('limits Instagram sort fields to the documented list but leaves TikTok and YouTube open', () => {
    expect(rejected(instagram, { sort: { field: 'views' } })).toMatch(
      /^sort\.field must be one of engagements, followers, .*reelsPlays, got "views"$/,
    );
    expect(accepted(tiktok, { sort: { field: 'views' } }).sort.field).toBe('views');
    expect(accepted(youtube, { sort: { field: 'views', direction: 'asc' } }).sort.direction).toBe('asc');
  });

  it('validates the platform-specific view, share and save ranges', () => {
    expect(
      accepted(tiktok, {
        filter: { influencer: { views: { min: 1000 }, shares: { min: 5 }, saves: { max: 9 } } },
      }),
    ).toMatchObject({
      filter: { influencer: { views: { min: 1000 }, shares: { min: 5 }, saves: { max: 9 } } },
    });
    expect(rejected(tiktok, { filter: { influencer: { shares: { min: -1 } } } })).toBe(
      'filter.influencer.shares.min must be at least 0, got -1',
    );
    expect(rejected(youtube, { filter: { influencer: { views: { max: 'lots' } } } })).toBe(
      'filter.influencer.views.max must be a number, got "lots"',
    );
    // YouTube has no documented shares filter: it passes through untouched rather than failing.
    expect(accepted(youtube, { filter: { influencer: { shares: 'anything' } } }).filter.influencer).toEqual({
      shares: 'anything',
    });
  });

  it('keeps unknown fields at every level', () => {
    const parsed = accepted(instagram, {
      newTopLevel: 1,
      sort: { field: 'followers', direction: 'desc', extra: true },
      filter: { influencer: { futureFilter: [1] }, audience: { futureAudience: 'x' }, other: {} },
    });
    expect(parsed).toMatchObject({
      newTopLevel: 1,
      sort: { extra: true },
      filter: { influencer: { futureFilter: [1] }, audience: { futureAudience: 'x' }, other: {} },
    });
  });

  it('lists several problems at once', () => {
    expect(rejected(instagram, { page: 'two', filter: { influencer: { gender: 'x' } } })).toBe(
      'page must be a number, got "two"; filter.influencer.gender must be one of MALE, FEMALE, KNOWN, UNKNOWN, got "x"',
    );
  });

  it('has one schema per platform', () => {
    expect(Object.keys(SEARCH_REQUEST_SCHEMAS).sort()).toEqual([...PLATFORMS].sort());
  });
});

describe('isEmptySearchFilter', () => {
  it.each([
    undefined,
    {},
    { influencer: {} },
    { influencer: {}, audience: {} },
    { influencer: { gender: undefined } },
  ])('treats %j as no condition', (filter) => expect(isEmptySearchFilter(filter)).toBe(true));

  const conditions: SearchFilterInput[] = [
    { influencer: { gender: 'MALE' } },
    { audience: { credibility: 0.5 } },
    { influencer: { location: [] } },
    { somethingNew: 1 },
  ];
  it.each(conditions)('treats %j as a condition', (filter) =>
    expect(isEmptySearchFilter(filter)).toBe(false),
  );
});

describe('search path', () => {
  it('takes one of the three platforms', () => {
    expect(accepted(searchPathSchema, { platform: 'youtube' })).toEqual({ platform: 'youtube' });
    expect(rejected(searchPathSchema, { platform: 'twitch' })).toBe(
      'platform must be one of instagram, tiktok, youtube, got "twitch"',
    );
  });
});
