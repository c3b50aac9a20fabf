import { z } from 'zod';
import { COLLABORATION_TYPES } from '../enums';
import { successEnvelope } from './envelope';
import { list, openEnum, optional, rowsFrom, wanted } from './tolerant';

/**
 * Collaborations (`POST /collaborations/posts`, `POST /collaborations/summary`; api-notes, single
 * source) and the deprecated per-platform endpoints (spec), read tolerantly (tolerant.ts).
 * An answer describes the influencer side or the brand side depending on what `id` named, and a
 * creator with no collaborations gets neither (documented: `influencer` is "only available if the
 * requested profile has influencer collaborations"): an empty answer, not an error.
 */

export const collaborationTypeSchema = openEnum(COLLABORATION_TYPES);

export const collaborationPostStatsSchema = z.looseObject({
  likes: optional(z.number()),
  comments: optional(z.number()),
  plays: optional(z.number()),
  views: optional(z.number()),
  shares: optional(z.number()),
});

export const collaborationSponsorSchema = z.looseObject({
  name: optional(z.string()),
  username: optional(z.string()),
  domain: optional(z.string()),
  logo_url: optional(z.string()),
  user_id: optional(z.string()),
  category: optional(z.string()),
});
export type CollaborationSponsor = z.infer<typeof collaborationSponsorSchema>;

export const collaborationPostSchema = z.looseObject({
  post_id: wanted(z.string()),
  post_thumbnail: optional(z.string()),
  /** Milliseconds since the epoch, like the request's `postCreationTimestampMs` (chosen, open). */
  post_timestamp: wanted(z.number()),
  title: optional(z.string()),
  description: optional(z.string()),
  label: optional(z.string()),
  collaboration_type: wanted(collaborationTypeSchema),
  stats: optional(collaborationPostStatsSchema),
  sponsors: optional(list(collaborationSponsorSchema)),
});
export type CollaborationPost = z.infer<typeof collaborationPostSchema>;

/** Paging reads `is_more_available` (absent: no more) and the answer's `cursor`. */
const sideFields = {
  id: optional(z.string()),
  platform: optional(z.string()),
  is_more_available: wanted(z.boolean()),
  posts: wanted(list(collaborationPostSchema)),
};

export const collaborationInfluencerPostsSchema = z.looseObject({
  ...sideFields,
  username: optional(z.string()),
  user_picture: optional(z.string()),
});

export const collaborationBrandPostsSchema = z.looseObject({
  ...sideFields,
  brand_name: optional(z.string()),
  brand_domain: optional(z.string()),
  brand_logo: optional(z.string()),
  brand_category: optional(z.string()),
});

/**
 * `cursor` is sent back as the request's `cursor` for the next page (valid 2 days); it is absent or
 * null once `is_more_available` is false.
 */
export const collaborationPostsResponseSchema = rowsFrom(
  successEnvelope({
    cursor: optional(z.string()),
    influencer: optional(collaborationInfluencerPostsSchema),
    brand: optional(collaborationBrandPostsSchema),
  }),
  ['influencer', 'brand'],
  // Neither side is documented for a creator without collaborations; beside something else, moved.
  { documentedEmpty: true },
);
export type CollaborationPostsResponse = z.infer<typeof collaborationPostsResponseSchema>;

export const collaborationSummarySchema = z.looseObject({
  total_likes: optional(z.number()),
  total_shares: optional(z.number()),
  total_views: optional(z.number()),
  total_collects: optional(z.number()),
  total_plays: optional(z.number()),
});
export type CollaborationSummary = z.infer<typeof collaborationSummarySchema>;

/**
 * The brand of a per-brand summary: `{ name, username, domain, logo_url, user_id, category }`
 * (api-notes, single); the posts answer's `brand_name` / `brand_domain` / `id` names are read too.
 */
export const summaryBrandSchema = collaborationSponsorSchema.extend({
  id: optional(z.string()),
  brand_name: optional(z.string()),
  brand_domain: optional(z.string()),
  brand_logo: optional(z.string()),
});

export const summaryInfluencerSchema = z.looseObject({
  username: optional(z.string()),
  user_id: optional(z.string()),
  user_picture: optional(z.string()),
});

export const influencerCollaborationSummarySchema = z.looseObject({
  summary: wanted(collaborationSummarySchema),
  per_brand_summary: wanted(
    list(z.looseObject({ brand: wanted(summaryBrandSchema), summary: wanted(collaborationSummarySchema) })),
  ),
});

export const brandCollaborationSummarySchema = z.looseObject({
  summary: wanted(collaborationSummarySchema),
  per_influencer_summary: wanted(
    list(
      z.looseObject({
        influencer: wanted(summaryInfluencerSchema),
        summary: wanted(collaborationSummarySchema),
      }),
    ),
  ),
});

export const collaborationSummaryResponseSchema = rowsFrom(
  successEnvelope({
    influencer: optional(influencerCollaborationSummarySchema),
    brand: optional(brandCollaborationSummarySchema),
  }),
  ['influencer', 'brand'],
  { documentedEmpty: true },
);
export type CollaborationSummaryResponse = z.infer<typeof collaborationSummaryResponseSchema>;

/**
 * Deprecated `GET /{platform}/collaborations/influencer|brand` (spec): up to 30 per page, next page
 * via `after=end_cursor` while `more_available`. Item fields are not shown.
 */
export const deprecatedCollaborationsResponseSchema = successEnvelope({
  collaborations: list(z.looseObject({})),
  more_available: wanted(z.boolean()),
  end_cursor: optional(z.string()),
});
export type DeprecatedCollaborationsResponse = z.infer<typeof deprecatedCollaborationsResponseSchema>;
