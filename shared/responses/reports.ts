import { z } from 'zod';
import { AUDIENCE_GENDERS } from '../enums';
import type { Platform } from '../platforms';
import { brandSchema, interestSchema } from './dictionaries';
import { successEnvelope } from './envelope';
import { influencerProfileSchema } from './search';

/**
 * Report responses (`GET /{platform}/profile/{userId}/report`): `{ error: false, profile }`.
 *
 * How required and optional are read from the spec, since a report costs a credit and must not be
 * thrown away over a field the contract never promised:
 * - Instagram table: required unless marked optional (its own header says so); inside it, a field
 *   list that marks some fields "required" leaves the unmarked ones optional (sponsored posts).
 * - TikTok table and its nested lists: required only where marked "required"; unmarked is optional.
 * - A nested shape whose list marks nothing (`{ tag, weight }`, `{ code, weight }`) is the shape
 *   itself: all of its fields are required.
 * - YouTube: the spec shows nothing; api-notes says "expect the TikTok shape, map defensively", so
 *   only `userId` is required and the nested parts reuse the TikTok schemas.
 * Objects the spec calls "not shown" are loose objects; every object keeps unknown fields.
 */

const looseObject = z.looseObject({});

export const genderSchema = z.enum(AUDIENCE_GENDERS);
export type ReportGender = z.infer<typeof genderSchema>;

export const INSTAGRAM_AGE_GROUPS = ['13-17', '18-24', '25-34', '35-44', '45-64', '65-'] as const;
export const TIKTOK_AGE_GROUPS = ['18-24', '25-34', '35-44', '45-64', '65-'] as const;
export const instagramAgeGroupSchema = z.enum(INSTAGRAM_AGE_GROUPS);
export const tiktokAgeGroupSchema = z.enum(TIKTOK_AGE_GROUPS);

export const INSTAGRAM_ACCOUNT_TYPES = ['Regular', 'Business', 'Creator'] as const;
export const instagramAccountTypeSchema = z.enum(INSTAGRAM_ACCOUNT_TYPES);

/** Audience buckets by how many accounts the followers themselves follow. */
export const AUDIENCE_REACHABILITY_CODES = ['-500', '500-1000', '1000-1500', '1500-'] as const;

/** `profile.profile` of a TikTok report: here `averageViews` is required. */
export const tiktokInfluencerProfileSchema = influencerProfileSchema.extend({ averageViews: z.number() });
export type TiktokInfluencerProfile = z.infer<typeof tiktokInfluencerProfileSchema>;

/* ----------------------------------------------------------------- Instagram */

export const weightedTagSchema = z.looseObject({ tag: z.string(), weight: z.number() });
export type WeightedTag = z.infer<typeof weightedTagSchema>;

/** Recent posts "with id, text, url, created, likes, comments, mentions, hashtags", all present. */
export const instagramRecentPostSchema = z.looseObject({
  id: z.string(),
  text: z.string(),
  url: z.string(),
  created: z.string(),
  likes: z.number(),
  comments: z.number(),
  mentions: z.array(z.string()),
  hashtags: z.array(z.string()),
});
export type InstagramRecentPost = z.infer<typeof instagramRecentPostSchema>;

/** The sponsor of an Instagram sponsored post is not shown; TikTok's `{ domain, logo_url }` is likely. */
export const instagramPostSponsorSchema = z.looseObject({
  domain: z.string().optional(),
  logo_url: z.string().optional(),
});

export const instagramSponsoredPostSchema = z.looseObject({
  id: z.string(),
  text: z.string(),
  url: z.string(),
  created: z.string(),
  type: z.string(),
  thumbnail: z.string(),
  likes: z.number().optional(),
  comments: z.number().optional(),
  views: z.number().optional(),
  mentions: z.array(z.string()).optional(),
  hashtags: z.array(z.string()).optional(),
  video: z.string().optional(),
  image: z.string().optional(),
  sponsors: z.array(instagramPostSponsorSchema).optional(),
});
export type InstagramSponsoredPost = z.infer<typeof instagramSponsoredPostSchema>;

