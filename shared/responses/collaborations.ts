import { z } from 'zod';
import { COLLABORATION_TYPES } from '../enums';
import { successEnvelope } from './envelope';

/**
 * Collaborations (`POST /collaborations/posts`, `POST /collaborations/summary`; api-notes, single
 * source) and the deprecated per-platform endpoints (spec). What a client acts on is required (ids,
 * posts, paging flags); descriptive fields are optional, since one source is all there is.
 * An answer describes either the influencer side or the brand side, depending on what `id` named.
 */

export const collaborationTypeSchema = z.enum(COLLABORATION_TYPES);

export const collaborationPostStatsSchema = z.looseObject({
  likes: z.number().optional(),
  comments: z.number().optional(),
  plays: z.number().optional(),
  views: z.number().optional(),
  shares: z.number().optional(),
});

export const collaborationSponsorSchema = z.looseObject({
  name: z.string().optional(),
  username: z.string().optional(),
  domain: z.string().optional(),
  logo_url: z.string().optional(),
  user_id: z.string().optional(),
  category: z.string().optional(),
});
export type CollaborationSponsor = z.infer<typeof collaborationSponsorSchema>;

export const collaborationPostSchema = z.looseObject({
  post_id: z.string(),
  post_thumbnail: z.string().optional(),
  /** Milliseconds since the epoch, like the request's `postCreationTimestampMs` (chosen, open). */
  post_timestamp: z.number().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  label: z.string().optional(),
  collaboration_type: collaborationTypeSchema,
  stats: collaborationPostStatsSchema.optional(),
  sponsors: z.array(collaborationSponsorSchema).optional(),
});
export type CollaborationPost = z.infer<typeof collaborationPostSchema>;

export const collaborationInfluencerPostsSchema = z.looseObject({
  id: z.string(),
  platform: z.string().optional(),
  is_more_available: z.boolean(),
  username: z.string().optional(),
  user_picture: z.string().optional(),
  posts: z.array(collaborationPostSchema),
});

export const collaborationBrandPostsSchema = z.looseObject({
  id: z.string(),
  platform: z.string().optional(),
  is_more_available: z.boolean(),
  brand_name: z.string().optional(),
  brand_domain: z.string().optional(),
  brand_logo: z.string().optional(),
  brand_category: z.string().optional(),
  posts: z.array(collaborationPostSchema),
});

function hasOneSide(body: { influencer?: unknown; brand?: unknown }): boolean {
  return body.influencer !== undefined || body.brand !== undefined;
}
const oneSideMessage = 'a collaborations answer must carry "influencer" or "brand"';

/**
 * `cursor` is sent back as the request's `cursor` for the next page (valid 2 days); it is absent or
 * null once `is_more_available` is false.
 */
export const collaborationPostsResponseSchema = successEnvelope({
  cursor: z.string().nullish(),
  influencer: collaborationInfluencerPostsSchema.optional(),
  brand: collaborationBrandPostsSchema.optional(),
}).refine(hasOneSide, { message: oneSideMessage });
export type CollaborationPostsResponse = z.infer<typeof collaborationPostsResponseSchema>;

export const collaborationSummarySchema = z.looseObject({
  total_likes: z.number().optional(),
  total_shares: z.number().optional(),
  total_views: z.number().optional(),
  total_collects: z.number().optional(),
  total_plays: z.number().optional(),
});
export type CollaborationSummary = z.infer<typeof collaborationSummarySchema>;

/** The brand of a per-brand summary: not described; named like the posts answer's brand fields. */
export const summaryBrandSchema = z.looseObject({
  id: z.string().optional(),
  brand_name: z.string().optional(),
  brand_domain: z.string().optional(),
  brand_logo: z.string().optional(),
});

export const summaryInfluencerSchema = z.looseObject({
  username: z.string().optional(),
  user_id: z.string().optional(),
  user_picture: z.string().optional(),
});

export const influencerCollaborationSummarySchema = z.looseObject({
  summary: collaborationSummarySchema,
  per_brand_summary: z.array(
    z.looseObject({ brand: summaryBrandSchema, summary: collaborationSummarySchema }),
  ),
});

export const brandCollaborationSummarySchema = z.looseObject({
  summary: collaborationSummarySchema,
  per_influencer_summary: z.array(
    z.looseObject({ influencer: summaryInfluencerSchema, summary: collaborationSummarySchema }),
  ),
});

export const collaborationSummaryResponseSchema = successEnvelope({
  influencer: influencerCollaborationSummarySchema.optional(),
  brand: brandCollaborationSummarySchema.optional(),
}).refine(hasOneSide, { message: oneSideMessage });
export type CollaborationSummaryResponse = z.infer<typeof collaborationSummaryResponseSchema>;

/**
 * Deprecated `GET /{platform}/collaborations/influencer|brand` (spec): up to 30 per page, next page
 * via `after=end_cursor` while `more_available`. Item fields are not shown.
 */
export const deprecatedCollaborationsResponseSchema = successEnvelope({
  collaborations: z.array(z.looseObject({})),
  more_available: z.boolean(),
  end_cursor: z.string(),
});
export type DeprecatedCollaborationsResponse = z.infer<typeof deprecatedCollaborationsResponseSchema>;
