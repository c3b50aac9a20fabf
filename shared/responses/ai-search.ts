import { z } from 'zod';
import { PLATFORMS } from '../platforms';
import { successEnvelope } from './envelope';

/**
 * AI search (text, image and lookalikes share one response), AI dictionaries and AI lists.
 * Only the image-search response and the result profile are in the spec; the other shapes are open
 * and chosen here (each says so). The sandbox serves exactly these shapes.
 */

/** Likes and comments are -1 when the creator hides them; never add them up without checking. */
export const HIDDEN_COUNT = -1;

export const aiMatchedPostStatsSchema = z.looseObject({
  likesCount: z.number(),
  commentsCount: z.number(),
  playsCount: z.number(),
});
export type AiMatchedPostStats = z.infer<typeof aiMatchedPostStatsSchema>;

export const aiMatchedPostSchema = z.looseObject({
  id: z.string(),
  url: z.string(),
  thumbnail: z.string(),
  stats: aiMatchedPostStatsSchema,
});
export type AiMatchedPost = z.infer<typeof aiMatchedPostSchema>;

/** Fields without a "required" mark in the spec table are optional. */
export const aiProfileSchema = z.looseObject({
  userId: z.string().optional(),
  fullName: z.string().optional(),
  username: z.string(),
  profilePicture: z.string(),
  followersCount: z.number(),
  /** A PERCENTAGE here (0.71 means 0.71%), unlike search and reports where it is a fraction. */
  engagementRate: z.number(),
  /** Average posts per 30-day month. */
  postingFrequency: z.number(),
  /** Per-post views over the last 60 days. */
  viewsCountMedian: z.number().optional(),
  viewsCountMean: z.number().optional(),
  /** Decimal fraction (0.05 = 5%) over the growth filter's interval; omitted when unavailable. */
  followersGrowthRate: z.number().optional(),
  /** Ordered by relevance to the query. */
  matchedPosts: z.array(aiMatchedPostSchema),
  /** Not necessarily relevant to the query; item fields are not shown. */
  recentPosts: z.array(z.looseObject({})),
  accountCategory: z.string(),
});
export type AiProfile = z.infer<typeof aiProfileSchema>;

/** `total` is an estimate and may exceed what pagination can reach (1500 results). */
export const aiSearchResponseSchema = successEnvelope({
  total: z.number(),
  profiles: z.array(aiProfileSchema),
});
export type AiSearchResponse = z.infer<typeof aiSearchResponseSchema>;

/* ---------------------------------------------------------- AI dictionaries */

/** Open shape: `{ error, brands: [{ name }] }`; `name` is what `filters.brands` takes. */
export const aiBrandsResponseSchema = successEnvelope({
  brands: z.array(z.looseObject({ name: z.string() })),
});
export type AiBrandsResponse = z.infer<typeof aiBrandsResponseSchema>;

/** Open shape: `{ error, hashtags: [{ tag, postCount }] }`, `tag` without `#`, sorted by postCount desc. */
export const aiHashtagsResponseSchema = successEnvelope({
  hashtags: z.array(z.looseObject({ tag: z.string(), postCount: z.number() })),
});
export type AiHashtagsResponse = z.infer<typeof aiHashtagsResponseSchema>;

/** Open shape: `{ error, mentions: [{ username, postCount }] }`, `username` without `@`, sorted by postCount desc. */
export const aiMentionsResponseSchema = successEnvelope({
  mentions: z.array(z.looseObject({ username: z.string(), postCount: z.number() })),
});
export type AiMentionsResponse = z.infer<typeof aiMentionsResponseSchema>;

/* ------------------------------------------------------------------ AI lists */

/**
 * Open shape. Timestamps are ISO 8601 strings (JSON-safe, sortable as text). The spec promises
 * `approximateMemberCount` only from `GET /ai/lists/{id}`, so it is optional elsewhere.
 */
export const aiListSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  platform: z.enum(PLATFORMS),
  createdAt: z.string(),
  updatedAt: z.string(),
  approximateMemberCount: z.number().optional(),
});
export type AiList = z.infer<typeof aiListSchema>;

/** `POST /ai/lists`, open shape: `{ error, list }`. */
export const aiListCreateResponseSchema = successEnvelope({ list: aiListSchema });
export type AiListCreateResponse = z.infer<typeof aiListCreateResponseSchema>;

/** `GET /ai/lists`, open shape: `{ error, lists }` (no paging: the spec gives none). */
export const aiListsResponseSchema = successEnvelope({ lists: z.array(aiListSchema) });
export type AiListsResponse = z.infer<typeof aiListsResponseSchema>;

/** `GET /ai/lists/{listId}`, open shape: `{ error, list }` with the member estimate present. */
export const aiListResponseSchema = successEnvelope({
  list: aiListSchema.extend({ approximateMemberCount: z.number() }),
});
export type AiListResponse = z.infer<typeof aiListResponseSchema>;

/** `DELETE /ai/lists/{listId}`, open shape: `{ error, listId }`. */
export const aiListDeleteResponseSchema = successEnvelope({ listId: z.string() });
export type AiListDeleteResponse = z.infer<typeof aiListDeleteResponseSchema>;

/**
 * `GET /ai/lists/{listId}/members`, open shape, page style (the spec promises an exact count, which a
 * page answer carries naturally): query `page` (0-based) and `pageSize` (default 1000);
 * `{ error, listId, members: string[], total, page, pageSize, more_available }`.
 * A client asks for `page + 1` while `more_available` is true.
 */
export const aiListMembersResponseSchema = successEnvelope({
  listId: z.string(),
  /** Platform user ids. */
  members: z.array(z.string()),
  /** Exact member count of the list. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  more_available: z.boolean(),
});
export type AiListMembersResponse = z.infer<typeof aiListMembersResponseSchema>;

/** `POST .../members`, open shape: `added` counts new ids only (existing ones are no-ops); `total` is after. */
export const aiListMembersAddResponseSchema = successEnvelope({ added: z.number(), total: z.number() });
export type AiListMembersAddResponse = z.infer<typeof aiListMembersAddResponseSchema>;

/** `DELETE .../members`, open shape: `removed` counts ids that were members; `total` is after. */
export const aiListMembersRemoveResponseSchema = successEnvelope({ removed: z.number(), total: z.number() });
export type AiListMembersRemoveResponse = z.infer<typeof aiListMembersRemoveResponseSchema>;