/** One month of history; this list marks `avgShares` optional, so under the header rule `month` is required. */
export const instagramStatHistoryEntrySchema = z.looseObject({
  /** YYYY-MM */
  month: z.string(),
  followers: z.number(),
  following: z.number(),
  avgLikes: z.number(),
  avgViews: z.number(),
  avgComments: z.number(),
  avgShares: z.number().optional(),
});
export type InstagramStatHistoryEntry = z.infer<typeof instagramStatHistoryEntrySchema>;

export const lookalikeSchema = z.looseObject({
  userId: z.string().optional(),
  fullname: z.string().optional(),
  username: z.string(),
  url: z.string(),
  picture: z.string(),
  followers: z.number(),
  engagements: z.number(),
});
export type Lookalike = z.infer<typeof lookalikeSchema>;

/**
 * An audience share as Instagram clients see it (api-notes, single source): `{ code or name, weight }`.
 * Everything is optional because no source promises more than that rough shape.
 */
export const audienceShareSchema = z.looseObject({
  code: z.string().optional(),
  name: z.string().optional(),
  weight: z.number().optional(),
});
export type AudienceShare = z.infer<typeof audienceShareSchema>;

const audienceShares = z.array(audienceShareSchema).optional();

/** Instagram `audience` (not shown in the spec; field names from api-notes, typed loosely). */
export const instagramAudienceSchema = z.looseObject({
  /** Inverse of the fake-follower share (0.75 = 25% fake). */
  credibility: z.number().optional(),
  notable: z.number().optional(),
  genders: audienceShares,
  ages: audienceShares,
  gendersPerAge: z.array(looseObject).optional(),
  geoCountries: audienceShares,
  geoCities: audienceShares,
  geoStates: audienceShares,
  languages: audienceShares,
  interests: audienceShares,
  brandAffinity: audienceShares,
  notableUsers: z.array(looseObject).optional(),
  audienceLookalikes: z.array(looseObject).optional(),
  audienceTypes: audienceShares,
  audienceReachability: audienceShares,
  ethnicities: audienceShares,
});
export type InstagramAudience = z.infer<typeof instagramAudienceSchema>;

/** Not shown in the spec; api-notes says it holds `all` and `reels`. */
export const instagramStatsByContentTypeSchema = z.looseObject({
  all: looseObject.optional(),
  reels: looseObject.optional(),
});

/** The spec calls it a Language object but shows none of its fields inside the report. */
export const reportLanguageSchema = z.looseObject({
  code: z.string().optional(),
  name: z.string().optional(),
});

export const instagramReportSchema = z.looseObject({
  userId: z.string(),
  /** Not shown in the spec; api-notes (corroborated) gives the same summary as search items. */
  profile: influencerProfileSchema.optional(),
  hashtags: z.array(weightedTagSchema),
  mentions: z.array(weightedTagSchema),
  statsByContentType: instagramStatsByContentTypeSchema.optional(),
  audience: instagramAudienceSchema.optional(),
  recentPosts: z.array(instagramRecentPostSchema).optional(),
  popularPosts: z.array(looseObject).optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  subdivision: z.string().optional(),
  country: z.string().optional(),
  gender: genderSchema.optional(),
  language: reportLanguageSchema.optional(),
  /** Disabled unless the operator unlocks contact details for the account. */
  contacts: z.array(looseObject).optional(),
  ageGroup: instagramAgeGroupSchema.optional(),
  isPrivate: z.boolean(),
  isVerified: z.boolean(),
  accountType: instagramAccountTypeSchema,
  postsCounts: z.number(),
  postsCount: z.number(),
  avgLikes: z.number(),
  avgComments: z.number(),
  avgViews: z.number(),
  avgReelsPlays: z.number(),
  bio: z.string(),
  interests: z.array(interestSchema),
  brandAffinity: z.array(brandSchema),
  sponsoredPosts: z.array(instagramSponsoredPostSchema),
  statHistory: z.array(instagramStatHistoryEntrySchema),
  lookalikes: z.array(lookalikeSchema),
  audienceExtra: looseObject.optional(),
  paidPostPerformance: z.number().optional(),
  paidPostPerformanceViews: z.number(),
  sponsoredPostsMedianViews: z.number(),
  sponsoredPostsMedianLikes: z.number(),
  nonSponsoredPostsMedianViews: z.number(),
  nonSponsoredPostsMedianLikes: z.number(),
  /** Deprecated in favour of `statsByContentType`, but still required by spec version 1.5.0. */
  stats: looseObject,
});
export type InstagramReport = z.infer<typeof instagramReportSchema>;

