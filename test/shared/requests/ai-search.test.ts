import {
  AI_SEARCH_DEFAULT_PAGE_SIZE,
  AI_SEARCH_MAX_PAGE_SIZE,
  aiFiltersSchema,
  aiImageSearchDeprecatedRequestSchema,
  aiImageSearchRequestSchema,
  aiLookalikesRequestSchema,
  aiSearchPathSchema,
  aiTextSearchDeprecatedRequestSchema,
  aiTextSearchRequestSchema,
  snapAiFilters,
  snapAiRange,
} from '../../../shared/requests/ai-search';
import { AI_IMAGE_MAX_BASE64_CHARS } from '../../../shared/limits';
import { accepted, rejected } from './expect-parse';

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const image = (overrides: object = {}) => ({ imageType: 'image/png', base64Image: PNG_1PX, ...overrides });
const text = (overrides: object = {}) => ({ query: 'vegan recipes', ...overrides });
const filtered = (filters: object) => text({ filters });

describe('AI search paging', () => {
  it('defaults to the first page of the default size', () => {
    expect(accepted(aiTextSearchRequestSchema, text())).toEqual({
      query: 'vegan recipes',
      page: 0,
      pageSize: AI_SEARCH_DEFAULT_PAGE_SIZE,
    });
  });

  it('allows a depth of exactly 1500 and rejects 1501 naming the numbers', () => {
    expect(accepted(aiTextSearchRequestSchema, text({ page: 14, pageSize: 100 })).page).toBe(14);
    expect(accepted(aiTextSearchRequestSchema, text({ page: 29, pageSize: 50 })).page).toBe(29);
    expect(rejected(aiTextSearchRequestSchema, text({ page: 18, pageSize: 79 }))).toBe(
      '(page + 1) * pageSize must be at most 1500, got (18 + 1) * 79 = 1501 (with pageSize 79 the last page is 17)',
    );
    expect(rejected(aiTextSearchRequestSchema, text({ page: 30, pageSize: 50 }))).toBe(
      '(page + 1) * pageSize must be at most 1500, got (30 + 1) * 50 = 1550 (with pageSize 50 the last page is 29)',
    );
  });

  it('applies the depth rule to every AI search body', () => {
    const deep = { page: 30, pageSize: 50 };
    expect(rejected(aiImageSearchRequestSchema, image(deep))).toMatch(/^\(page \+ 1\) \* pageSize/);
    expect(rejected(aiLookalikesRequestSchema, { userIds: ['a'], ...deep })).toMatch(/= 1550/);
  });

  it('bounds pageSize between 1 and the chosen maximum', () => {
    expect(accepted(aiTextSearchRequestSchema, text({ pageSize: AI_SEARCH_MAX_PAGE_SIZE })).pageSize).toBe(
      100,
    );
    expect(rejected(aiTextSearchRequestSchema, text({ pageSize: 101 }))).toBe(
      'pageSize must be at most 100, got 101',
    );
    expect(rejected(aiTextSearchRequestSchema, text({ pageSize: 0 }))).toBe(
      'pageSize must be at least 1, got 0',
    );
  });
});

describe('AI image search', () => {
  it('accepts each documented image type', () => {
    for (const imageType of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(accepted(aiImageSearchRequestSchema, image({ imageType })).imageType).toBe(imageType);
    }
  });

  it('rejects another MIME type', () => {
    expect(rejected(aiImageSearchRequestSchema, image({ imageType: 'image/gif' }))).toBe(
      'imageType must be one of image/jpeg, image/png, image/webp, got "image/gif"',
    );
    expect(rejected(aiImageSearchRequestSchema, { base64Image: PNG_1PX })).toBe(
      'imageType is required and must be one of image/jpeg, image/png, image/webp',
    );
  });

  it('accepts an image of exactly 5 MB of base64 and rejects one character more', () => {
    const atLimit = 'A'.repeat(AI_IMAGE_MAX_BASE64_CHARS);
    expect(accepted(aiImageSearchRequestSchema, image({ base64Image: atLimit })).base64Image).toHaveLength(
      AI_IMAGE_MAX_BASE64_CHARS,
    );
    expect(rejected(aiImageSearchRequestSchema, image({ base64Image: `${atLimit}A` }))).toBe(
      'base64Image must be at most 5 MB of base64 (5242880 characters), got 5242881 characters',
    );
  });

  it('rejects text that is not bare base64', () => {
    expect(
      rejected(aiImageSearchRequestSchema, image({ base64Image: `data:image/png;base64,${PNG_1PX}` })),
    ).toBe('base64Image must be bare base64, without a "data:...;base64," prefix');
    expect(rejected(aiImageSearchRequestSchema, image({ base64Image: 'abc$def' }))).toMatch(
      /^base64Image must be base64: only A-Z, a-z, 0-9, \+ and \//,
    );
    expect(rejected(aiImageSearchRequestSchema, image({ base64Image: 'abcd\nefgh' }))).toMatch(
      /no spaces or line breaks/,
    );
    expect(rejected(aiImageSearchRequestSchema, image({ base64Image: '' }))).toBe(
      'base64Image must not be empty',
    );
  });

  it('takes the same body on the deprecated Instagram path', () => {
    expect(accepted(aiImageSearchDeprecatedRequestSchema, image()).imageType).toBe('image/png');
    expect(rejected(aiImageSearchDeprecatedRequestSchema, image({ imageType: 'image/bmp' }))).toMatch(
      /^imageType/,
    );
  });
});

