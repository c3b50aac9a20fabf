import { z } from 'zod';
import { PLATFORMS } from '../platforms';
import { successEnvelope } from './envelope';
import { list, openEnum, optional, wanted } from './tolerant';

/**
 * AI search (text, image and lookalikes share one response), AI dictionaries and AI lists.
 * Only the image-search response and the result profile are in the spec; the other shapes are open
 * and chosen here (each says so). Read tolerantly (tolerant.ts): a page requires its `profiles`
 * list, a list operation what names the list, and nothing else.
 */

/** Likes and comments are -1 when the creator hides them; never add them up without checking. */
export const HIDDEN_COUNT = -1;

export const aiMatchedPostStatsSchema = z.looseObject({
  likesCount: optional(z.number()),
  commentsCount: optional(z.number()),
  playsCount: optional(z.number()),
});
export type AiMatchedPostStats = z.infer<typeof aiMatchedPostStatsSchema>;

export const aiMatchedPostSchema = z.looseObject({
  id: optional(z.string()),
  url: wanted(z.string()),
  thumbnail: optional(z.string()),
  stats: wanted(aiMatchedPostStatsSchema),
});
export type AiMatchedPost = z.infer<typeof aiMatchedPostSchema>;

/** Fields the spec table marks required and the row reads are wanted; the others optional. */
export const aiProfileSchema = z.looseObject({
  userId: optional(z.string()),
  fullName: optional(z.string()),
  username: wanted(z.string()),
  profilePicture: optional(z.string()),
  followersCount: wanted(z.number()),
  /** A PERCENTAGE here (0.71 means 0.71%), unlike search and reports where it is a fraction. */
  engagementRate: wanted(z.number()),
  /** Average posts per 30-day month. */
  postingFrequency: wanted(z.number()),
  /** Per-post views over the last 60 days. */
  viewsCountMedian: optional(z.number()),
  viewsCountMean: optional(z.number()),
  /** Decimal fraction (0.05 = 5%) over the growth filter's interval; omitted when unavailable. */
  followersGrowthRate: optional(z.number()),
  /** Ordered by relevance to the query. */
  matchedPosts: wanted(list(aiMatchedPostSchema)),
  /** Not necessarily relevant to the query; item fields are not shown. */
  recentPosts: optional(list(z.looseObject({}))),
  accountCategory: wanted(z.string()),
});
export type AiProfile = z.infer<typeof aiProfileSchema>;

/** `total` is an estimate and may exceed what pagination can reach (1500 results). */
export const aiSearchResponseSchema = successEnvelope({
  total: wanted(z.number()),
  profiles: list(aiProfileSchema),
});
export type AiSearchResponse = z.infer<typeof aiSearchResponseSchema>;

/* ---------------------------------------------------------- AI dictionaries */

/** Open shape: `{ error, brands: [{ name }] }`; `name` is what `filters.brands` takes. */
export const aiBrandsResponseSchema = successEnvelope({
  brands: list(z.looseObject({ name: wanted(z.string()) })),
});
export type AiBrandsResponse = z.infer<typeof aiBrandsResponseSchema>;

/** Open shape: `{ error, hashtags: [{ tag, postCount }] }`, `tag` without `#`, sorted by postCount desc. */
export const aiHashtagsResponseSchema = successEnvelope({
  hashtags: list(z.looseObject({ tag: wanted(z.string()), postCount: optional(z.number()) })),
});
export type AiHashtagsResponse = z.infer<typeof aiHashtagsResponseSchema>;

/** Open shape: `{ error, mentions: [{ username, postCount }] }`, `username` without `@`, sorted by postCount desc. */
export const aiMentionsResponseSchema = successEnvelope({
  mentions: list(z.looseObject({ username: wanted(z.string()), postCount: optional(z.number()) })),
});
export type AiMentionsResponse = z.infer<typeof aiMentionsResponseSchema>;

/* ------------------------------------------------------------------ AI lists */