export const instagramReportResponseSchema = successEnvelope({ profile: instagramReportSchema });
export type InstagramReportResponse = z.infer<typeof instagramReportResponseSchema>;

/* -------------------------------------------------------------------- TikTok */

export const genderShareSchema = z.looseObject({ code: z.string(), weight: z.number() });
export const geoCountryShareSchema = z.looseObject({ name: z.string() });
export const genderPerAgeSchema = z.looseObject({ male: z.number(), female: z.number() });
export const audienceReachabilitySchema = z.looseObject({
  code: z.enum(AUDIENCE_REACHABILITY_CODES),
  /** Share of the audience in this bucket. */
  weight: z.number(),
});

export const tiktokAudienceSchema = z.looseObject({
  notable: z.number(),
  genders: z.array(genderShareSchema).optional(),
  geoCountries: z.array(geoCountryShareSchema).optional(),
  ages: z.array(looseObject).optional(),
  gendersPerAge: z.array(genderPerAgeSchema).optional(),
  languages: z.array(looseObject).optional(),
  notableUsers: z.array(looseObject).optional(),
  audienceLookalikes: z.array(looseObject).optional(),
  audienceReachability: z.array(audienceReachabilitySchema).optional(),
});
export type TiktokAudience = z.infer<typeof tiktokAudienceSchema>;

export const tiktokStatHistoryEntrySchema = z.looseObject({
  /** YYYY-MM */
  month: z.string(),
  avgEngagements: z.number(),
  avgViews: z.number(),
  avgShares: z.number(),
  avgSaves: z.number(),
});
export type TiktokStatHistoryEntry = z.infer<typeof tiktokStatHistoryEntrySchema>;

export const tiktokContentStatsSchema = z.looseObject({
  engagements: z.number(),
  engagementRate: z.number(),
  avgLikes: z.number(),
  avgComments: z.number(),
  avgPosts4weeks: z.number(),
  statHistory: z.array(tiktokStatHistoryEntrySchema),
});
export type TiktokContentStats = z.infer<typeof tiktokContentStatsSchema>;

export const tiktokStatsByContentTypeSchema = z.looseObject({ all: tiktokContentStatsSchema.optional() });

/** `thumbnail` expires within hours and is to be removed in the next API version; v1 still requires it. */
export const tiktokRecentPostSchema = z.looseObject({
  id: z.string(),
  text: z.string(),
  url: z.string(),
  created: z.string(),
  type: z.string(),
  thumbnail: z.string(),
  likes: z.number().optional(),
  comments: z.number().optional(),
  views: z.number().optional(),
  video: z.string().optional(),
});
export type TiktokRecentPost = z.infer<typeof tiktokRecentPostSchema>;

export const contactSchema = z.looseObject({ value: z.string() });
export type Contact = z.infer<typeof contactSchema>;

/** Histograms in `audienceExtra` cover influencers whose follower count falls in this range. */
export const followersRangeSchema = z.looseObject({ leftNumber: z.number(), rightNumber: z.number() });

export const engagementRateBinSchema = z.looseObject({
  min: z.number().optional(),
  max: z.number().optional(),
  total: z.number(),
  median: z.boolean().optional(),
});
export type EngagementRateBin = z.infer<typeof engagementRateBinSchema>;

/**
 * The median flag marks the bin holding the median influencer, so exactly one bin carries it. An
 * empty histogram has no median bin and is accepted: it says "no data", not "broken data".
 */
export const engagementRateDistributionSchema = z
  .array(engagementRateBinSchema)
  .refine((bins) => bins.length === 0 || bins.filter((bin) => bin.median === true).length === 1, {
    message: 'engagementRateDistribution must mark exactly one bin with median: true',
  });

export const audienceExtraSchema = z.looseObject({
  followersRange: followersRangeSchema,
  engagementRateDistribution: engagementRateDistributionSchema,
});
export type AudienceExtra = z.infer<typeof audienceExtraSchema>;

export const sponsorSchema = z.looseObject({ domain: z.string(), logo_url: z.string() });
export type Sponsor = z.infer<typeof sponsorSchema>;

