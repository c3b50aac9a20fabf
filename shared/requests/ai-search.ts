import { z } from 'zod';
import { AI_SEARCH_DEFAULT_PAGE_SIZE } from '../limits';
import {
  AI_ACCOUNT_TYPES,
  AI_AGE_MAX_VALUES,
  AI_AGE_MIN_VALUES,
  AI_IMAGE_TYPES,
  CALCULATION_METHODS,
  CONTENT_TYPES,
  GENDERS,
  GROWTH_INTERVALS,
  LIST_MODES,
  MAX_POST_AGE_MONTHS,
  TEXT_TAG_MODES,
  TEXT_TAG_TYPES,
} from '../enums';
import {
  AI_FILTER_MAX_LIST_IDS,
  AI_IMAGE_MAX_BASE64_CHARS,
  AI_MAX_PHRASES,
  AI_SEARCH_MAX_DEPTH,
  LOOKALIKE_MAX_SOURCES,
  LOOKALIKE_MIN_SOURCES,
} from '../limits';
import { roundMaxUp, roundMinDown } from '../rounding';
import {
  checkMinMax,
  fraction,
  matching,
  pageNumber,
  platformSchema,
  range,
  sizedArray,
  text,
} from './fields';

/**
 * AI search: `POST /ai/{platform}/image-search`, `/text-search`, `/lookalikes` and the deprecated
 * Instagram-only `/ai/image-search` and `/ai/text-search`, which take the same bodies. The spec
 * gives only the image search body; the other two share its paging and `filters`, plus `query`
 * (text search) or `userIds` (lookalikes).
 */
/**
 * The spec bounds pageSize only through the depth rule. 100 per page keeps one answer a sheet block
 * of modest size and one call at most 2.5 credits; the default of 20 is a first page of 0.5 credits.
 */
export const AI_SEARCH_MAX_PAGE_SIZE = 100;
export { AI_SEARCH_DEFAULT_PAGE_SIZE };

/** `/ai/{platform}/...`; the deprecated `/ai/text-search` and `/ai/image-search` are Instagram. */
export const aiSearchPathSchema = z.looseObject({ platform: platformSchema });

const dictionaryId = z.number().int().min(0);
const nonNegative = z.number().min(0);

/** A string or up to 10 phrases; a profile matches if any phrase is found. */
const phrases = z.union([text(), sizedArray(text(), 1, AI_MAX_PHRASES, 'phrases')]);

const aiAge = z
  .looseObject({ min: z.enum(AI_AGE_MIN_VALUES).optional(), max: z.enum(AI_AGE_MAX_VALUES).optional() })
  .superRefine((age, ctx) =>
    checkMinMax(
      age.min === undefined ? undefined : Number(age.min),
      age.max === undefined ? undefined : Number(age.max),
      ctx,
      (value) => JSON.stringify(String(value)),
    ),
  );

const followersGrowthRate = z
  .looseObject({
    /** The service's default is the trailing six months. */
    interval: z.enum(GROWTH_INTERVALS).default('i6months'),
    /** Decimal fractions (0.05 = 5%); negatives allowed. */
    min: z.number().optional(),
    max: z.number().optional(),
  })
  .superRefine((rate, ctx) => {
    if (rate.min === undefined && rate.max === undefined) {
      ctx.addIssue({ code: 'custom', message: 'needs min, max or both' });
    }
    checkMinMax(rate.min, rate.max, ctx);
  });

const viewsCount = z
  .looseObject({
    min: nonNegative.optional(),
    max: nonNegative.optional(),
    calculationMethod: z.enum(CALCULATION_METHODS).optional(),
  })
  .superRefine((views, ctx) => checkMinMax(views.min, views.max, ctx));

