import { AUDIENCE_AGE_GROUPS, AUDIENCE_GENDERS, GENDERS, SEARCH_AGE_STEPS } from '../../../shared/enums';
import type { Platform } from '../../../shared/platforms';
import type { DictionaryOption, SearchForm } from '../../bridge-contract/sidebar-api';
import { isTabWriteMode } from '../../bridge-contract/tab-output';
import { formatCount } from '../ui/count-text';
import { type NumberRule, parseOptionalNumber, percentToFraction } from '../ui/number-input';
import {
  AUDIENCE_DEFAULT_WEIGHT_PERCENT,
  DEFAULT_SORT_FIELD,
  MAX_SEARCH_PAGES,
  MAX_TAB_NAME_CHARS,
  sortChoicesFor,
  type SortNeed,
} from './search-options';
import { suggestSearchTitle } from './search-title';

/**
 * The search form as the page holds it (the text of each field, the chosen dictionary items) and
 * its mapping to the contract's SearchForm. Percentages typed by the user (engagement rate, weights,
 * credibility) travel as the fractions the API uses: 2.5% -> 0.025.
 */
export interface SearchFormValues {
  platform: Platform;
  /** The new tab's name; blank takes the suggestion made from the filters. */
  title: string;
  followersMin: string;
  followersMax: string;
  /** In percent. */
  engagementRateMin: string;
  locations: readonly DictionaryOption[];
  language: DictionaryOption | null;
  /** '' for any. */
  gender: string;
  /** '' or one of the age steps. */
  ageMin: string;
  ageMax: string;
  interests: readonly DictionaryOption[];
  brands: readonly DictionaryOption[];
  lastPostedDays: string;
  keywords: string;
  bio: string;
  hasEmail: boolean;
  audienceLocations: readonly DictionaryOption[];
  /** Weights in percent. */
  audienceLocationsWeight: string;
  audienceLanguage: DictionaryOption | null;
  audienceLanguageWeight: string;
  /** '' for any. */
  audienceGender: string;
  audienceGenderWeight: string;
  audienceAges: readonly string[];
  audienceAgesWeight: string;
  audienceInterests: readonly DictionaryOption[];
  audienceInterestsWeight: string;
  /** The least share of real followers, in percent. */
  audienceCredibility: string;
  sortField: string;
  /** 'asc' or 'desc'. */
  sortDirection: string;
  pages: string;
  /** 'new', 'replace' or 'append' (issue 15): what the run does to the tab `title` names. */
  tabMode: string;
}

export type SearchField = keyof SearchFormValues;

export interface FieldError {
  field: SearchField;
  message: string;
}

export type SearchFormResult = { ok: true; form: SearchForm } | { ok: false; errors: FieldError[] };

export function initialSearchValues(platform: Platform = 'instagram'): SearchFormValues {
  return {
    platform,
    title: '',
    followersMin: '',
    followersMax: '',
    engagementRateMin: '',
    locations: [],
    language: null,
    gender: '',
    ageMin: '',
    ageMax: '',
    interests: [],
    brands: [],
    lastPostedDays: '',
    keywords: '',
    bio: '',
    hasEmail: false,
    audienceLocations: [],
    audienceLocationsWeight: String(AUDIENCE_DEFAULT_WEIGHT_PERCENT.location),
    audienceLanguage: null,
    audienceLanguageWeight: String(AUDIENCE_DEFAULT_WEIGHT_PERCENT.language),
    audienceGender: '',
    audienceGenderWeight: String(AUDIENCE_DEFAULT_WEIGHT_PERCENT.gender),
    audienceAges: [],
    audienceAgesWeight: String(AUDIENCE_DEFAULT_WEIGHT_PERCENT.age),
    audienceInterests: [],
    audienceInterestsWeight: String(AUDIENCE_DEFAULT_WEIGHT_PERCENT.interests),
    audienceCredibility: '',
    sortField: DEFAULT_SORT_FIELD,
    sortDirection: 'desc',
    pages: '1',
    tabMode: 'new',
  };
}

const SORT_NEEDS: Readonly<Record<SortNeed, { has: (v: SearchFormValues) => boolean; what: string }>> = {
  keywords: { has: (v) => v.keywords.trim() !== '', what: 'keywords: type some under Keywords' },
  audienceLocations: {
    has: (v) => v.audienceLocations.length > 0,
    what: 'an audience location: pick one under Audience',
  },
  audienceLanguage: {
    has: (v) => v.audienceLanguage !== null,
    what: 'an audience language: pick one under Audience',
  },
  audienceGender: {
    has: (v) => v.audienceGender !== '',
    what: 'an audience gender: pick one under Audience',
  },
  audienceAges: { has: (v) => v.audienceAges.length > 0, what: 'an audience age: tick one under Audience' },
  audienceInterests: {
    has: (v) => v.audienceInterests.length > 0,
    what: 'an audience interest: pick one under Audience',
  },
};

