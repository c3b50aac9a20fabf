import { z } from 'zod';
import { OVERLAP_PLATFORMS } from '../platforms';
import { rejectRepeats, sizedArray, text } from './fields';

/**
 * `POST /{instagram|youtube}/reports/audience/overlap`. The spec says "several influencers" without
 * numbers; an overlap needs at least two distinct accounts to compare, and no upper bound is
 * documented, so none is enforced.
 */
export const OVERLAP_MIN_INFLUENCERS = 2;

export const overlapPathSchema = z.looseObject({ platform: z.enum(OVERLAP_PLATFORMS) });

export const overlapRequestSchema = z.looseObject({
  /** Usernames or user ids. */
  influencers: sizedArray(text(), OVERLAP_MIN_INFLUENCERS, Infinity).superRefine(rejectRepeats),
});

export type OverlapRequest = z.output<typeof overlapRequestSchema>;
export type OverlapRequestInput = z.input<typeof overlapRequestSchema>;
