import { SEARCH_AGE_STEPS, type SearchAgeStep } from '../../../shared/enums';
import { SEARCH_PAGE_SIZE } from '../../../shared/limits';
import type { Platform } from '../../../shared/platforms';
import type { SearchRequestInput } from '../../../shared/requests/search';
import { MAX_SEARCH_JOB_PAGES } from '../../../shared/worker-api/request-limits';
import {
  CONFIRM_ABOVE_CREDITS,
  type SearchEstimate,
  type SearchForm,
} from '../../bridge-contract/sidebar-api';
import { tabWriteModeOf, type TabOutput } from '../../bridge-contract/tab-output';
import { maxSearchCredits } from './credit-prices';
import { creditsText, formatCount, plural } from '../sheet/number-text';

/**
 * The sidebar's search form as the API's search body (shared/requests/search.ts): empty fields are
 * left out, so a form with nothing set stays an empty filter (free on Instagram), and the worker
 * checks the result with the API's own schema. Shares (engagement rate, weights, credibility) are
 * fractions as the API takes them (0.02 = 2%); a value above 1 is read as a percent (2 = 2%), since
 * no share exceeds 100%.
 */

/** The worker's job limit for search pages. */
const MAX_SEARCH_PAGES = MAX_SEARCH_JOB_PAGES;

type SearchBody = SearchRequestInput<Platform>;
type SearchFilterBody = NonNullable<SearchBody['filter']>;
type InfluencerFilter = NonNullable<SearchFilterBody['influencer']>;
type AudienceFilter = NonNullable<SearchFilterBody['audience']>;

/** What `POST /api/jobs` kind `search-pages` takes. */
interface SearchJobInput {
  platform: Platform;
  filter: SearchFilterBody;
  sort: NonNullable<SearchBody['sort']>;
  pages: number;
}

function share(value: number, name: string): number {
  if (typeof value !== 'number' || !isFinite(value) || value < 0) {
    throw new Error(`${name} must be a share such as 0.02 or 2 (for 2%), got ${String(value)}.`);
  }
  const fraction = value > 1 ? value / 100 : value;
  if (fraction > 1) throw new Error(`${name} must be at most 100%, got ${String(value)}.`);
  return Math.round(fraction * 10000) / 10000;
}

function count(value: number, name: string): number {
  if (typeof value !== 'number' || !isFinite(value) || value < 0 || Math.floor(value) !== value) {
    throw new Error(`${name} must be a whole number of 0 or more, got ${String(value)}.`);
  }
  return value;
}

