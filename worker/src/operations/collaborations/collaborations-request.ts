import { z } from 'zod';
import { dayEnd, dayStart } from '../../../../shared/day-bounds';
import { text } from '../../../../shared/requests/fields';
import {
  DEFAULT_COLLABORATION_PAGES,
  MAX_COLLABORATION_PAGES,
} from '../../../../shared/worker-api/request-limits';
import { platformField } from '../search/search-request';
import { timeZoneField } from '../operation-helpers/time-zone-field';

// The collaboration posts job bounds its pages alike (worker/src/jobs/job-kinds/collaboration-posts.ts).
export { DEFAULT_COLLABORATION_PAGES, MAX_COLLABORATION_PAGES };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A bound as read: an instant, or a calendar day whose start or end hangs on the request's zone. */
type TimeBound = { ms: number } | { day: string };

/**
 * A bound of the posts' creation time: milliseconds since the epoch, a date as a sheet writes it
 * (`2024-05-01`, a whole day of the request's `timeZone`) or an ISO timestamp. A day is kept as a
 * day here: the zone is another field, so the instant is found once the whole body is read.
 */
const timeBound = z.union([z.number().int().min(0), z.string()]).transform((value, ctx): TimeBound => {
  if (typeof value === 'number') return { ms: value };
  const trimmed = value.trim();
  const isDay = DATE_ONLY.test(trimmed);
  const ms = Date.parse(isDay ? `${trimmed}T00:00:00Z` : trimmed);
  if (!Number.isFinite(ms) || ms < 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a date such as 2024-05-01, an ISO time or milliseconds since 1970, got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }
  return isDay ? { day: trimmed } : { ms };
});

/** A day starts at midnight in the zone (never before 1970, which the API cannot take) and `to` ends it. */
function instantOf(bound: TimeBound, end: boolean, timeZone: string | undefined): number {
  if ('ms' in bound) return bound.ms;
  return end ? dayEnd(bound.day, timeZone) : Math.max(0, dayStart(bound.day, timeZone));
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
    from: timeBound.optional(),
    to: timeBound.optional(),
    groupBrandCollaborations: z.boolean().optional(),
    limit: z.number().int().min(1).optional(),
    cursor: text().optional(),
    maxPages: z.number().int().min(1).max(MAX_COLLABORATION_PAGES).default(DEFAULT_COLLABORATION_PAGES),
    withHeader: z.boolean().default(false),
    /** The spreadsheet's zone: the days of `from` / `to` and of the Date column (UTC when absent). */
    timeZone: timeZoneField,
  })
  .transform(({ from, to, ...request }) => ({
    ...request,
    ...(from === undefined ? {} : { from: instantOf(from, false, request.timeZone) }),
    ...(to === undefined ? {} : { to: instantOf(to, true, request.timeZone) }),
  }))
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
