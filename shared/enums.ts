import { AI_IMAGE_TYPES } from './limits';

/**
 * The closed value sets of the Discovery API (spec `discovery-api.md` and `api-notes.md`), each as
 * an `as const` array so request schemas, the sandbox and the sidebar's pickers share one list.
 */

/** Creator gender in search and AI filters; KNOWN means male or female, UNKNOWN gender neutral. */
export const GENDERS = ['MALE', 'FEMALE', 'KNOWN', 'UNKNOWN'] as const;
export type Gender = (typeof GENDERS)[number];

/** `filter.audience.gender.id` of search: an audience share can only be male or female. */
export const AUDIENCE_GENDERS = ['MALE', 'FEMALE'] as const;
export type AudienceGender = (typeof AUDIENCE_GENDERS)[number];

/** AI `filters.accountType`; `creator` is an alias for individual_creator and group_creator. */
export const AI_ACCOUNT_TYPES = [
  'creator',
  'individual_creator',
  'group_creator',
  'brand',
  'anonymous_content',
] as const;
export type AiAccountType = (typeof AI_ACCOUNT_TYPES)[number];

/** AI `filters.age.min` and `.max` are strings in the spec, not numbers. */
export const AI_AGE_MIN_VALUES = ['13', '18', '25', '35', '45', '65'] as const;
export type AiAgeMin = (typeof AI_AGE_MIN_VALUES)[number];
export const AI_AGE_MAX_VALUES = ['18', '25', '35', '45', '65'] as const;
export type AiAgeMax = (typeof AI_AGE_MAX_VALUES)[number];

/** Search `filter.influencer.age.min` / `.max` steps (numbers). */
export const SEARCH_AGE_STEPS = [18, 25, 35, 45, 65] as const;
export type SearchAgeStep = (typeof SEARCH_AGE_STEPS)[number];

/** Audience age groups: search `filter.audience.age[].id` and the report's `ageGroup`. */
export const AUDIENCE_AGE_GROUPS = ['13-17', '18-24', '25-34', '35-44', '45-64', '65-'] as const;
export type AudienceAgeGroup = (typeof AUDIENCE_AGE_GROUPS)[number];

/** `followersGrowthRate.interval` of search and AI search. */
export const GROWTH_INTERVALS = [
  'i1month',
  'i2months',
  'i3months',
  'i4months',
  'i5months',
  'i6months',
] as const;
export type GrowthInterval = (typeof GROWTH_INTERVALS)[number];

/** Search `followersGrowthRate.operator`. */
export const GROWTH_OPERATORS = ['gt', 'gte', 'lt', 'lte'] as const;
export type GrowthOperator = (typeof GROWTH_OPERATORS)[number];

export const TEXT_TAG_TYPES = ['hashtag', 'mention'] as const;
export type TextTagType = (typeof TEXT_TAG_TYPES)[number];

/** AI `textTags[].mode`. */
export const TEXT_TAG_MODES = ['include', 'exclude'] as const;
export type TextTagMode = (typeof TEXT_TAG_MODES)[number];

/** AI `filters.lists.mode`: profiles in the list, or profiles not in it. */
export const LIST_MODES = ['include', 'exclude'] as const;
export type ListMode = (typeof LIST_MODES)[number];

/** How average-based metrics are computed (search, reports, AI `viewsCount`). */
export const CALCULATION_METHODS = ['median', 'average'] as const;
export type CalculationMethod = (typeof CALCULATION_METHODS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Instagram search sort fields (api-notes). TikTok's and YouTube's lists are not documented. */
export const INSTAGRAM_SORT_FIELDS = [
  'engagements',
  'followers',
  'engagementRate',
  'keywords',
  'audienceGeo',
  'audienceLang',
  'audienceGender',
  'audienceAge',
  'audienceRelevance',
  'relevance',
  'followersGrowth',
  'audienceInterest',
  'reelsPlays',
] as const;
export type InstagramSortField = (typeof INSTAGRAM_SORT_FIELDS)[number];

/** Sort fields that name one location or interest, so `sort.value` must carry its id. */
export const SORT_FIELDS_NEEDING_VALUE = ['audienceGeo', 'audienceInterest'] as const;

/** AI `filters.maxPostAgeMonths`. */
export const MAX_POST_AGE_MONTHS = [3, 6, 9, 12] as const;
export type MaxPostAgeMonths = (typeof MAX_POST_AGE_MONTHS)[number];

/** AI `filters.contentType`; both when omitted. */
export const CONTENT_TYPES = ['video', 'image'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Search `filter.influencer.accountTypes`: the service's numeric codes and what they mean. */
export const SEARCH_ACCOUNT_TYPES = [1, 2, 3] as const;
export type SearchAccountType = (typeof SEARCH_ACCOUNT_TYPES)[number];
export const SEARCH_ACCOUNT_TYPE_NAMES: Record<SearchAccountType, string> = {
  1: 'Regular',
  2: 'Business',
  3: 'Creator',
};

/** `collaboration_type` of a collaboration post (api-notes "Collaborations"). */
export const COLLABORATION_TYPES = ['Paid', 'Gifted', 'Ambassador', 'Affiliate', 'Unspecified'] as const;
export type CollaborationType = (typeof COLLABORATION_TYPES)[number];

/** Image search `imageType`; the list itself lives with the other image limits. */
export { AI_IMAGE_TYPES };
export type AiImageType = (typeof AI_IMAGE_TYPES)[number];