function numericIds(options: readonly DictionaryOption[]): number[] {
  const ids: number[] = [];
  for (const option of options) {
    const id = typeof option.id === 'number' ? option.id : Number(option.id);
    if (Number.isInteger(id)) ids.push(id);
  }
  return ids;
}

function nonEmpty<T>(items: T[]): T[] | undefined {
  return items.length > 0 ? items : undefined;
}

function textOrUndefined(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** Checks every field and maps the form to SearchForm, or lists each field's problem. */
export function buildSearchForm(values: SearchFormValues): SearchFormResult {
  const errors: FieldError[] = [];
  const number = (field: SearchField, text: string, rule: NumberRule): number | undefined => {
    const parsed = parseOptionalNumber(text, rule);
    if (parsed.ok) return parsed.value;
    errors.push({ field, message: parsed.message });
    return undefined;
  };
  const percent = (field: SearchField, text: string, label: string): number | undefined => {
    const value = number(field, text, { label, min: 0, max: 100 });
    return value === undefined ? undefined : percentToFraction(value);
  };
  const weight = (field: SearchField, text: string, label: string, fallback: number): number =>
    percent(field, text, `${label} weight (%)`) ?? percentToFraction(fallback);

  const followersMin = number('followersMin', values.followersMin, {
    label: 'Followers, min',
    min: 0,
    integer: true,
    allowSuffix: true,
  });
  const followersMax = number('followersMax', values.followersMax, {
    label: 'Followers, max',
    min: 0,
    integer: true,
    allowSuffix: true,
  });
  if (followersMin !== undefined && followersMax !== undefined && followersMin > followersMax) {
    errors.push({
      field: 'followersMax',
      message: `Followers: the minimum (${formatCount(followersMin)}) is above the maximum (${formatCount(followersMax)})`,
    });
  }
  const engagementRateMin = percent(
    'engagementRateMin',
    values.engagementRateMin,
    'Engagement rate, min (%)',
  );

  let gender: SearchForm['influencer']['gender'];
  if (values.gender !== '') {
    if (isOneOf(GENDERS, values.gender)) gender = values.gender;
    else
      errors.push({
        field: 'gender',
        message: `Gender "${values.gender}" is not one of the list: pick again`,
      });
  }

  const ageRule = (label: string): NumberRule => ({ label, integer: true });
  const ageMin = number('ageMin', values.ageMin, ageRule('Age, min'));
  const ageMax = number('ageMax', values.ageMax, ageRule('Age, max'));
  const steps: readonly number[] = SEARCH_AGE_STEPS;
  for (const [field, age] of [
    ['ageMin', ageMin],
    ['ageMax', ageMax],
  ] as const) {
    if (age !== undefined && !steps.includes(age)) {
      errors.push({ field, message: `Age must be one of ${steps.join(', ')}, got ${age}` });
    }
  }
  if (ageMin !== undefined && ageMax !== undefined && ageMin > ageMax) {
    errors.push({
      field: 'ageMax',
      message: `Age: the minimum (${ageMin}) is above the maximum (${ageMax})`,
    });
  }

  const lastPostedDays = number('lastPostedDays', values.lastPostedDays, {
    label: 'Last posted, days',
    min: 1,
    integer: true,
  });

  const influencer: SearchForm['influencer'] = {
    followersMin,
    followersMax,
    engagementRateMin,
    locationIds: nonEmpty(numericIds(values.locations)),
    language: values.language === null ? undefined : String(values.language.id),
    gender,
    ageMin,
    ageMax,
    interestIds: nonEmpty(numericIds(values.interests)),
    brandIds: nonEmpty(numericIds(values.brands)),
    lastPostedDays,
    keywords: textOrUndefined(values.keywords),
    bio: textOrUndefined(values.bio),
    hasEmail: values.hasEmail ? true : undefined,
  };

  const audience: SearchForm['audience'] = {};
  const locationsWeight = weight(
    'audienceLocationsWeight',
    values.audienceLocationsWeight,
    'Audience location',
    AUDIENCE_DEFAULT_WEIGHT_PERCENT.location,
  );
  const locationIds = numericIds(values.audienceLocations);
  if (locationIds.length > 0) audience.locations = locationIds.map((id) => ({ id, weight: locationsWeight }));

  const languageWeight = weight(
    'audienceLanguageWeight',
    values.audienceLanguageWeight,
    'Audience language',
    AUDIENCE_DEFAULT_WEIGHT_PERCENT.language,
  );
  if (values.audienceLanguage !== null) {
    audience.language = { id: String(values.audienceLanguage.id), weight: languageWeight };
  }

  const genderWeight = weight(
    'audienceGenderWeight',
    values.audienceGenderWeight,
    'Audience gender',
    AUDIENCE_DEFAULT_WEIGHT_PERCENT.gender,
  );
  if (values.audienceGender !== '') {
    if (isOneOf(AUDIENCE_GENDERS, values.audienceGender)) {
      audience.gender = { id: values.audienceGender, weight: genderWeight };
    } else {
      errors.push({
        field: 'audienceGender',
        message: `Audience gender must be male or female, got "${values.audienceGender}"`,
      });
    }
  }

  const agesWeight = weight(
    'audienceAgesWeight',
    values.audienceAgesWeight,
    'Audience age',
    AUDIENCE_DEFAULT_WEIGHT_PERCENT.age,
  );
  const unknownAges = values.audienceAges.filter((age) => !isOneOf(AUDIENCE_AGE_GROUPS, age));
  if (unknownAges.length > 0) {
    errors.push({ field: 'audienceAges', message: `Unknown audience age groups: ${unknownAges.join(', ')}` });
  } else if (values.audienceAges.length > 0) {
    // In the list's order, whatever order they were ticked in, so equal searches look equal.
    audience.ages = AUDIENCE_AGE_GROUPS.filter((age) => values.audienceAges.includes(age)).map((id) => ({
      id,
      weight: agesWeight,
    }));
  }

  const interestsWeight = weight(
    'audienceInterestsWeight',
    values.audienceInterestsWeight,
    'Audience interest',
    AUDIENCE_DEFAULT_WEIGHT_PERCENT.interests,
  );
  const interestIds = numericIds(values.audienceInterests);
  if (interestIds.length > 0) audience.interests = interestIds.map((id) => ({ id, weight: interestsWeight }));

  const credibility = percent(
    'audienceCredibility',
    values.audienceCredibility,
    'Audience credibility, min (%)',
  );
  if (credibility !== undefined) audience.credibility = credibility;

  const sort = buildSort(values, errors);

  const pages = number('pages', values.pages, {
    label: 'Pages',
    min: 1,
    max: MAX_SEARCH_PAGES,
    integer: true,
  });
  if (pages === undefined && !errors.some((error) => error.field === 'pages')) {
    errors.push({ field: 'pages', message: `Pages must be a whole number from 1 to ${MAX_SEARCH_PAGES}` });
  }

  const title = values.title.trim() === '' ? suggestSearchTitle(values) : values.title.trim();
  if (title.length > MAX_TAB_NAME_CHARS) {
    errors.push({
      field: 'title',
      message: `Title must be at most ${MAX_TAB_NAME_CHARS} characters (a tab name's limit), got ${title.length}`,
    });
  }

  if (errors.length > 0 || pages === undefined) return { ok: false, errors };
  return {
    ok: true,
    form: {
      platform: values.platform,
      title,
      influencer: withoutUndefined(influencer),
      audience,
      sort,
      pages,
      ...(isTabWriteMode(values.tabMode) && values.tabMode !== 'new' ? { tabMode: values.tabMode } : {}),
    },
  };
}

function buildSort(values: SearchFormValues, errors: FieldError[]): SearchForm['sort'] {
  const direction = values.sortDirection === 'asc' ? 'asc' : 'desc';
  const choice = sortChoicesFor(values.platform).find((option) => option.field === values.sortField);
  if (choice === undefined) {
    errors.push({
      field: 'sortField',
      message: `Sorting by "${values.sortField}" is not available on this platform: pick another sort field`,
    });
    return { field: DEFAULT_SORT_FIELD, direction };
  }
  if (choice.needs !== undefined && !SORT_NEEDS[choice.needs].has(values)) {
    errors.push({
      field: 'sortField',
      message: `Sorting by ${choice.label.toLowerCase()} needs ${SORT_NEEDS[choice.needs].what}, or sort by another field`,
    });
  }
  // These two sort by the share of one location or interest: the first one picked.
  if (choice.field === 'audienceGeo') {
    const first = numericIds(values.audienceLocations)[0];
    if (first !== undefined) return { field: choice.field, direction, value: first };
  }
  if (choice.field === 'audienceInterest') {
    const first = numericIds(values.audienceInterests)[0];
    if (first !== undefined) return { field: choice.field, direction, value: first };
  }
  return { field: choice.field, direction };
}

/** google.script.run copies plain values; leaving unset filters out keeps the payload small and clear. */
function withoutUndefined<T extends object>(value: T): T {
  const copy: Partial<T> = {};
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] !== undefined) copy[key] = value[key];
  }
  return copy as T;
}
