import { z } from 'zod';
import { optionalQueryBoolean, optionalQueryText, platformSchema, text } from './fields';

/**
 * `POST /collaborations/posts` and `POST /collaborations/summary` share one body (api-notes
 * "Collaborations"); the deprecated `GET /{platform}/collaborations/influencer|brand` take query
 * strings. The service's bound on `limit` is not documented, so only "at least 1" is enforced.
 */

const timestampMs = z.number().int().min(0);

export const collaborationRequestSchema = z.looseObject({
  /** User id, username or profile URL; for a YouTube brand, its domain. */
  id: text(),
  platform: platformSchema,
  collaboratorId: text().optional(),
  /** From the previous answer; valid for 2 days. */
  cursor: text().optional(),
  limit: z.number().int().min(1).optional(),
  groupBrandCollaborations: z.boolean().optional(),
  postCreationTimestampMs: z
    .looseObject({ gte: timestampMs.optional(), lte: timestampMs.optional() })
    .superRefine((window, ctx) => {
      if (window.gte !== undefined && window.lte !== undefined && window.gte > window.lte) {
        ctx.addIssue({
          code: 'custom',
          path: ['gte'],
          message: `must be at most lte (${window.lte}), got ${window.gte}`,
        });
      }
    })
    .optional(),
});

export const collaborationPostsRequestSchema = collaborationRequestSchema;
export const collaborationSummaryRequestSchema = collaborationRequestSchema;

export type CollaborationRequest = z.output<typeof collaborationRequestSchema>;
export type CollaborationRequestInput = z.input<typeof collaborationRequestSchema>;

/** Deprecated influencer variant exists on every platform. */
export const collaborationsInfluencerPathSchema = z.looseObject({ platform: platformSchema });
/** Deprecated brand variant exists on Instagram and TikTok only. */
export const collaborationsBrandPathSchema = z.looseObject({ platform: z.enum(['instagram', 'tiktok']) });

export const collaborationsInfluencerQuerySchema = z.looseObject({
  influencerId: text(),
  /** The `end_cursor` of the previous page. */
  after: optionalQueryText(),
  /** Groups brands by domain. */
  groupedBrands: optionalQueryBoolean(),
});

export const collaborationsBrandQuerySchema = z.looseObject({
  brandId: text(),
  after: optionalQueryText(),
});

export type CollaborationsInfluencerQuery = z.output<typeof collaborationsInfluencerQuerySchema>;
export type CollaborationsBrandQuery = z.output<typeof collaborationsBrandQuerySchema>;