export const tiktokSponsoredPostSchema = z.looseObject({
  thumbnail: z.string(),
  title: z.string(),
  sponsors: z.array(sponsorSchema).optional(),
});
export type TiktokSponsoredPost = z.infer<typeof tiktokSponsoredPostSchema>;

export const tiktokReportSchema = z.looseObject({
  userId: z.string(),
  profile: tiktokInfluencerProfileSchema.optional(),
  audience: tiktokAudienceSchema.optional(),
  secUid: z.string(),
  statsByContentType: tiktokStatsByContentTypeSchema.optional(),
  recentPosts: z.array(tiktokRecentPostSchema).optional(),
  popularPosts: z.array(looseObject).optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  gender: genderSchema.optional(),
  /** Disabled unless the operator unlocks contact details for the account. */
  contacts: z.array(contactSchema).optional(),
  ageGroup: tiktokAgeGroupSchema.optional(),
  isPrivate: z.boolean(),
  isVerified: z.boolean(),
  postsCount: z.number(),
  totalLikes: z.number(),
  bio: z.string(),
  /** Item shapes are not given for TikTok. */
  interests: z.array(looseObject),
  lookalikes: z.array(looseObject),
  audienceExtra: audienceExtraSchema.optional(),
  sponsoredPosts: z.array(tiktokSponsoredPostSchema),
  paidPostPerformance: z.number().optional(),
  paidPostPerformanceViews: z.number(),
  sponsoredPostsMedianViews: z.number(),
  sponsoredPostsMedianLikes: z.number(),
  nonSponsoredPostsMedianViews: z.number(),
  nonSponsoredPostsMedianLikes: z.number(),
});
export type TiktokReport = z.infer<typeof tiktokReportSchema>;

export const tiktokReportResponseSchema = successEnvelope({ profile: tiktokReportSchema });
export type TiktokReportResponse = z.infer<typeof tiktokReportResponseSchema>;

/* ------------------------------------------------------------------- YouTube */

/**
 * YouTube report: TikTok-like (api-notes), but nothing is promised, so everything past `userId` is
 * optional. `averageViews` stays optional in the profile; `ageGroup` is any string because
 * YouTube's buckets are unknown.
 */
export const youtubeReportSchema = z.looseObject({
  userId: z.string(),
  profile: influencerProfileSchema.optional(),
  /** Partial: even TikTok's one required audience number may be missing for YouTube. */
  audience: tiktokAudienceSchema.partial().optional(),
  statsByContentType: tiktokStatsByContentTypeSchema.optional(),
  statHistory: z.array(looseObject).optional(),
  recentPosts: z.array(looseObject).optional(),
  popularPosts: z.array(looseObject).optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  gender: genderSchema.optional(),
  contacts: z.array(contactSchema).optional(),
  ageGroup: z.string().optional(),
  isPrivate: z.boolean().optional(),
  isVerified: z.boolean().optional(),
  postsCount: z.number().optional(),
  totalLikes: z.number().optional(),
  bio: z.string().optional(),
  interests: z.array(looseObject).optional(),
  lookalikes: z.array(looseObject).optional(),
  audienceExtra: audienceExtraSchema.optional(),
  sponsoredPosts: z.array(tiktokSponsoredPostSchema).optional(),
  paidPostPerformance: z.number().optional(),
  paidPostPerformanceViews: z.number().optional(),
  sponsoredPostsMedianViews: z.number().optional(),
  sponsoredPostsMedianLikes: z.number().optional(),
  nonSponsoredPostsMedianViews: z.number().optional(),
  nonSponsoredPostsMedianLikes: z.number().optional(),
});
export type YoutubeReport = z.infer<typeof youtubeReportSchema>;

export const youtubeReportResponseSchema = successEnvelope({ profile: youtubeReportSchema });
export type YoutubeReportResponse = z.infer<typeof youtubeReportResponseSchema>;

/** The report response schema for each platform, for code that handles reports generically. */
export const REPORT_RESPONSE_SCHEMAS = {
  instagram: instagramReportResponseSchema,
  tiktok: tiktokReportResponseSchema,
  youtube: youtubeReportResponseSchema,
} as const satisfies Record<Platform, z.ZodType>;

export type ReportResponse = InstagramReportResponse | TiktokReportResponse | YoutubeReportResponse;
