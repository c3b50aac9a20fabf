import { z } from 'zod';
import { AUDIENCE_AGE_GROUPS, AUDIENCE_GENDERS } from '../enums';
import type { Platform } from '../platforms';
import { successEnvelope } from './envelope';
import { influencerProfileSchema } from './search';
import { list, openEnum, optional, rowsFrom, wanted } from './tolerant';

/**
 * Report responses (`GET /{platform}/profile/{userId}/report`): `{ error: false, profile }`.
 *
 * A report costs a credit, so it is read tolerantly (tolerant.ts): the one thing required is the
 * `profile` object itself. Fields the report row reads and the spec requires are `wanted` (their
 * absence shows as an empty cell and counts as contract drift); fields the spec marks optional, or
 * that no row reads, are `optional`. The vendor's own examples are partial (api-notes "Seen from the
 * real service": a statHistory entry with only `month`, `followers`, `avgLikes`; TikTok bins without
 * a `median` flag), so no nested list requires anything of its items either.
 *
 * YouTube follows the TikTok shape with its own names (`description` for the bio, `totalViews`,
 * `profile.handle`), and one client shows `profile.profile` without engagements: every YouTube field
 * is optional, its drift is not worth an alarm.
 */

const looseObject = z.looseObject({});

export const genderSchema = openEnum(AUDIENCE_GENDERS);

export const INSTAGRAM_AGE_GROUPS = AUDIENCE_AGE_GROUPS;
export const TIKTOK_AGE_GROUPS = ['18-24', '25-34', '35-44', '45-64', '65-'] as const;

export const INSTAGRAM_ACCOUNT_TYPES = ['Regular', 'Business', 'Creator'] as const;

/** Audience buckets by how many accounts the followers themselves follow. */
export const AUDIENCE_REACHABILITY_CODES = ['-500', '500-1000', '1000-1500', '1500-'] as const;

/** `{ code or name, weight }`: every audience list's item (api-notes, single source). */
export const audienceShareSchema = z.looseObject({
  code: optional(z.string()),
  name: optional(z.string()),
  weight: optional(z.number()),
});
export type AudienceShare = z.infer<typeof audienceShareSchema>;

const shares = optional(list(audienceShareSchema));

export const weightedTagSchema = z.looseObject({ tag: optional(z.string()), weight: optional(z.number()) });

/** A post in `recentPosts` / `popularPosts` / `sponsoredPosts`; the rows read dates and sponsors. */
export const reportPostSchema = z.looseObject({
  id: optional(z.string()),
  text: optional(z.string()),
  url: optional(z.string()),
  created: optional(z.string()),
  type: optional(z.string()),
  thumbnail: optional(z.string()),
  title: optional(z.string()),
  likes: optional(z.number()),
  comments: optional(z.number()),
  views: optional(z.number()),
  sponsors: optional(
    list(
      z.looseObject({
        domain: optional(z.string()),
        name: optional(z.string()),
        logo_url: optional(z.string()),
      }),
    ),
  ),
});
export type ReportPost = z.infer<typeof reportPostSchema>;

/** One month; Instagram keeps it at the top, TikTok under `statsByContentType.all`. */
export const statHistoryEntrySchema = z.looseObject({
  /** YYYY-MM */
  month: wanted(z.string()),
  followers: optional(z.number()),
  following: optional(z.number()),
  avgLikes: optional(z.number()),
  avgViews: optional(z.number()),
  avgComments: optional(z.number()),
  avgShares: optional(z.number()),
  avgEngagements: optional(z.number()),
  avgSaves: optional(z.number()),
});

/** `{ id, name }` items (interests, brand affinity); the rows show the names. */
const namedItem = z.looseObject({
  id: optional(z.union([z.number(), z.string()])),
  name: optional(z.string()),
});

export const contactSchema = z.looseObject({ type: optional(z.string()), value: optional(z.string()) });

export const engagementRateBinSchema = z.looseObject({
  min: optional(z.number()),
  max: optional(z.number()),
  total: optional(z.number()),
  /** Marks the bin of the median influencer; the vendor's own example leaves it out. */
  median: optional(z.boolean()),
});

export const audienceExtraSchema = z.looseObject({
  followersRange: optional(
    z.looseObject({ leftNumber: optional(z.number()), rightNumber: optional(z.number()) }),
  ),
  engagementRateDistribution: optional(list(engagementRateBinSchema)),
});

