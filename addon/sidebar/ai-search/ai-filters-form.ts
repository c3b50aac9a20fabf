import {
  AI_ACCOUNT_TYPES,
  AI_AGE_MAX_VALUES,
  AI_AGE_MIN_VALUES,
  CALCULATION_METHODS,
  CONTENT_TYPES,
  GENDERS,
  GROWTH_INTERVALS,
  MAX_POST_AGE_MONTHS,
} from '../../../shared/enums';
import { AI_MAX_PHRASES, AI_SEARCH_MIN_FOLLOWERS, FOLLOWER_STEPS } from '../../../shared/limits';
import { MENTION_PLATFORMS, type Platform } from '../../../shared/platforms';
import { roundMaxUp, roundMinDown } from '../../../shared/rounding';
import type { AiRange, AiSearchFilters } from '../../bridge-contract/ai-search-api';
import type { DictionaryOption } from '../../bridge-contract/sidebar-api';
import { formatCount } from '../ui/count-text';
import { type NumberRule, parseOptionalNumber, percentToFraction } from '../ui/number-input';

/**
 * Every `filters.*` of AI search as the sidebar's form holds it (the text of each field, the
 * chosen dictionary items) and its mapping to the API's filters. What the API would do quietly is
 * done here and shown: follower and view bounds snap to the API's steps (a minimum down, a maximum
 * up) and the form says which range is searched; percentages become the fractions the API takes;
 * phrases are one a line, at most 10.
 */
export interface AiFilterValues {
  followersMin: string;
  followersMax: string;
  viewsMin: string;
  viewsMax: string;
  /** '' (the API's default), 'median' or 'average'. */
  viewsMethod: string;
  /** In percent. */
  engagementRateMin: string;
  postingFrequencyMin: string;
  postingFrequencyMax: string;
  /** One of GROWTH_INTERVALS. */
  growthInterval: string;
  /** In percent; negatives allowed (shrinking audiences). */
  growthMin: string;
  growthMax: string;
  locations: readonly DictionaryOption[];
  language: DictionaryOption | null;
  /** '' for any. */
  gender: string;
  ageMin: string;
  ageMax: string;
  accountType: string;
  lastPostedDays: string;
  maxPostAgeMonths: string;
  contentType: string;
  hasEmail: boolean;
  username: string;
  brands: readonly DictionaryOption[];
  hashtagsInclude: readonly DictionaryOption[];
  hashtagsExclude: readonly DictionaryOption[];
  mentionsInclude: readonly DictionaryOption[];
  mentionsExclude: readonly DictionaryOption[];
  /** One phrase a line. */
  bio: string;
  keywords: string;
  /** A list id, or '' for none. */
  listId: string;
  listMode: string;
  /** The least share of real followers, in percent. */
  credibility: string;
}

export type AiFilterField = keyof AiFilterValues;

export interface AiFieldMessage<F extends string = AiFilterField> {
  field: F;
  message: string;
}

export interface AiFiltersResult {
  filters: AiSearchFilters;
  errors: AiFieldMessage[];
  /** How the API reads a field, shown under it (snapped ranges, phrase counts). */
  notes: AiFieldMessage[];
}

export const DEFAULT_GROWTH_INTERVAL = 'i6months';

export function initialAiFilterValues(): AiFilterValues {
  return {
    followersMin: '',
    followersMax: '',
    viewsMin: '',
    viewsMax: '',
    viewsMethod: '',
    engagementRateMin: '',
    postingFrequencyMin: '',
    postingFrequencyMax: '',
    growthInterval: DEFAULT_GROWTH_INTERVAL,
    growthMin: '',
    growthMax: '',
    locations: [],
    language: null,
    gender: '',
    ageMin: '',
    ageMax: '',
    accountType: '',
    lastPostedDays: '',
    maxPostAgeMonths: '',
    contentType: '',
    hasEmail: false,
    username: '',
    brands: [],
    hashtagsInclude: [],
    hashtagsExclude: [],
    mentionsInclude: [],
    mentionsExclude: [],
    bio: '',
    keywords: '',
    listId: '',
    listMode: 'include',
    credibility: '',
  };
}

/* ------------------------------------------------------------------ choices */

export interface Choice {
  value: string;
  label: string;
}

export const AI_GENDER_CHOICES: readonly Choice[] = [
  { value: 'MALE', label: 'Male' },
  { value: 'FEMALE', label: 'Female' },
  { value: 'KNOWN', label: 'Male or female' },
  { value: 'UNKNOWN', label: 'Gender neutral (brands, groups)' },
];

