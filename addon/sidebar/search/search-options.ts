import {
  AUDIENCE_AGE_GROUPS,
  GENDERS,
  type InstagramSortField,
  SEARCH_AGE_STEPS,
} from '../../../shared/enums';
import type { Platform } from '../../../shared/platforms';

/** The choices of the search form's lists, with the words the sidebar shows for them. */

export const PLATFORM_NAMES: Readonly<Record<Platform, string>> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

export const GENDER_CHOICES: readonly { value: (typeof GENDERS)[number]; label: string }[] = [
  { value: 'MALE', label: 'Male' },
  { value: 'FEMALE', label: 'Female' },
  { value: 'KNOWN', label: 'Male or female' },
  { value: 'UNKNOWN', label: 'Gender neutral (brands, groups)' },
];

export const AGE_STEPS: readonly number[] = SEARCH_AGE_STEPS;
export const AUDIENCE_AGES: readonly string[] = AUDIENCE_AGE_GROUPS;

/**
 * The weights the API applies to an audience filter sent without one, in percent. Mirrors
 * AUDIENCE_DEFAULT_WEIGHTS of shared/requests/search.ts, which the page cannot import without
 * bundling zod; a test keeps the two equal.
 */
export const AUDIENCE_DEFAULT_WEIGHT_PERCENT = {
  location: 20,
  language: 20,
  gender: 50,
  age: 30,
  interests: 30,
} as const;

/** Which part of the form a sort field depends on: the API sorts by it only when that filter is set. */
export type SortNeed =
  | 'keywords'
  | 'audienceLocations'
  | 'audienceLanguage'
  | 'audienceGender'
  | 'audienceAges'
  | 'audienceInterests';

export interface SortChoice {
  field: string;
  label: string;
  needs?: SortNeed;
}

/** Sort fields every platform takes (Instagram's documented list; the others document none). */
const COMMON_SORTS: readonly SortChoice[] = [
  { field: 'followers', label: 'Followers' },
  { field: 'engagements', label: 'Engagements' },
  { field: 'engagementRate', label: 'Engagement rate' },
];

/**
 * Instagram's documented sort fields, minus those that need filters this form does not offer
 * (relevance, audience relevance, follower growth).
 */
const INSTAGRAM_SORTS: readonly (SortChoice & { field: InstagramSortField })[] = [
  { field: 'followers', label: 'Followers' },
  { field: 'engagements', label: 'Engagements' },
  { field: 'engagementRate', label: 'Engagement rate' },
  { field: 'reelsPlays', label: 'Reels plays' },
  { field: 'keywords', label: 'Keyword match', needs: 'keywords' },
  { field: 'audienceGeo', label: 'Audience in the first location', needs: 'audienceLocations' },
  { field: 'audienceLang', label: 'Audience language share', needs: 'audienceLanguage' },
  { field: 'audienceGender', label: 'Audience gender share', needs: 'audienceGender' },
  { field: 'audienceAge', label: 'Audience age share', needs: 'audienceAges' },
  { field: 'audienceInterest', label: 'Audience in the first interest', needs: 'audienceInterests' },
];

export function sortChoicesFor(platform: Platform): readonly SortChoice[] {
  return platform === 'instagram' ? INSTAGRAM_SORTS : COMMON_SORTS;
}

export const DEFAULT_SORT_FIELD = 'followers';

/** How many pages of 15 a search may ask for from the sidebar. */
export const MAX_SEARCH_PAGES = 100;

/** A sheet's tab name may hold at most 100 characters. */
export const MAX_TAB_NAME_CHARS = 100;
