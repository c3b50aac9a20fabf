import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * Search response (`POST /{platform}/search`). The spec leaves it open; the shape is api-notes
 * "Search response" (corroborated by public clients).
 */

/**
 * The influencer summary shared by search items and `profile.profile` of reports. `userId` and
 * `fullname` carry no "required" mark in the spec's TikTok table while their siblings do, so they
 * are optional. `averageViews` is TikTok and YouTube only (required in the TikTok report).
 * `engagementRate` is a fraction here (0.02 = 2%), unlike AI search.
 */
export const influencerProfileSchema = z.looseObject({
  userId: z.string().optional(),
  fullname: z.string().optional(),
  username: z.string(),
  url: z.string(),
  picture: z.string(),
  followers: z.number(),
  engagements: z.number(),
  engagementRate: z.number(),
  averageViews: z.number().optional(),
});
export type InfluencerProfile = z.infer<typeof influencerProfileSchema>;

export const searchItemSchema = z.looseObject({
  userId: z.string(),
  profile: influencerProfileSchema,
  /** Why the item matched; its fields are not described anywhere. */
  match: z.looseObject({}).optional(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

/**
 * `directs` are exact matches, `lookalikes` broader ones; billing counts both. Only `directs` and
 * `total` are required: a page without lookalikes or without the exact-match flag is still a page.
 */
export const searchResponseSchema = successEnvelope({
  total: z.number(),
  isExactMatch: z.boolean().optional(),
  directs: z.array(searchItemSchema),
  lookalikes: z.array(searchItemSchema).optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