describe('AI text search', () => {
  it('needs a non-empty query', () => {
    expect(rejected(aiTextSearchRequestSchema, {})).toBe('query is required');
    expect(rejected(aiTextSearchRequestSchema, { query: '   ' })).toBe('query must not be empty');
    expect(accepted(aiTextSearchDeprecatedRequestSchema, { query: ' cats ' }).query).toBe('cats');
  });
});

describe('AI lookalikes', () => {
  it('takes 1 to 5 source creators', () => {
    expect(accepted(aiLookalikesRequestSchema, { userIds: ['a'] }).userIds).toEqual(['a']);
    expect(accepted(aiLookalikesRequestSchema, { userIds: ['a', 'b', 'c', 'd', 'e'] }).userIds).toHaveLength(
      5,
    );
    expect(rejected(aiLookalikesRequestSchema, { userIds: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe(
      'userIds must hold 1 to 5 ids, got 6',
    );
    expect(rejected(aiLookalikesRequestSchema, { userIds: [] })).toBe('userIds must hold 1 to 5 ids, got 0');
  });
});

describe('AI filters', () => {
  it('accepts every documented filter', () => {
    const filters = {
      followersCount: { min: 12000, max: 90000 },
      locations: [148838],
      gender: 'KNOWN',
      lastPostedInDays: 30,
      accountType: 'creator',
      language: 'en',
      age: { min: '13', max: '25' },
      engagementRate: { min: 0.01 },
      postingFrequency: { min: 2, max: 20 },
      viewsCount: { min: 1000, max: 5000, calculationMethod: 'average' },
      followersGrowthRate: { interval: 'i2months', min: -0.05, max: 0.2 },
      hasEmail: true,
      brands: ['Nike'],
      username: 'someone',
      maxPostAgeMonths: 6,
      contentType: 'video',
      textTags: [{ type: 'mention', value: 'nike', mode: 'exclude' }],
      bio: ['runner', 'coach'],
      keywords: 'marathon',
      lists: { listIds: ['list-1'], mode: 'include' },
      audience: { credibility: 0.75 },
    };
    expect(accepted(aiTextSearchRequestSchema, filtered(filters)).filters).toEqual(filters);
  });

  it('fills in the growth interval and the text tag mode', () => {
    const parsed = accepted(aiFiltersSchema, {
      followersGrowthRate: { min: 0.01 },
      textTags: [{ type: 'hashtag', value: 'vegan' }],
    });
    expect(parsed.followersGrowthRate).toEqual({ interval: 'i6months', min: 0.01 });
    expect(parsed.textTags).toEqual([{ type: 'hashtag', value: 'vegan', mode: 'include' }]);
  });

  it('takes up to 10 phrases in bio and keywords', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `phrase ${i}`);
    expect(accepted(aiFiltersSchema, { bio: ten, keywords: ten }).bio).toHaveLength(10);
    expect(rejected(aiFiltersSchema, { bio: [...ten, 'eleven'] })).toBe(
      'bio must hold 1 to 10 phrases, got 11',
    );
    expect(rejected(aiFiltersSchema, { keywords: [...ten, 'eleven'] })).toBe(
      'keywords must hold 1 to 10 phrases, got 11',
    );
    expect(rejected(aiFiltersSchema, { keywords: 7 })).toBe('keywords must be a string or an array, got 7');
  });

  it.each([
    [{ gender: 'OTHER' }, 'gender must be one of MALE, FEMALE, KNOWN, UNKNOWN, got "OTHER"'],
    [
      { accountType: 'person' },
      'accountType must be one of creator, individual_creator, group_creator, brand, anonymous_content, got "person"',
    ],
    [{ age: { min: 13, max: '25' } }, 'age.min must be one of 13, 18, 25, 35, 45, 65, got 13'],
    [{ age: { max: '13' } }, 'age.max must be one of 18, 25, 35, 45, 65, got "13"'],
    [{ age: { min: '35', max: '25' } }, 'age.min must be at most max ("25"), got "35"'],
    [{ engagementRate: { min: 1.5 } }, 'engagementRate.min must be at most 1, got 1.5'],
    [
      { followersCount: { min: 50000, max: 10000 } },
      'followersCount.min must be at most max (10000), got 50000',
    ],
    [
      { viewsCount: { calculationMethod: 'mode' } },
      'viewsCount.calculationMethod must be one of median, average, got "mode"',
    ],
    [{ followersGrowthRate: { interval: 'i1month' } }, 'followersGrowthRate needs min, max or both'],
    [
      { followersGrowthRate: { interval: 'monthly', min: 0 } },
      'followersGrowthRate.interval must be one of i1month, i2months, i3months, i4months, i5months, i6months, got "monthly"',
    ],
    [{ maxPostAgeMonths: 4 }, 'maxPostAgeMonths must be one of 3, 6, 9, 12, got 4'],
    [{ contentType: 'reel' }, 'contentType must be one of video, image, got "reel"'],
    [
      { textTags: [{ type: 'hashtag', value: '#vegan' }] },
      'textTags[0].value must be given without the leading # or @, got "#vegan"',
    ],
    [
      { textTags: [{ type: 'mention', value: '@nike' }] },
      'textTags[0].value must be given without the leading # or @, got "@nike"',
    ],
    [
      { textTags: [{ type: 'hashtag', value: 'vegan', mode: 'only' }] },
      'textTags[0].mode must be one of include, exclude, got "only"',
    ],
    [{ lists: { listIds: ['a', 'b'], mode: 'include' } }, 'lists.listIds must hold exactly 1 list id, got 2'],
    [{ lists: { listIds: [], mode: 'include' } }, 'lists.listIds must hold exactly 1 list id, got 0'],
    [{ lists: { listIds: ['a'] } }, 'lists.mode is required and must be one of include, exclude'],
    [{ audience: { credibility: 2 } }, 'audience.credibility must be at most 1, got 2'],
    [{ hasEmail: 'true' }, 'hasEmail must be true or false, got "true"'],
    [{ lastPostedInDays: 2.5 }, 'lastPostedInDays must be a whole number, got 2.5'],
  ])('rejects %j', (filters, message) => {
    expect(rejected(aiFiltersSchema, filters)).toBe(message);
    expect(rejected(aiTextSearchRequestSchema, filtered(filters))).toBe(`filters.${message}`);
  });

  it('keeps unknown filters', () => {
    expect(accepted(aiFiltersSchema, { newFilter: { x: 1 }, audience: { newAudience: 2 } })).toEqual({
      newFilter: { x: 1 },
      audience: { newAudience: 2 },
    });
  });
});

describe('snapping follower and view bounds', () => {
  it('rounds min down and max up to the documented steps', () => {
    expect(snapAiRange({ min: 12000, max: 12000 })).toEqual({ min: 10000, max: 15000 });
    expect(snapAiRange({ min: 500 })).toEqual({ min: 1000 });
    expect(snapAiRange({ max: 5_000_000 })).toEqual({});
  });

  it('snaps followersCount and viewsCount and leaves the other filters alone', () => {
    const filters = accepted(aiFiltersSchema, {
      followersCount: { min: 12000, max: 4_000_000 },
      viewsCount: { min: 2500, calculationMethod: 'median' },
      gender: 'MALE',
    });
    expect(snapAiFilters(filters)).toEqual({
      followersCount: { min: 10000 },
      viewsCount: { min: 1000, calculationMethod: 'median' },
      gender: 'MALE',
    });
    expect(filters.followersCount).toEqual({ min: 12000, max: 4_000_000 });
  });
});

describe('AI search path', () => {
  it('takes one of the three platforms', () => {
    expect(accepted(aiSearchPathSchema, { platform: 'tiktok' })).toEqual({ platform: 'tiktok' });
    expect(rejected(aiSearchPathSchema, { platform: 'x' })).toBe(
      'platform must be one of instagram, tiktok, youtube, got "x"',
    );
  });
});
