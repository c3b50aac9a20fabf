import { z } from 'zod';
import {
  AUDIENCE_AGE_GROUPS,
  AUDIENCE_GENDERS,
  CALCULATION_METHODS,
  GENDERS,
  GROWTH_INTERVALS,
  GROWTH_OPERATORS,
  INSTAGRAM_SORT_FIELDS,
  SEARCH_ACCOUNT_TYPES,
  SEARCH_AGE_STEPS,
  SORT_DIRECTIONS,
  SORT_FIELDS_NEEDING_VALUE,
  TEXT_TAG_TYPES,
} from '../enums';
import type { Platform } from '../platforms';
import { checkMinMax, fraction, matching, pageNumber, platformSchema, range, text } from './fields';

/**
 * `POST /{platform}/search` (spec "Search", api-notes "Search request"). The body is the same on
 * every platform except for a few influencer fields: TikTok and YouTube add `views`, TikTok also
 * `shares` and `saves`. Instagram alone has a documented list of sort fields; the other two take any
 * field name, since theirs is not documented.
 */

/** Audience filter weights the service applies when a request omits them (api-notes). */
export const AUDIENCE_DEFAULT_WEIGHTS = {
  location: 0.2,
  language: 0.2,
  gender: 0.5,
  age: 0.3,
  interests: 0.3,
} as const;

export const SEARCH_DEFAULT_SORT = { field: 'followers', direction: 'desc' } as const;

/** Dictionary ids (locations, interests, brands) are numbers. */
const dictionaryId = z.number().int().min(0);
const metricRange = range(z.number().min(0));

const searchAgeStep = z.literal(SEARCH_AGE_STEPS);
const searchAge = z
  .looseObject({ min: searchAgeStep.optional(), max: searchAgeStep.optional() })
  .superRefine((age, ctx) => checkMinMax(age.min, age.max, ctx));

const influencerFields = {
  followers: metricRange.optional(),
  engagements: metricRange.optional(),
  reelsPlays: metricRange.optional(),
  /** A minimum, as a fraction (0.02 = 2%). */
  engagementRate: fraction().optional(),
  location: z.array(dictionaryId).optional(),
  language: text().optional(),
  /** Days since the last post. */
  lastposted: z.number().int().min(1).optional(),
  interests: z.array(dictionaryId).optional(),
  brands: z.array(dictionaryId).optional(),
  bio: text().optional(),
  keywords: text().optional(),
  relevance: z.array(matching(/^[#@][^\s#@]+$/, 'must be a #hashtag or an @username')).optional(),
  audienceRelevance: z.array(matching(/^@[^\s@]+$/, 'must be an @username')).optional(),
  gender: z.enum(GENDERS).optional(),
  age: searchAge.optional(),
  followersGrowthRate: z
    .looseObject({
      interval: z.enum(GROWTH_INTERVALS),
      value: z.number(),
      operator: z.enum(GROWTH_OPERATORS),
    })
    .optional(),
  /** Only `{ contactType: "email", filterAction: "must" }` is documented, so both stay open strings. */
  hasContactDetails: z.array(z.looseObject({ contactType: text(), filterAction: text() })).optional(),
  accountTypes: z.array(z.literal(SEARCH_ACCOUNT_TYPES)).optional(),
  textTags: z.array(z.looseObject({ type: z.enum(TEXT_TAG_TYPES), value: text() })).optional(),
  isVerified: z.boolean().optional(),
  hasSponsoredPosts: z.boolean().optional(),
  hasYouTube: z.boolean().optional(),
};

const instagramInfluencer = z.looseObject(influencerFields);
const tiktokInfluencer = z.looseObject({
  ...influencerFields,
  views: metricRange.optional(),
  shares: metricRange.optional(),
  saves: metricRange.optional(),
});
const youtubeInfluencer = z.looseObject({ ...influencerFields, views: metricRange.optional() });

function weight(fallback: number) {
  return fraction().default(fallback);
}

/** Entries inside one array combine with OR; the fields themselves combine with AND. */
export const searchAudienceFilterSchema = z.looseObject({
  location: z
    .array(z.looseObject({ id: dictionaryId, weight: weight(AUDIENCE_DEFAULT_WEIGHTS.location) }))
    .optional(),
  language: z.looseObject({ id: text(), weight: weight(AUDIENCE_DEFAULT_WEIGHTS.language) }).optional(),
  gender: z
    .looseObject({ id: z.enum(AUDIENCE_GENDERS), weight: weight(AUDIENCE_DEFAULT_WEIGHTS.gender) })
    .optional(),
  age: z
    .array(z.looseObject({ id: z.enum(AUDIENCE_AGE_GROUPS), weight: weight(AUDIENCE_DEFAULT_WEIGHTS.age) }))
    .optional(),
  interests: z
    .array(z.looseObject({ id: dictionaryId, weight: weight(AUDIENCE_DEFAULT_WEIGHTS.interests) }))
    .optional(),
  /** 0.75 = at most 25% fake followers. */
  credibility: fraction().optional(),
});

function sortSchema(field: z.ZodType<string>) {
  return z
    .looseObject({
      field,
      /** The location id (audienceGeo) or interest id (audienceInterest) to sort by. */
      value: z.union([z.number(), text()]).optional(),
      direction: z.enum(SORT_DIRECTIONS).default(SEARCH_DEFAULT_SORT.direction),
    })
    .superRefine((sort, ctx) => {
      const needsValue = (SORT_FIELDS_NEEDING_VALUE as readonly string[]).includes(sort.field);
      if (needsValue && sort.value === undefined) {
        const what = sort.field === 'audienceGeo' ? 'location' : 'interest';
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: `is required when sort.field is ${sort.field} (the ${what} id to sort by)`,
        });
      }
    });
}

function searchRequest<I extends z.ZodType>(influencer: I, sortField: z.ZodType<string>) {
  return z.looseObject({
    page: pageNumber(),
    calculationMethod: z.enum(CALCULATION_METHODS).default('median'),
    sort: sortSchema(sortField).default({ ...SEARCH_DEFAULT_SORT }),
    filter: z
      .looseObject({ influencer: influencer.optional(), audience: searchAudienceFilterSchema.optional() })
      .default({}),
  });
}

export const searchPathSchema = z.looseObject({ platform: platformSchema });

export const SEARCH_REQUEST_SCHEMAS = {
  instagram: searchRequest(instagramInfluencer, z.enum(INSTAGRAM_SORT_FIELDS)),
  tiktok: searchRequest(tiktokInfluencer, text()),
  youtube: searchRequest(youtubeInfluencer, text()),
} as const;

/** The body schema of `POST /{platform}/search` for one platform. */
export function searchRequestSchema<P extends Platform>(platform: P): (typeof SEARCH_REQUEST_SCHEMAS)[P] {
  return SEARCH_REQUEST_SCHEMAS[platform];
}

/** A parsed search body (defaults filled in). */
export type SearchRequest<P extends Platform = Platform> = z.output<(typeof SEARCH_REQUEST_SCHEMAS)[P]>;
/** A search body as a caller writes it (defaults optional). */
export type SearchRequestInput<P extends Platform = Platform> = z.input<(typeof SEARCH_REQUEST_SCHEMAS)[P]>;
export type SearchFilter<P extends Platform = Platform> = SearchRequest<P>['filter'];
export type SearchFilterInput<P extends Platform = Platform> = SearchRequestInput<P>['filter'];
export type SearchAudienceFilter = z.output<typeof searchAudienceFilterSchema>;

export { isEmptySearchFilter } from './empty-search-filter';
