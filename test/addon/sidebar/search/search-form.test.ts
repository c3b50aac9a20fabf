import {
  buildSearchForm,
  initialSearchValues,
  type SearchFormValues,
} from '../../../../addon/sidebar/search/search-form';
import { searchRequestSchema } from '../../../../shared/requests/search';

const GERMANY = { id: 80, label: 'Germany' };
const FRANCE = { id: 75, label: 'France' };
const FITNESS = { id: 13, label: 'Fitness & Yoga' };
const GERMAN = { id: 'de', label: 'German' };
const NIKE = { id: 7, label: 'Nike' };

function values(change: Partial<SearchFormValues> = {}): SearchFormValues {
  return { ...initialSearchValues('instagram'), ...change };
}

function formOf(change: Partial<SearchFormValues>) {
  const result = buildSearchForm(values(change));
  if (!result.ok)
    throw new Error(`Expected a valid form, got: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.form;
}

function errorsOf(change: Partial<SearchFormValues>) {
  const result = buildSearchForm(values(change));
  if (result.ok) throw new Error('Expected the form to be refused');
  return result.errors;
}

describe('buildSearchForm', () => {
  it('maps an untouched form to an Instagram search with no filters, one page, by followers', () => {
    expect(formOf({})).toEqual({
      platform: 'instagram',
      title: 'Instagram search',
      influencer: {},
      audience: {},
      sort: { field: 'followers', direction: 'desc' },
      pages: 1,
    });
  });

  it('maps every creator filter, with percentages as fractions and 10k-style counts', () => {
    const form = formOf({
      followersMin: '10k',
      followersMax: '1,500,000',
      engagementRateMin: '2.5',
      locations: [GERMANY, FRANCE],
      language: GERMAN,
      gender: 'FEMALE',
      ageMin: '18',
      ageMax: '35',
      interests: [FITNESS],
      brands: [NIKE],
      lastPostedDays: '30',
      keywords: '  running shoes ',
      bio: 'coach',
      hasEmail: true,
    });
    expect(form.influencer).toEqual({
      followersMin: 10000,
      followersMax: 1500000,
      engagementRateMin: 0.025,
      locationIds: [80, 75],
      language: 'de',
      gender: 'FEMALE',
      ageMin: 18,
      ageMax: 35,
      interestIds: [13],
      brandIds: [7],
      lastPostedDays: 30,
      keywords: 'running shoes',
      bio: 'coach',
      hasEmail: true,
    });
  });

  it('maps the audience filters, each weight applied to every item of its filter', () => {
    const form = formOf({
      audienceLocations: [GERMANY, FRANCE],
      audienceLocationsWeight: '35',
      audienceLanguage: GERMAN,
      audienceGender: 'FEMALE',
      audienceGenderWeight: '60',
      audienceAges: ['25-34', '18-24'],
      audienceInterests: [FITNESS],
      audienceCredibility: '75',
    });
    expect(form.audience).toEqual({
      locations: [
        { id: 80, weight: 0.35 },
        { id: 75, weight: 0.35 },
      ],
      language: { id: 'de', weight: 0.2 },
      gender: { id: 'FEMALE', weight: 0.6 },
      ages: [
        { id: '18-24', weight: 0.3 },
        { id: '25-34', weight: 0.3 },
      ],
      interests: [{ id: 13, weight: 0.3 }],
      credibility: 0.75,
    });
  });

  it('falls back to the API default weight when a weight is left blank', () => {
    const form = formOf({ audienceInterests: [FITNESS], audienceInterestsWeight: '' });
    expect(form.audience.interests).toEqual([{ id: 13, weight: 0.3 }]);
  });

  it('leaves out weights of audience filters that are not set', () => {
    expect(formOf({ audienceLocationsWeight: '90' }).audience).toEqual({});
  });

  it('produces what the API schema accepts once the server maps it', () => {
    const form = formOf({
      followersMin: '5000',
      engagementRateMin: '3',
      audienceLocations: [GERMANY],
      audienceAges: ['65-'],
      audienceCredibility: '80',
      sortField: 'audienceGeo',
    });
    const body = {
      sort: form.sort,
      filter: {
        influencer: {
          followers: { min: form.influencer.followersMin },
          engagementRate: form.influencer.engagementRateMin,
        },
        audience: {
          location: form.audience.locations,
          age: form.audience.ages,
          credibility: form.audience.credibility,
        },
      },
    };
    expect(searchRequestSchema('instagram').safeParse(body).success).toBe(true);
  });

  it('names each wrong field and says what it takes', () => {
    const errors = errorsOf({
      followersMin: 'lots',
      engagementRateMin: '120',
      lastPostedDays: '0',
      pages: '',
    });
    expect(errors).toEqual([
      { field: 'followersMin', message: 'Followers, min must be a whole number of 0 or more, got "lots"' },
      {
        field: 'engagementRateMin',
        message: 'Engagement rate, min (%) must be a number from 0 to 100, got "120"',
      },
      { field: 'lastPostedDays', message: 'Last posted, days must be a whole number of 1 or more, got "0"' },
      { field: 'pages', message: 'Pages must be a whole number from 1 to 100' },
    ]);
  });

  it('refuses a minimum above its maximum', () => {
    expect(errorsOf({ followersMin: '100k', followersMax: '10k' })).toEqual([
      { field: 'followersMax', message: 'Followers: the minimum (100,000) is above the maximum (10,000)' },
    ]);
    expect(errorsOf({ ageMin: '45', ageMax: '25' })).toEqual([
      { field: 'ageMax', message: 'Age: the minimum (45) is above the maximum (25)' },
    ]);
  });

  it('refuses ages between the API steps and weights above 100%', () => {
    expect(errorsOf({ ageMin: '20' })[0].message).toBe('Age must be one of 18, 25, 35, 45, 65, got 20');
    expect(errorsOf({ audienceGenderWeight: '150' })[0]).toEqual({
      field: 'audienceGenderWeight',
      message: 'Audience gender weight (%) must be a number from 0 to 100, got "150"',
    });
  });

  it('sorts by the share of the first audience location or interest picked', () => {
    expect(
      formOf({ sortField: 'audienceGeo', sortDirection: 'asc', audienceLocations: [FRANCE, GERMANY] }).sort,
    ).toEqual({
      field: 'audienceGeo',
      direction: 'asc',
      value: 75,
    });
    expect(formOf({ sortField: 'audienceInterest', audienceInterests: [FITNESS] }).sort).toEqual({
      field: 'audienceInterest',
      direction: 'desc',
      value: 13,
    });
  });

  it('refuses a sort the API only applies with a filter that is not set, saying which', () => {
    expect(errorsOf({ sortField: 'audienceGeo' })).toEqual([
      {
        field: 'sortField',
        message:
          'Sorting by audience in the first location needs an audience location: pick one under Audience, or sort by another field',
      },
    ]);
    expect(errorsOf({ sortField: 'keywords' })[0].message).toContain(
      'needs keywords: type some under Keywords',
    );
  });

  it('refuses an Instagram-only sort field on another platform', () => {
    expect(errorsOf({ platform: 'tiktok', sortField: 'reelsPlays' })[0]).toEqual({
      field: 'sortField',
      message: 'Sorting by "reelsPlays" is not available on this platform: pick another sort field',
    });
    expect(formOf({ platform: 'youtube', sortField: 'engagementRate' }).sort.field).toBe('engagementRate');
  });

  it('uses the typed title, or the suggestion made from the filters when it is blank', () => {
    expect(formOf({ title: '  Q3 fitness  ' }).title).toBe('Q3 fitness');
    expect(formOf({ followersMin: '10000', followersMax: '100000', locations: [GERMANY] }).title).toBe(
      'Instagram · 10K-100K followers · Germany',
    );
    expect(errorsOf({ title: 'x'.repeat(101) })[0].message).toBe(
      "Title must be at most 100 characters (a tab name's limit), got 101",
    );
  });

  it('keeps pages within 1 to 100', () => {
    expect(formOf({ pages: '20' }).pages).toBe(20);
    expect(errorsOf({ pages: '101' })[0].message).toBe(
      'Pages must be a whole number from 1 to 100, got "101"',
    );
    expect(errorsOf({ pages: '2.5' })[0].field).toBe('pages');
  });
});