function filled(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

function ids(list: number[] | undefined): number[] | undefined {
  return list === undefined || list.length === 0 ? undefined : list.slice();
}

/** Age bounds snap outwards to the API's steps (18, 25, 35, 45, 65): a minimum down, a maximum up. */
export function ageStep(value: number, bound: 'min' | 'max'): SearchAgeStep {
  const steps = SEARCH_AGE_STEPS;
  if (bound === 'min') {
    let chosen: SearchAgeStep = steps[0];
    for (const step of steps) if (step <= value) chosen = step;
    return chosen;
  }
  for (const step of steps) if (step >= value) return step;
  return steps[steps.length - 1];
}

function checkRange(min: number | undefined, max: number | undefined, name: string): void {
  if (min !== undefined && max !== undefined && min > max) {
    throw new Error(`${name}: the minimum (${formatCount(min)}) is above the maximum (${formatCount(max)}).`);
  }
}

function influencerFilter(form: SearchForm['influencer']): InfluencerFilter {
  const filter: InfluencerFilter = {};
  const { followersMin, followersMax, ageMin, ageMax } = form;
  if (followersMin !== undefined || followersMax !== undefined) {
    checkRange(followersMin, followersMax, 'Followers');
    filter.followers = {
      ...(followersMin === undefined ? {} : { min: count(followersMin, 'Followers minimum') }),
      ...(followersMax === undefined ? {} : { max: count(followersMax, 'Followers maximum') }),
    };
  }
  if (form.engagementRateMin !== undefined) {
    filter.engagementRate = share(form.engagementRateMin, 'Engagement rate');
  }
  const location = ids(form.locationIds);
  if (location) filter.location = location;
  const language = filled(form.language);
  if (language) filter.language = language;
  if (form.gender !== undefined) filter.gender = form.gender;
  if (ageMin !== undefined || ageMax !== undefined) {
    checkRange(ageMin, ageMax, 'Age');
    filter.age = {
      ...(ageMin === undefined ? {} : { min: ageStep(ageMin, 'min') }),
      ...(ageMax === undefined ? {} : { max: ageStep(ageMax, 'max') }),
    };
  }
  const interests = ids(form.interestIds);
  if (interests) filter.interests = interests;
  const brands = ids(form.brandIds);
  if (brands) filter.brands = brands;
  if (form.lastPostedDays !== undefined) {
    const days = count(form.lastPostedDays, 'Last posted (days)');
    if (days < 1) throw new Error('Last posted (days) must be 1 or more.');
    filter.lastposted = days;
  }
  const keywords = filled(form.keywords);
  if (keywords) filter.keywords = keywords;
  const bio = filled(form.bio);
  if (bio) filter.bio = bio;
  if (form.hasEmail === true) filter.hasContactDetails = [{ contactType: 'email', filterAction: 'must' }];
  return filter;
}

function weighted<T>(entry: { id: T; weight: number }, name: string): { id: T; weight: number } {
  return { id: entry.id, weight: share(entry.weight, `${name} weight`) };
}

function audienceFilter(form: SearchForm['audience']): AudienceFilter {
  const filter: AudienceFilter = {};
  if (form.locations && form.locations.length > 0) {
    filter.location = form.locations.map((entry) => weighted(entry, 'Audience location'));
  }
  if (form.language !== undefined && filled(form.language.id)) {
    filter.language = weighted({ ...form.language, id: form.language.id.trim() }, 'Audience language');
  }
  if (form.gender !== undefined) filter.gender = weighted(form.gender, 'Audience gender');
  if (form.ages && form.ages.length > 0) {
    filter.age = form.ages.map((entry) => weighted(entry, 'Audience age')) as AudienceFilter['age'];
  }
  if (form.interests && form.interests.length > 0) {
    filter.interests = form.interests.map((entry) => weighted(entry, 'Audience interest'));
  }
  if (form.credibility !== undefined) filter.credibility = share(form.credibility, 'Audience credibility');
  return filter;
}

function isEmptyObject(value: object): boolean {
  return Object.keys(value).length === 0;
}

/**
 * The search body for the form. Throws a sentence for a value the form should not have let
 * through (negative counts, min above max, shares above 100%, pages out of range).
 */
export function searchJobInput(form: SearchForm): SearchJobInput {
  const pages = form.pages;
  if (typeof pages !== 'number' || Math.floor(pages) !== pages || pages < 1 || pages > MAX_SEARCH_PAGES) {
    throw new Error(`Pages must be a whole number from 1 to ${MAX_SEARCH_PAGES}, got ${String(pages)}.`);
  }
  const influencer = influencerFilter(form.influencer);
  const audience = audienceFilter(form.audience);
  const filter: SearchFilterBody = {
    ...(isEmptyObject(influencer) ? {} : { influencer }),
    ...(isEmptyObject(audience) ? {} : { audience }),
  };
  const field = filled(form.sort.field) ?? 'followers';
  const sort: SearchJobInput['sort'] = {
    field,
    direction: form.sort.direction === 'asc' ? 'asc' : 'desc',
    ...(form.sort.value === undefined ? {} : { value: form.sort.value }),
  };
  return { platform: form.platform, filter, sort, pages };
}

/** Whether a filter sets no condition (the spec's free Instagram search). */
export function isEmptyFilter(filter: SearchFilterBody): boolean {
  return (
    (filter.influencer === undefined || isEmptyObject(filter.influencer)) &&
    (filter.audience === undefined || isEmptyObject(filter.audience))
  );
}

/** Pages, results and the most the search can cost. */
export function estimateSearchForm(form: SearchForm): SearchEstimate {
  const input = searchJobInput(form);
  const maxResults = input.pages * SEARCH_PAGE_SIZE;
  const maxCredits = maxSearchCredits(input.platform, input.filter, input.pages);
  const free = maxCredits === 0;
  const summary =
    `${plural(input.pages, 'page')} of ${input.platform} results: at most ${formatCount(maxResults)} creators, ` +
    (free
      ? 'free (an Instagram search without conditions costs nothing).'
      : `at most ${creditsText(maxCredits)} (${creditsText(maxCredits / input.pages)} a page; pages the worker already holds are free).`);
  return {
    pages: input.pages,
    maxResults,
    maxCredits,
    needsConfirmation: maxCredits > CONFIRM_ABOVE_CREDITS,
    summary,
  };
}

/** The tab the search writes into: its title (or "Search instagram"), new, replaced or added to. */
export function searchTabOutput(form: SearchForm, platform: Platform): TabOutput {
  const title = typeof form.title === 'string' ? form.title.trim() : '';
  return { name: title === '' ? `Search ${platform}` : title, mode: tabWriteModeOf(form.tabMode) };
}
