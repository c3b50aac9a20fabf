import {
  ageStep,
  estimateSearchForm,
  isEmptyFilter,
  searchJobInput,
} from '../../../../addon/server/jobs/search-form-body';
import type { SearchForm } from '../../../../addon/bridge-contract/sidebar-api';
import { SEARCH_REQUEST_SCHEMAS, isEmptySearchFilter } from '../../../../shared/requests/search';

function form(overrides: Partial<SearchForm> = {}): SearchForm {
  return {
    platform: 'instagram',
    title: 'Search',
    influencer: {},
    audience: {},
    sort: { field: 'followers', direction: 'desc' },
    pages: 1,
    ...overrides,
  };
}

describe('searchJobInput', () => {
  it('maps every influencer and audience field of the form to the API body, which the API schema accepts', () => {
    const input = searchJobInput(
      form({
        platform: 'tiktok',
        influencer: {
          followersMin: 10_000,
          followersMax: 500_000,
          engagementRateMin: 2,
          locationIds: [148838],
          language: 'en',
          gender: 'FEMALE',
          ageMin: 20,
          ageMax: 40,
          interestIds: [1, 3],
          brandIds: [7],
          lastPostedDays: 30,
          keywords: '  vegan recipes ',
          bio: 'chef',
          hasEmail: true,
        },
        audience: {
          locations: [{ id: 148838, weight: 0.3 }],
          language: { id: 'en', weight: 20 },
          gender: { id: 'FEMALE', weight: 0.5 },
          ages: [{ id: '18-24', weight: 0.3 }],
          interests: [{ id: 3, weight: 0.25 }],
          credibility: 75,
        },
        sort: { field: 'engagementRate', direction: 'asc' },
        pages: 3,
      }),
    );
    expect(input).toEqual({
      platform: 'tiktok',
      pages: 3,
      sort: { field: 'engagementRate', direction: 'asc' },
      filter: {
        influencer: {
          followers: { min: 10_000, max: 500_000 },
          engagementRate: 0.02,
          location: [148838],
          language: 'en',
          gender: 'FEMALE',
          age: { min: 18, max: 45 },
          interests: [1, 3],
          brands: [7],
          lastposted: 30,
          keywords: 'vegan recipes',
          bio: 'chef',
          hasContactDetails: [{ contactType: 'email', filterAction: 'must' }],
        },
        audience: {
          location: [{ id: 148838, weight: 0.3 }],
          language: { id: 'en', weight: 0.2 },
          gender: { id: 'FEMALE', weight: 0.5 },
          age: [{ id: '18-24', weight: 0.3 }],
          interests: [{ id: 3, weight: 0.25 }],
          credibility: 0.75,
        },
      },
    });
    const parsed = SEARCH_REQUEST_SCHEMAS.tiktok.safeParse({ filter: input.filter, sort: input.sort });
    expect(parsed.success).toBe(true);
  });

  it('leaves empty fields out, so an empty form is an empty filter', () => {
    const input = searchJobInput(
      form({ influencer: { keywords: '  ', locationIds: [] }, audience: { locations: [] } }),
    );
    expect(input.filter).toEqual({});
    expect(isEmptyFilter(input.filter)).toBe(true);
    expect(isEmptySearchFilter(input.filter)).toBe(true);
  });

  it('agrees with shared isEmptySearchFilter', () => {
    for (const filter of [
      {},
      { influencer: {} },
      { influencer: { followers: { min: 1 } } },
      { audience: { credibility: 0.5 } },
    ]) {
      expect(isEmptyFilter(filter)).toBe(isEmptySearchFilter(filter));
    }
  });

  it('refuses what the API would refuse, in sentences', () => {
    expect(() => searchJobInput(form({ influencer: { followersMin: 5000, followersMax: 1000 } }))).toThrow(
      'Followers: the minimum (5,000) is above the maximum (1,000).',
    );
    expect(() => searchJobInput(form({ influencer: { engagementRateMin: 250 } }))).toThrow(
      'Engagement rate must be at most 100%, got 250.',
    );
    expect(() => searchJobInput(form({ influencer: { followersMin: -1 } }))).toThrow(
      'Followers minimum must be a whole number of 0 or more, got -1.',
    );
    expect(() => searchJobInput(form({ pages: 0 }))).toThrow(
      'Pages must be a whole number from 1 to 2000, got 0.',
    );
    expect(() => searchJobInput(form({ pages: 1.5 }))).toThrow(/Pages must be a whole number/);
  });

  it('sorts by followers, descending, when the form names no field', () => {
    expect(searchJobInput(form({ sort: { field: ' ', direction: 'desc' } })).sort).toEqual({
      field: 'followers',
      direction: 'desc',
    });
    expect(
      searchJobInput(form({ sort: { field: 'audienceGeo', direction: 'desc', value: 148838 } })).sort,
    ).toEqual({
      field: 'audienceGeo',
      direction: 'desc',
      value: 148838,
    });
  });
});

describe('ageStep', () => {
  it('snaps a minimum down and a maximum up to the API steps', () => {
    expect([13, 18, 24, 25, 70].map((age) => ageStep(age, 'min'))).toEqual([18, 18, 18, 25, 65]);
    expect([13, 18, 19, 45, 70].map((age) => ageStep(age, 'max'))).toEqual([18, 18, 25, 45, 65]);
  });
});

describe('estimateSearchForm', () => {
  it('prices pages of 15 results at 0.01 each, asking above 1 credit', () => {
    const estimate = estimateSearchForm(form({ influencer: { followersMin: 1000 }, pages: 10 }));
    expect(estimate).toMatchObject({ pages: 10, maxResults: 150, maxCredits: 1.5, needsConfirmation: true });
    expect(estimate.summary).toBe(
      '10 pages of instagram results: at most 150 creators, at most 1.5 credits (0.15 credits a page; pages the worker already holds are free).',
    );
    expect(estimateSearchForm(form({ influencer: { followersMin: 1000 } })).needsConfirmation).toBe(false);
  });

  it('knows the Instagram search without conditions is free', () => {
    const estimate = estimateSearchForm(form({ pages: 5 }));
    expect(estimate.maxCredits).toBe(0);
    expect(estimate.needsConfirmation).toBe(false);
    expect(estimateSearchForm(form({ platform: 'youtube', pages: 5 })).maxCredits).toBe(0.75);
  });
});