/** Every platform's audience: Instagram's lists (api-notes), TikTok's required `notable`. */
const audienceFields = {
  credibility: optional(z.number()),
  notable: optional(z.number()),
  genders: shares,
  ages: shares,
  gendersPerAge: optional(list(looseObject)),
  geoCountries: shares,
  geoCities: shares,
  geoStates: shares,
  languages: shares,
  interests: shares,
  brandAffinity: shares,
  notableUsers: optional(list(looseObject)),
  audienceLookalikes: optional(list(looseObject)),
  audienceTypes: shares,
  audienceReachability: optional(
    list(z.looseObject({ code: openEnum(AUDIENCE_REACHABILITY_CODES), weight: optional(z.number()) })),
  ),
  ethnicities: shares,
};

const contentStatsSchema = z.looseObject({
  engagements: optional(z.number()),
  engagementRate: optional(z.number()),
  avgLikes: optional(z.number()),
  avgComments: optional(z.number()),
  avgPosts4weeks: optional(z.number()),
  statHistory: optional(list(statHistoryEntrySchema)),
});

/** What every platform's report may carry, all optional; each platform marks what it promises. */
const commonReportFields = {
  userId: optional(z.string()),
  profile: optional(influencerProfileSchema),
  audience: optional(z.looseObject(audienceFields)),
  statsByContentType: optional(
    z.looseObject({ all: optional(contentStatsSchema), reels: optional(contentStatsSchema) }),
  ),
  recentPosts: optional(list(reportPostSchema)),
  popularPosts: optional(list(reportPostSchema)),
  sponsoredPosts: optional(list(reportPostSchema)),
  statHistory: optional(list(statHistoryEntrySchema)),
  city: optional(z.string()),
  state: optional(z.string()),
  country: optional(z.string()),
  gender: optional(genderSchema),
  language: optional(
    z.union([z.looseObject({ code: optional(z.string()), name: optional(z.string()) }), z.string()]),
  ),
  /** Disabled unless the operator unlocks contact details for the account. */
  contacts: optional(list(contactSchema)),
  ageGroup: optional(z.string()),
  isPrivate: optional(z.boolean()),
  isVerified: optional(z.boolean()),
  postsCount: optional(z.number()),
  bio: optional(z.string()),
  interests: optional(list(namedItem)),
  brandAffinity: optional(list(namedItem)),
  lookalikes: optional(list(looseObject)),
  audienceExtra: optional(audienceExtraSchema),
  paidPostPerformance: optional(z.number()),
  paidPostPerformanceViews: optional(z.number()),
  sponsoredPostsMedianViews: optional(z.number()),
  sponsoredPostsMedianLikes: optional(z.number()),
  nonSponsoredPostsMedianViews: optional(z.number()),
  nonSponsoredPostsMedianLikes: optional(z.number()),
};

/* ----------------------------------------------------------------- Instagram */

/** The spec's Instagram table: required unless marked; the ones the row reads are wanted. */
export const instagramReportSchema = z.looseObject({
  ...commonReportFields,
  profile: wanted(influencerProfileSchema),
  audience: wanted(
    z.looseObject({
      ...audienceFields,
      credibility: wanted(z.number()),
      genders: wanted(list(audienceShareSchema)),
      ages: wanted(list(audienceShareSchema)),
      geoCountries: wanted(list(audienceShareSchema)),
    }),
  ),
  ageGroup: optional(openEnum(INSTAGRAM_AGE_GROUPS)),
  accountType: wanted(openEnum(INSTAGRAM_ACCOUNT_TYPES)),
  isPrivate: wanted(z.boolean()),
  isVerified: wanted(z.boolean()),
  postsCounts: optional(z.number()),
  postsCount: wanted(z.number()),
  avgLikes: wanted(z.number()),
  avgComments: wanted(z.number()),
  avgViews: wanted(z.number()),
  avgReelsPlays: wanted(z.number()),
  bio: wanted(z.string()),
  hashtags: optional(list(weightedTagSchema)),
  mentions: optional(list(weightedTagSchema)),
  interests: wanted(list(namedItem)),
  brandAffinity: wanted(list(namedItem)),
  sponsoredPosts: wanted(list(reportPostSchema)),
  statHistory: wanted(list(statHistoryEntrySchema)),
  sponsoredPostsMedianViews: wanted(z.number()),
  sponsoredPostsMedianLikes: wanted(z.number()),
  nonSponsoredPostsMedianViews: wanted(z.number()),
  nonSponsoredPostsMedianLikes: wanted(z.number()),
  paidPostPerformanceViews: wanted(z.number()),
  /** Deprecated in favour of `statsByContentType`; nothing reads it. */
  stats: optional(looseObject),
});
export type InstagramReport = z.infer<typeof instagramReportSchema>;