/**
 * A list id as text, sent as a number or as text: the shape of list answers is open (nobody
 * publishes it), and an id of another type must not fail every list operation. Required: a list
 * without its id can be neither opened nor changed.
 */
const listIdSchema = z.union([z.string().min(1), z.number()]).transform(String);

/**
 * A member as its platform user id: text, a number, or an object naming it (`userId`, `user_id`
 * or `id`). Anything else reads as no member and counts as drift, so one odd member never costs
 * the others.
 */
function memberIdOf(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  for (const key of ['userId', 'user_id', 'id']) {
    const id = record[key];
    if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return String(id);
  }
  return value;
}

const memberIdsSchema = z
  .array(z.preprocess(memberIdOf, wanted(z.string().min(1))))
  .transform((ids) => ids.filter((id): id is string => id !== undefined));

/**
 * Open shape. Timestamps are ISO 8601 strings (JSON-safe, sortable as text). The spec promises
 * `approximateMemberCount` only from `GET /ai/lists/{id}`, so it is optional elsewhere.
 */
export const aiListSchema = z.looseObject({
  id: listIdSchema,
  name: wanted(z.string()),
  platform: wanted(openEnum(PLATFORMS)),
  createdAt: optional(z.string()),
  updatedAt: optional(z.string()),
  approximateMemberCount: optional(z.number()),
});
export type AiList = z.infer<typeof aiListSchema>;

/** `POST /ai/lists`, open shape: `{ error, list }`. */
export const aiListCreateResponseSchema = successEnvelope({ list: aiListSchema });
export type AiListCreateResponse = z.infer<typeof aiListCreateResponseSchema>;

/** `GET /ai/lists`, open shape: `{ error, lists }` (no paging: the spec gives none). */
export const aiListsResponseSchema = successEnvelope({ lists: list(aiListSchema) });
export type AiListsResponse = z.infer<typeof aiListsResponseSchema>;

/** `GET /ai/lists/{listId}`, open shape: `{ error, list }` with the member estimate present. */
export const aiListResponseSchema = successEnvelope({
  list: aiListSchema.extend({ approximateMemberCount: wanted(z.number()) }),
});
export type AiListResponse = z.infer<typeof aiListResponseSchema>;

/** `DELETE /ai/lists/{listId}`, open shape: `{ error, listId }`. */
export const aiListDeleteResponseSchema = successEnvelope({ listId: optional(listIdSchema) });
export type AiListDeleteResponse = z.infer<typeof aiListDeleteResponseSchema>;

/**
 * `GET /ai/lists/{listId}/members`, open shape, page style (the spec promises an exact count, which a
 * page answer carries naturally): query `page` (0-based) and `pageSize` (default 1000);
 * `{ error, listId, members: string[], total, page, pageSize, more_available }`.
 * A client asks for `page + 1` while `more_available` is true.
 */
export const aiListMembersResponseSchema = successEnvelope({
  listId: optional(listIdSchema),
  /** Platform user ids, however each is sent (`memberIdOf`). */
  members: memberIdsSchema,
  /** Exact member count of the list. */
  total: wanted(z.number()),
  page: optional(z.number()),
  pageSize: optional(z.number()),
  more_available: wanted(z.boolean()),
});
export type AiListMembersResponse = z.infer<typeof aiListMembersResponseSchema>;

/** `POST .../members`, open shape: `added` counts new ids only (existing ones are no-ops); `total` is after. */
export const aiListMembersAddResponseSchema = successEnvelope({
  added: wanted(z.number()),
  total: wanted(z.number()),
});
export type AiListMembersAddResponse = z.infer<typeof aiListMembersAddResponseSchema>;

/** `DELETE .../members`, open shape: `removed` counts ids that were members; `total` is after. */
export const aiListMembersRemoveResponseSchema = successEnvelope({
  removed: wanted(z.number()),
  total: wanted(z.number()),
});
export type AiListMembersRemoveResponse = z.infer<typeof aiListMembersRemoveResponseSchema>;