const textTag = z.looseObject({
  type: z.enum(TEXT_TAG_TYPES),
  value: matching(/^[^#@]/, 'must be given without the leading # or @'),
  mode: z.enum(TEXT_TAG_MODES).default('include'),
});

/** `filters.*` of every AI search (spec table under "AI search"). */
export const aiFiltersSchema = z.looseObject({
  /** Snapped by the service to FOLLOWER_STEPS; see snapAiFilters(). */
  followersCount: range(nonNegative).optional(),
  locations: z.array(dictionaryId).optional(),
  gender: z.enum(GENDERS).optional(),
  lastPostedInDays: z.number().int().min(1).optional(),
  accountType: z.enum(AI_ACCOUNT_TYPES).optional(),
  language: text().optional(),
  age: aiAge.optional(),
  /** A minimum, as a fraction (0.01 = 1%), unlike the percentage in AI results. */
  engagementRate: z.looseObject({ min: fraction() }).optional(),
  /** Average posts per 30-day month. */
  postingFrequency: range(nonNegative).optional(),
  viewsCount: viewsCount.optional(),
  followersGrowthRate: followersGrowthRate.optional(),
  hasEmail: z.boolean().optional(),
  /** Names from the AI brands dictionary (not ids of the older brands dictionary). */
  brands: z.array(text()).optional(),
  username: text().optional(),
  maxPostAgeMonths: z.literal(MAX_POST_AGE_MONTHS).optional(),
  contentType: z.enum(CONTENT_TYPES).optional(),
  textTags: z.array(textTag).optional(),
  bio: phrases.optional(),
  keywords: phrases.optional(),
  /** The service supports exactly one list id; the list's platform must be the search platform. */
  lists: z
    .looseObject({
      listIds: sizedArray(text(), AI_FILTER_MAX_LIST_IDS, AI_FILTER_MAX_LIST_IDS, 'list ids'),
      mode: z.enum(LIST_MODES),
    })
    .optional(),
  /** 0.75 = at most 25% fake followers. */
  audience: z.looseObject({ credibility: fraction().optional() }).optional(),
});

export type AiFilters = z.output<typeof aiFiltersSchema>;
export type AiFiltersInput = z.input<typeof aiFiltersSchema>;

const paging = {
  page: pageNumber(),
  pageSize: z.number().int().min(1).max(AI_SEARCH_MAX_PAGE_SIZE).default(AI_SEARCH_DEFAULT_PAGE_SIZE),
};

/** (page + 1) * pageSize <= 1500: the service answers 400 past that depth. */
function checkDepth(body: { page: number; pageSize: number }, ctx: z.RefinementCtx): void {
  const depth = (body.page + 1) * body.pageSize;
  if (depth > AI_SEARCH_MAX_DEPTH) {
    const lastPage = Math.floor(AI_SEARCH_MAX_DEPTH / body.pageSize) - 1;
    ctx.addIssue({
      code: 'custom',
      message:
        `(page + 1) * pageSize must be at most ${AI_SEARCH_MAX_DEPTH}, got (${body.page} + 1) * ${body.pageSize} = ${depth}` +
        ` (with pageSize ${body.pageSize} the last page is ${lastPage})`,
    });
  }
}

/**
 * Base64 text: A-Z, a-z, 0-9, + and /, then at most two `=`. A loop, not a regular expression:
 * V8 keeps a backtracking entry per character for `^[...]+={0,2}$`, and a 5 MB image overflows the
 * stack with "Maximum call stack size exceeded".
 */
function isBase64(value: string): boolean {
  let end = value.length;
  while (end > 0 && value.length - end < 2 && value.charCodeAt(end - 1) === 61 /* = */) end--;
  if (end === 0) return false;
  for (let i = 0; i < end; i++) {
    const c = value.charCodeAt(i);
    const ok =
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      (c >= 48 && c <= 57) ||
      c === 43 /* + */ ||
      c === 47; /* / */
    if (!ok) return false;
  }
  return true;
}

/** Checked in order and stopping at the first failure, so a 50 MB paste is not also pattern-matched. */
const base64Image = z.string().superRefine((value, ctx) => {
  const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
  if (value.length === 0) return fail('must not be empty');
  if (value.length > AI_IMAGE_MAX_BASE64_CHARS) {
    return fail(
      `must be at most 5 MB of base64 (${AI_IMAGE_MAX_BASE64_CHARS} characters), got ${value.length} characters`,
    );
  }
  if (value.startsWith('data:')) return fail('must be bare base64, without a "data:...;base64," prefix');
  if (!isBase64(value)) {
    fail(
      'must be base64: only A-Z, a-z, 0-9, + and /, with at most two = at the end, and no spaces or line breaks',
    );
  }
});

export const aiImageSearchRequestSchema = z
  .looseObject({
    ...paging,
    imageType: z.enum(AI_IMAGE_TYPES),
    base64Image,
    filters: aiFiltersSchema.optional(),
  })
  .superRefine(checkDepth);

/** Positive descriptions only; the service does not understand negations. */
export const aiTextSearchRequestSchema = z
  .looseObject({ ...paging, query: text(), filters: aiFiltersSchema.optional() })
  .superRefine(checkDepth);

/** Several sources combine; ids or usernames, on the target platform of the path. */
export const aiLookalikesRequestSchema = z
  .looseObject({
    ...paging,
    userIds: sizedArray(text(), LOOKALIKE_MIN_SOURCES, LOOKALIKE_MAX_SOURCES, 'ids'),
    filters: aiFiltersSchema.optional(),
  })
  .superRefine(checkDepth);

/** The deprecated Instagram-only paths take the same bodies as their replacements. */
export const aiTextSearchDeprecatedRequestSchema = aiTextSearchRequestSchema;
export const aiImageSearchDeprecatedRequestSchema = aiImageSearchRequestSchema;

export type AiImageSearchRequest = z.output<typeof aiImageSearchRequestSchema>;
export type AiImageSearchRequestInput = z.input<typeof aiImageSearchRequestSchema>;
export type AiTextSearchRequest = z.output<typeof aiTextSearchRequestSchema>;
export type AiTextSearchRequestInput = z.input<typeof aiTextSearchRequestSchema>;
export type AiLookalikesRequest = z.output<typeof aiLookalikesRequestSchema>;
export type AiLookalikesRequestInput = z.input<typeof aiLookalikesRequestSchema>;

export interface SnappedRange {
  min?: number;
  max?: number;
}

/**
 * The range the service actually searches for a follower or view bound: min rounded down and max
 * rounded up to FOLLOWER_STEPS. A max above the last step leaves the range open at the top.
 */
export function snapAiRange(bounds: SnappedRange): SnappedRange {
  const snapped: SnappedRange = {};
  if (bounds.min !== undefined) snapped.min = roundMinDown(bounds.min);
  if (bounds.max !== undefined) {
    const max = roundMaxUp(bounds.max);
    if (max !== null) snapped.max = max;
  }
  return snapped;
}

/** `filters` with followersCount and viewsCount snapped as the service does; the rest untouched. */
export function snapAiFilters(filters: AiFilters): AiFilters {
  const snapped: AiFilters = { ...filters };
  if (filters.followersCount) snapped.followersCount = withSnappedBounds(filters.followersCount);
  if (filters.viewsCount) snapped.viewsCount = withSnappedBounds(filters.viewsCount);
  return snapped;
}

/** The same object with its bounds replaced by the snapped ones (a bound may disappear). */
function withSnappedBounds<T extends SnappedRange>(bounds: T): T {
  const { min: _min, max: _max, ...rest } = bounds;
  return { ...rest, ...snapAiRange(bounds) } as T;
}
