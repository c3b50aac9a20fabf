import { z } from 'zod';
import { successEnvelope } from './envelope';

/** Audience overlap result (spec "Audience overlap result"). */

export const overlapReportInfoSchema = z.looseObject({
  totalFollowers: z.number(),
  totalUniqueFollowers: z.number(),
});
export type OverlapReportInfo = z.infer<typeof overlapReportInfoSchema>;

/** `username` is described as non-empty but not marked required, so it may be absent. */
export const overlapInfluencerSchema = z.looseObject({
  userId: z.string().min(1),
  username: z.string().min(1).optional(),
  followers: z.number(),
  /** Share of followers who follow no other influencer of the request. */
  uniquePercentage: z.number(),
  /** Share of followers who follow at least one other influencer of the request. */
  overlappingPercentage: z.number(),
});
export type OverlapInfluencer = z.infer<typeof overlapInfluencerSchema>;

export const overlapResponseSchema = successEnvelope({
  reportInfo: overlapReportInfoSchema,
  data: z.array(overlapInfluencerSchema),
});
export type OverlapResponse = z.infer<typeof overlapResponseSchema>;