/* -------------------------------------------------------------------- TikTok */

/** The spec's TikTok table: required only where marked "required"; those the row reads are wanted. */
export const tiktokReportSchema = z.looseObject({
  ...commonReportFields,
  profile: wanted(influencerProfileSchema.extend({ averageViews: wanted(z.number()) })),
  audience: optional(z.looseObject({ ...audienceFields, notable: wanted(z.number()) })),
  ageGroup: optional(openEnum(TIKTOK_AGE_GROUPS)),
  secUid: optional(z.string()),
  isPrivate: wanted(z.boolean()),
  isVerified: wanted(z.boolean()),
  postsCount: wanted(z.number()),
  totalLikes: wanted(z.number()),
  bio: wanted(z.string()),
  sponsoredPosts: wanted(list(reportPostSchema)),
  sponsoredPostsMedianViews: wanted(z.number()),
  sponsoredPostsMedianLikes: wanted(z.number()),
  nonSponsoredPostsMedianViews: wanted(z.number()),
  nonSponsoredPostsMedianLikes: wanted(z.number()),
  paidPostPerformanceViews: wanted(z.number()),
});
export type TiktokReport = z.infer<typeof tiktokReportSchema>;

/* ------------------------------------------------------------------- YouTube */

/**
 * `profile.profile` of a YouTube report: one public client shows it without `engagements` /
 * `engagementRate`, and channels go by `handle` (api-notes): no one field is promised, but a
 * report that names its channel by none of `username`, `handle` or `userId` is a row of nobody.
 */
const youtubeProfileFields = z.looseObject({
  userId: optional(z.string()),
  fullname: optional(z.string()),
  username: optional(z.string()),
  handle: optional(z.string()),
  url: optional(z.string()),
  picture: optional(z.string()),
  followers: optional(z.number()),
  engagements: optional(z.number()),
  engagementRate: optional(z.number()),
  averageViews: optional(z.number()),
});
const youtubeProfileSchema = rowsFrom(youtubeProfileFields, ['username', 'handle', 'userId']);

/**
 * Little promised (api-notes: "map defensively"); `description` is its bio, `totalViews` its own.
 * The channel's summary is wanted: without it the row has no channel.
 */
export const youtubeReportSchema = z.looseObject({
  ...commonReportFields,
  profile: wanted(youtubeProfileSchema),
  description: optional(z.string()),
  totalViews: optional(z.number()),
  totalLikes: optional(z.number()),
  lookalikesByTopics: optional(list(looseObject)),
  audienceCommenters: optional(looseObject),
});
export type YoutubeReport = z.infer<typeof youtubeReportSchema>;

/** `profile` must be an object: without it there is no report to make a row of. */
const reportResponse = <T extends z.ZodType>(profile: T) => successEnvelope({ profile });

export const instagramReportResponseSchema = reportResponse(instagramReportSchema);
export const tiktokReportResponseSchema = reportResponse(tiktokReportSchema);
export const youtubeReportResponseSchema = reportResponse(youtubeReportSchema);
export type InstagramReportResponse = z.infer<typeof instagramReportResponseSchema>;
export type TiktokReportResponse = z.infer<typeof tiktokReportResponseSchema>;
export type YoutubeReportResponse = z.infer<typeof youtubeReportResponseSchema>;

/** The report response schema for each platform, for code that handles reports generically. */
export const REPORT_RESPONSE_SCHEMAS = {
  instagram: instagramReportResponseSchema,
  tiktok: tiktokReportResponseSchema,
  youtube: youtubeReportResponseSchema,
} as const satisfies Record<Platform, z.ZodType>;

export type ReportResponse = InstagramReportResponse | TiktokReportResponse | YoutubeReportResponse;
