import { z } from 'zod';
import { successEnvelope } from './envelope';
import { list, optional, wanted } from './tolerant';

/** Audience overlap result (spec "Audience overlap result"), read tolerantly (tolerant.ts). */

export const overlapReportInfoSchema = z.looseObject({
  totalFollowers: wanted(z.number()),
  totalUniqueFollowers: wanted(z.number()),
});
export type OverlapReportInfo = z.infer<typeof overlapReportInfoSchema>;

/** `username` is described as non-empty but not marked required, so it may be absent. */
export const overlapInfluencerSchema = z.looseObject({
  userId: wanted(z.string()),
  username: optional(z.string()),
  followers: wanted(z.number()),
  /** Share of followers who follow no other influencer of the request. */
  uniquePercentage: wanted(z.number()),
  /** Share of followers who follow at least one other influencer of the request. */
  overlappingPercentage: wanted(z.number()),
});
export type OverlapInfluencer = z.infer<typeof overlapInfluencerSchema>;

/** The per-creator list is what the rows are made of; the totals may be missing (an empty row). */
export const overlapResponseSchema = successEnvelope({
  reportInfo: wanted(overlapReportInfoSchema),
  data: list(overlapInfluencerSchema),
});
export type OverlapResponse = z.infer<typeof overlapResponseSchema>;