export const AI_ACCOUNT_TYPE_CHOICES: readonly Choice[] = [
  { value: 'creator', label: 'Creator (person or group)' },
  { value: 'individual_creator', label: 'Individual creator' },
  { value: 'group_creator', label: 'Group of creators' },
  { value: 'brand', label: 'Brand' },
  { value: 'anonymous_content', label: 'Anonymous content page' },
];

export const AI_GROWTH_INTERVAL_CHOICES: readonly Choice[] = GROWTH_INTERVALS.map((interval, index) => ({
  value: interval,
  label:
    index === 0
      ? 'Last month'
      : `Last ${index + 1} months${interval === DEFAULT_GROWTH_INTERVAL ? ' (default)' : ''}`,
}));

export const AI_POST_AGE_CHOICES: readonly Choice[] = MAX_POST_AGE_MONTHS.map((months) => ({
  value: String(months),
  label: `Last ${months} months`,
}));

export const AI_CONTENT_TYPE_CHOICES: readonly Choice[] = [
  { value: 'video', label: 'Videos only' },
  { value: 'image', label: 'Images only' },
];

export const AI_VIEWS_METHOD_CHOICES: readonly Choice[] = [
  { value: 'median', label: 'Median views' },
  { value: 'average', label: 'Average views' },
];

export const AI_AGE_MIN_CHOICES: readonly Choice[] = AI_AGE_MIN_VALUES.map((age) => ({
  value: age,
  label: age,
}));
export const AI_AGE_MAX_CHOICES: readonly Choice[] = AI_AGE_MAX_VALUES.map((age) => ({
  value: age,
  label: age,
}));

/** Whether a platform has a mentions dictionary (YouTube has none). */
export function hasMentions(platform: Platform): boolean {
  return (MENTION_PLATFORMS as readonly string[]).includes(platform);
}

/* ------------------------------------------------------------------ helpers */

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** Phrases typed one a line: trimmed, blanks dropped, repeats (ignoring case) kept once. */
export function phrasesOf(text: string): string[] {
  const seen = new Set<string>();
  const phrases: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const phrase = line.trim().replace(/\s+/g, ' ');
    if (phrase === '' || seen.has(phrase.toLowerCase())) continue;
    seen.add(phrase.toLowerCase());
    phrases.push(phrase);
  }
  return phrases;
}

/** "3 of 10 phrases", under a phrases field. */
export function phraseCountText(count: number): string {
  return `${count} of ${AI_MAX_PHRASES} phrases`;
}

/** The range AI search actually applies to follower and view bounds (FOLLOWER_STEPS). */
export function snapRange(range: AiRange): AiRange {
  const snapped: AiRange = {};
  if (range.min !== undefined) snapped.min = roundMinDown(range.min);
  if (range.max !== undefined) {
    const max = roundMaxUp(range.max);
    if (max !== null) snapped.max = max;
  }
  return snapped;
}

function rangeWords(range: AiRange, noun: string): string {
  if (range.min !== undefined && range.max !== undefined) {
    return `${formatCount(range.min)} to ${formatCount(range.max)} ${noun}`;
  }
  if (range.min !== undefined) return `${formatCount(range.min)} ${noun} or more`;
  if (range.max !== undefined) return `up to ${formatCount(range.max)} ${noun}`;
  return `any number of ${noun}`;
}

const LAST_STEP = FOLLOWER_STEPS[FOLLOWER_STEPS.length - 1];

/**
 * The line under a follower or view range: what is searched, and why it differs from what was
 * typed ("Searched as 10,000 to 15,000 followers: AI search rounds to its steps").
 */
export function snappedRangeNote(typed: AiRange, snapped: AiRange, noun: string): string {
  const same = typed.min === snapped.min && typed.max === snapped.max;
  const searched = `Searched as ${rangeWords(snapped, noun)}`;
  if (same) return `${searched}.`;
  const reasons = ['AI search rounds a minimum down and a maximum up to its steps'];
  if (typed.max !== undefined && snapped.max === undefined) {
    reasons.push(`no step is above ${formatCount(LAST_STEP)}, so there is no maximum`);
  }
  return `${searched}: ${reasons.join('; ')} (you typed ${rangeWords(typed, noun)}).`;
}

/* ------------------------------------------------------------------ mapping */

