import { z } from 'zod';
import { text } from '../../../shared/requests/fields';
import {
  DEFAULT_COLLABORATION_PAGES,
  MAX_COLLABORATION_PAGES,
} from '../../../shared/worker-api/request-limits';
import { platformField } from './search-request';

// The collaboration posts job bounds its pages alike (worker/src/jobs/job-kinds/collaboration-posts.ts).
export { DEFAULT_COLLABORATION_PAGES, MAX_COLLABORATION_PAGES };

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A bound of the posts' creation time: milliseconds since the epoch, or a date as a sheet writes
 * it (`2024-05-01`, a whole UTC day) or an ISO timestamp. `end` makes a whole day inclusive.
 */
function timeBound(end: boolean) {
  return z.union([z.number().int().min(0), z.string()]).transform((value, ctx) => {
    if (typeof value === 'number') return value;
    const trimmed = value.trim();
    const ms = Date.parse(DATE_ONLY.test(trimmed) ? `${trimmed}T00:00:00Z` : trimmed);
    if (!Number.isFinite(ms) || ms < 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a date such as 2024-05-01, an ISO time or milliseconds since 1970, got ${JSON.stringify(value)}`,
      });
      return z.NEVER;
    }
    return end && DATE_ONLY.test(trimmed) ? ms + DAY_MS - 1 : ms;
  });
}

function checkWindow(request: { from?: number; to?: number }, ctx: z.RefinementCtx): void {
  if (request.from !== undefined && request.to !== undefined && request.from > request.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
  }
}

/**
 * `POST /api/collaborations/posts` and `/summary`: the API's body (id, platform, collaboratorId,
 * groupBrandCollaborations, limit per page) with `from` / `to` for `postCreationTimestampMs`,
 * `cursor` to go on from an earlier answer, and `maxPages` (posts only) bounding the spend.
 */
export const collaborationsRequestSchema = z
  .looseObject({
    /** User id, username or profile URL; for a YouTube brand, its domain. */
    id: text(),
    platform: platformField,
    collaboratorId: text().optional(),
    from: timeBound(false).optional(),
    to: timeBound(true).optional(),
    groupBrandCollaborations: z.boolean().optional(),
    limit: z.number().int().min(1).optional(),
    cursor: text().optional(),
    maxPages: z.number().int().min(1).max(MAX_COLLABORATION_PAGES).default(DEFAULT_COLLABORATION_PAGES),
    withHeader: z.boolean().default(false),
  })
  .superRefine(checkWindow);

export type CollaborationsInput = z.output<typeof collaborationsRequestSchema>;

/** The deprecated brand variant exists on Instagram and TikTok only. */
const BRAND_PLATFORMS = ['instagram', 'tiktok'];

/** `POST /api/collaborations/deprecated`: the older per-platform endpoints, 1 credit per page of 30. */
export const deprecatedCollaborationsRequestSchema = z
  .looseObject({
    kind: z.enum(['influencer', 'brand']),
    platform: platformField,
    id: text(),
    /** Influencer variant: one item per brand domain. */
    groupedBrands: z.boolean().optional(),
    /** The `end_cursor` of an earlier answer, to go on from there. */
    after: text().optional(),
    maxPages: z.number().int().min(1).max(MAX_COLLABORATION_PAGES).default(DEFAULT_COLLABORATION_PAGES),
    withHeader: z.boolean().default(false),
  })
  .superRefine((request, ctx) => {
    if (request.kind === 'brand' && !BRAND_PLATFORMS.includes(request.platform)) {
      ctx.addIssue({
        code: 'custom',
        path: ['platform'],
        message: `must be instagram or tiktok for brand collaborations, got ${JSON.stringify(request.platform)}`,
      });
    }
    if (request.kind === 'brand' && request.groupedBrands !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['groupedBrands'],
        message: 'applies to influencer collaborations only',
      });
    }
  });

export type DeprecatedCollaborationsInput = z.output<typeof deprecatedCollaborationsRequestSchema>;
