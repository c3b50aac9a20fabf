import {
  type AiFilterValues,
  buildAiFilters,
  initialAiFilterValues,
  phrasesOf,
  snapRange,
  snappedRangeNote,
} from '../../../../addon/sidebar/ai-search/ai-filters-form';
import { aiFiltersSchema } from '../../../../shared/requests/ai-search';

function values(overrides: Partial<AiFilterValues>): AiFilterValues {
  return { ...initialAiFilterValues(), ...overrides };
}

const option = (id: string | number, label = String(id)) => ({ id, label });

describe('buildAiFilters', () => {
  it('leaves every filter out of an untouched form', () => {
    expect(buildAiFilters(initialAiFilterValues(), 'instagram')).toEqual({
      filters: {},
      errors: [],
      notes: [],
    });
  });

  it('snaps follower and view bounds to the API steps and says which range is searched', () => {
    const result = buildAiFilters(
      values({
        followersMin: '12k',
        followersMax: '14,000',
        viewsMin: '5000',
        viewsMax: '4m',
        viewsMethod: 'median',
      }),
      'tiktok',
    );
    expect(result.errors).toEqual([]);
    expect(result.filters).toEqual({
      followersCount: { min: 10000, max: 15000 },
      viewsCount: { min: 5000, calculationMethod: 'median' },
    });
    expect(result.notes).toEqual([
      {
        field: 'followersMax',
        message:
          'Searched as 10,000 to 15,000 followers: AI search rounds a minimum down and a maximum up to its steps (you typed 12,000 to 14,000 followers).',
      },
      {
        field: 'viewsMax',
        message:
          'Searched as 5,000 views per post or more: AI search rounds a minimum down and a maximum up to its steps; no step is above 3,000,000, so there is no maximum (you typed 5,000 to 4,000,000 views per post).',
      },
    ]);
  });

  it('says so when bounds sit on the steps already, and when they are below AI search coverage', () => {
    expect(
      buildAiFilters(values({ followersMin: '50k', followersMax: '1m' }), 'instagram').notes[0].message,
    ).toBe('Searched as 50,000 to 1,000,000 followers.');
    expect(buildAiFilters(values({ followersMax: '8000' }), 'instagram').notes[0].message).toBe(
      'Searched as up to 10,000 followers: AI search rounds a minimum down and a maximum up to its steps (you typed up to 8,000 followers). AI search covers only creators above 10,000 followers.',
    );
  });

  it('maps percentages to fractions, growth with its interval, and every list-like filter', () => {
    const result = buildAiFilters(
      values({
        engagementRateMin: '2.5',
        growthInterval: 'i3months',
        growthMin: '-5',
        growthMax: '20',
        credibility: '75',
        postingFrequencyMin: '4',
        locations: [option(148838, 'Germany'), option(62149, 'Berlin')],
        language: option('de', 'German'),
        gender: 'FEMALE',
        ageMin: '18',
        ageMax: '35',
        accountType: 'creator',
        lastPostedDays: '30',
        maxPostAgeMonths: '6',
        contentType: 'video',
        hasEmail: true,
        username: '@chef',
        brands: [option('Nike')],
        hashtagsInclude: [option('vegan')],
        hashtagsExclude: [option('ad')],
        mentionsInclude: [option('oatly')],
        bio: 'plant based\n\nPlant  based\nrecipes',
        keywords: 'meal prep',
        listId: 'list-1',
        listMode: 'exclude',
      }),
      'instagram',
    );
    expect(result.errors).toEqual([]);
    expect(result.filters).toEqual({
      engagementRate: { min: 0.025 },
      postingFrequency: { min: 4 },
      followersGrowthRate: { interval: 'i3months', min: -0.05, max: 0.2 },
      locations: [148838, 62149],
      language: 'de',
      gender: 'FEMALE',
      age: { min: '18', max: '35' },
      accountType: 'creator',
      lastPostedInDays: 30,
      maxPostAgeMonths: 6,
      contentType: 'video',
      hasEmail: true,
      username: 'chef',
      brands: ['Nike'],
      textTags: [
        { type: 'hashtag', value: 'vegan', mode: 'include' },
        { type: 'hashtag', value: 'ad', mode: 'exclude' },
        { type: 'mention', value: 'oatly', mode: 'include' },
      ],
      bio: ['plant based', 'recipes'],
      keywords: ['meal prep'],
      lists: { listIds: ['list-1'], mode: 'exclude' },
      audience: { credibility: 0.75 },
    });
    // The worker's own schema accepts what the form builds.
    expect(aiFiltersSchema.safeParse(result.filters).success).toBe(true);
  });

  it('names each field that is wrong, in words', () => {
    const result = buildAiFilters(
      values({
        followersMin: '200k',
        followersMax: '100k',
        engagementRateMin: '150',
        ageMin: '45',
        ageMax: '25',
        bio: Array.from({ length: 12 }, (_, i) => `phrase ${i}`).join('\n'),
        hashtagsInclude: [option('vegan')],
        hashtagsExclude: [option('Vegan')],
      }),
      'instagram',
    );
    expect(result.errors).toEqual([
      { field: 'followersMax', message: 'Followers: the minimum (200,000) is above the maximum (100,000)' },
      {
        field: 'engagementRateMin',
        message: 'Engagement rate, min (%) must be a number from 0 to 100, got "150"',
      },
      { field: 'ageMax', message: 'Age: the minimum (45) is above the maximum (25)' },
      {
        field: 'hashtagsExclude',
        message: '#Vegan cannot be both required and excluded: remove it from one of the two',
      },
      { field: 'bio', message: 'Bio phrases: up to 10, got 12; remove 2' },
    ]);
  });

  it('drops mentions on YouTube, which has no mentions dictionary', () => {
    const result = buildAiFilters(values({ mentionsInclude: [option('brand')] }), 'youtube');
    expect(result.filters.textTags).toBeUndefined();
  });
});

describe('snapping helpers', () => {
  it('rounds a minimum down and a maximum up, leaving the top open past the last step', () => {
    expect(snapRange({ min: 0, max: 999 })).toEqual({ min: 1000, max: 1000 });
    expect(snapRange({ min: 160000, max: 160000 })).toEqual({ min: 150000, max: 175000 });
    expect(snapRange({ max: 3_000_001 })).toEqual({});
    expect(snappedRangeNote({ min: 10000 }, { min: 10000 }, 'followers')).toBe(
      'Searched as 10,000 followers or more.',
    );
  });

  it('reads phrases one a line, without blanks or repeats', () => {
    expect(phrasesOf(' a b \n\nA  B\nc\r\n')).toEqual(['a b', 'c']);
  });
});
