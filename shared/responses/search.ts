import { z } from 'zod';
import { successEnvelope } from './envelope';
import { list, optional, wanted } from './tolerant';

/**
 * Search response (`POST /{platform}/search`). The spec leaves it open; the shape is api-notes
 * "Search response" (corroborated by public clients). Read tolerantly (tolerant.ts): a page is paid
 * per item, so only the `directs` list itself is required.
 */

/**
 * The influencer summary shared by search items and `profile.profile` of reports. The search row
 * reads every field; `userId` and `fullname` carry no "required" mark in the spec's TikTok table,
 * and `averageViews` is TikTok and YouTube only, so those three are optional. `engagementRate` is
 * a fraction here (0.02 = 2%), unlike AI search.
 */
export const influencerProfileSchema = z.looseObject({
  userId: optional(z.string()),
  fullname: optional(z.string()),
  username: wanted(z.string()),
  url: wanted(z.string()),
  picture: wanted(z.string()),
  followers: wanted(z.number()),
  engagements: wanted(z.number()),
  engagementRate: wanted(z.number()),
  averageViews: optional(z.number()),
  /** YouTube's `@handle` (api-notes, corroborated). */
  handle: optional(z.string()),
});
export type InfluencerProfile = z.infer<typeof influencerProfileSchema>;

export const searchItemSchema = z.looseObject({
  userId: wanted(z.string()),
  profile: wanted(influencerProfileSchema),
  /** Why the item matched; its fields are not described anywhere. */
  match: optional(z.looseObject({})),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

/**
 * `directs` are exact matches, `lookalikes` broader ones; billing counts both. `total` drives paging
 * but a page without it is still a page (paging then stops at the first short page).
 */
export const searchResponseSchema = successEnvelope({
  total: wanted(z.number()),
  isExactMatch: optional(z.boolean()),
  directs: list(searchItemSchema),
  lookalikes: optional(list(searchItemSchema)),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