/** Checks every filter field and maps the form to the API's `filters`; unset fields are left out. */
export function buildAiFilters(values: AiFilterValues, platform: Platform): AiFiltersResult {
  const errors: AiFieldMessage[] = [];
  const notes: AiFieldMessage[] = [];
  const filters: AiSearchFilters = {};
  const number = (field: AiFilterField, text: string, rule: NumberRule): number | undefined => {
    const parsed = parseOptionalNumber(text, rule);
    if (parsed.ok) return parsed.value;
    errors.push({ field, message: parsed.message });
    return undefined;
  };
  const range = (
    minField: AiFilterField,
    maxField: AiFilterField,
    texts: [string, string],
    rule: Omit<NumberRule, 'label'>,
    label: string,
  ): AiRange | null => {
    const min = number(minField, texts[0], { ...rule, label: `${label}, min` });
    const max = number(maxField, texts[1], { ...rule, label: `${label}, max` });
    if (min !== undefined && max !== undefined && min > max) {
      errors.push({
        field: maxField,
        message: `${label}: the minimum (${formatCount(min)}) is above the maximum (${formatCount(max)})`,
      });
      return null;
    }
    if (min === undefined && max === undefined) return null;
    return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
  };
  const countRule = { min: 0, integer: true, allowSuffix: true };

  const followers = range(
    'followersMin',
    'followersMax',
    [values.followersMin, values.followersMax],
    countRule,
    'Followers',
  );
  if (followers !== null) {
    const snapped = snapRange(followers);
    if (snapped.min !== undefined || snapped.max !== undefined) filters.followersCount = snapped;
    let note = snappedRangeNote(followers, snapped, 'followers');
    if (snapped.max !== undefined && snapped.max <= AI_SEARCH_MIN_FOLLOWERS) {
      note += ` AI search covers only creators above ${formatCount(AI_SEARCH_MIN_FOLLOWERS)} followers.`;
    }
    notes.push({ field: 'followersMax', message: note });
  }

  const views = range('viewsMin', 'viewsMax', [values.viewsMin, values.viewsMax], countRule, 'Views');
  let viewsMethod: 'median' | 'average' | undefined;
  if (values.viewsMethod !== '') {
    if (isOneOf(CALCULATION_METHODS, values.viewsMethod)) viewsMethod = values.viewsMethod;
    else
      errors.push({
        field: 'viewsMethod',
        message: `Views are counted as median or average, got "${values.viewsMethod}"`,
      });
  }
  if (views !== null) {
    const snapped = snapRange(views);
    if (snapped.min !== undefined || snapped.max !== undefined || viewsMethod !== undefined) {
      filters.viewsCount = {
        ...snapped,
        ...(viewsMethod === undefined ? {} : { calculationMethod: viewsMethod }),
      };
    }
    notes.push({ field: 'viewsMax', message: snappedRangeNote(views, snapped, 'views per post') });
  }

  const engagement = number('engagementRateMin', values.engagementRateMin, {
    label: 'Engagement rate, min (%)',
    min: 0,
    max: 100,
  });
  if (engagement !== undefined) filters.engagementRate = { min: percentToFraction(engagement) };

  const posting = range(
    'postingFrequencyMin',
    'postingFrequencyMax',
    [values.postingFrequencyMin, values.postingFrequencyMax],
    { min: 0 },
    'Posts a month',
  );
  if (posting !== null) filters.postingFrequency = posting;

  const growth = range(
    'growthMin',
    'growthMax',
    [values.growthMin, values.growthMax],
    { min: -100, max: 10000 },
    'Follower growth (%)',
  );
  if (!isOneOf(GROWTH_INTERVALS, values.growthInterval)) {
    errors.push({
      field: 'growthInterval',
      message: `Pick the growth period from the list, got "${values.growthInterval}"`,
    });
  } else if (growth !== null) {
    filters.followersGrowthRate = {
      interval: values.growthInterval,
      ...(growth.min === undefined ? {} : { min: percentToFraction(growth.min) }),
      ...(growth.max === undefined ? {} : { max: percentToFraction(growth.max) }),
    };
    notes.push({
      field: 'growthMax',
      message: 'Creators without a growth figure for this period are left out.',
    });
  }

  const locations = values.locations.map((option) => Number(option.id)).filter((id) => Number.isInteger(id));
  if (locations.length > 0) filters.locations = locations;
  if (values.language !== null) filters.language = String(values.language.id);

  if (values.gender !== '') {
    if (isOneOf(GENDERS, values.gender)) filters.gender = values.gender;
    else
      errors.push({
        field: 'gender',
        message: `Gender "${values.gender}" is not one of the list: pick again`,
      });
  }

  const age: NonNullable<AiSearchFilters['age']> = {};
  if (values.ageMin !== '') {
    if (isOneOf(AI_AGE_MIN_VALUES, values.ageMin)) age.min = values.ageMin;
    else errors.push({ field: 'ageMin', message: `Age, min must be one of ${AI_AGE_MIN_VALUES.join(', ')}` });
  }
  if (values.ageMax !== '') {
    if (isOneOf(AI_AGE_MAX_VALUES, values.ageMax)) age.max = values.ageMax;
    else errors.push({ field: 'ageMax', message: `Age, max must be one of ${AI_AGE_MAX_VALUES.join(', ')}` });
  }
  if (age.min !== undefined && age.max !== undefined && Number(age.min) > Number(age.max)) {
    errors.push({
      field: 'ageMax',
      message: `Age: the minimum (${age.min}) is above the maximum (${age.max})`,
    });
  } else if (age.min !== undefined || age.max !== undefined) filters.age = age;

  if (values.accountType !== '') {
    if (isOneOf(AI_ACCOUNT_TYPES, values.accountType)) filters.accountType = values.accountType;
    else
      errors.push({
        field: 'accountType',
        message: `Account type "${values.accountType}" is not one of the list`,
      });
  }

  const lastPosted = number('lastPostedDays', values.lastPostedDays, {
    label: 'Posted in the last (days)',
    min: 1,
    integer: true,
  });
  if (lastPosted !== undefined) filters.lastPostedInDays = lastPosted;

  if (values.maxPostAgeMonths !== '') {
    const months = Number(values.maxPostAgeMonths);
    const allowed: readonly number[] = MAX_POST_AGE_MONTHS;
    if (allowed.includes(months)) filters.maxPostAgeMonths = months as (typeof MAX_POST_AGE_MONTHS)[number];
    else
      errors.push({
        field: 'maxPostAgeMonths',
        message: `Posts searched must be 3, 6, 9 or 12 months old at most`,
      });
  }

  if (values.contentType !== '') {
    if (isOneOf(CONTENT_TYPES, values.contentType)) filters.contentType = values.contentType;
    else
      errors.push({
        field: 'contentType',
        message: `Content must be videos or images, got "${values.contentType}"`,
      });
  }

  if (values.hasEmail) filters.hasEmail = true;
  const username = values.username.trim().replace(/^@/, '');
  if (username !== '') filters.username = username;

  const brands = values.brands.map((option) => String(option.id));
  if (brands.length > 0) filters.brands = brands;

  const tags: NonNullable<AiSearchFilters['textTags']> = [];
  const addTags = (
    options: readonly DictionaryOption[],
    type: 'hashtag' | 'mention',
    mode: 'include' | 'exclude',
  ) => {
    for (const option of options) {
      const value = String(option.id).trim().replace(/^[#@]/, '');
      if (value !== '') tags.push({ type, value, mode });
    }
  };
  addTags(values.hashtagsInclude, 'hashtag', 'include');
  addTags(values.hashtagsExclude, 'hashtag', 'exclude');
  const mentions = hasMentions(platform);
  if (mentions) {
    addTags(values.mentionsInclude, 'mention', 'include');
    addTags(values.mentionsExclude, 'mention', 'exclude');
  }
  for (const [type, field] of [
    ['hashtag', 'hashtagsExclude'],
    ['mention', 'mentionsExclude'],
  ] as const) {
    const included = new Set(
      tags.filter((tag) => tag.type === type && tag.mode === 'include').map((tag) => tag.value.toLowerCase()),
    );
    const both = tags.filter(
      (tag) => tag.type === type && tag.mode === 'exclude' && included.has(tag.value.toLowerCase()),
    );
    if (both.length > 0) {
      const sign = type === 'hashtag' ? '#' : '@';
      errors.push({
        field,
        message: `${both.map((tag) => `${sign}${tag.value}`).join(', ')} cannot be both required and excluded: remove it from one of the two`,
      });
    }
  }
  if (tags.length > 0) filters.textTags = tags;

  for (const [field, label] of [
    ['bio', 'Bio phrases'],
    ['keywords', 'Caption phrases'],
  ] as const) {
    const phrases = phrasesOf(values[field]);
    if (phrases.length > AI_MAX_PHRASES) {
      errors.push({
        field,
        message: `${label}: up to ${AI_MAX_PHRASES}, got ${phrases.length}; remove ${phrases.length - AI_MAX_PHRASES}`,
      });
    } else if (phrases.length > 0) {
      filters[field] = phrases;
      notes.push({ field, message: `${phraseCountText(phrases.length)}; a creator matches with any one.` });
    }
  }

  if (values.listId !== '') {
    if (values.listMode === 'include' || values.listMode === 'exclude') {
      filters.lists = { listIds: [values.listId], mode: values.listMode };
    } else
      errors.push({ field: 'listMode', message: 'Choose whether to keep or leave out the list members' });
  }

  const credibility = number('credibility', values.credibility, {
    label: 'Real followers, min (%)',
    min: 0,
    max: 100,
  });
  if (credibility !== undefined) filters.audience = { credibility: percentToFraction(credibility) };

  return { filters, errors, notes };
}

/** How many filters are set, for the heading of the filters group ("Filters (3 set)"). */
export function countFilters(filters: AiSearchFilters): number {
  return Object.keys(filters).length;
}
