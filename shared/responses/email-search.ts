import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * E-mail search (spec "E-mail match"). `userId` and `fullname` carry no "required" mark while their
 * siblings do, so they are optional. `platform` is a plain string in the spec; it is not narrowed to
 * the three path platforms so that a new platform cannot make a paid answer unreadable.
 */
export const emailMatchUserSchema = z.looseObject({
  platform: z.string(),
  userId: z.string().optional(),
  url: z.string(),
  username: z.string(),
  fullname: z.string().optional(),
  picture: z.string(),
  followers: z.number(),
  engagements: z.number(),
  engagementRate: z.number(),
  isVerified: z.boolean(),
});
export type EmailMatchUser = z.infer<typeof emailMatchUserSchema>;

export const matchedEmailSchema = z.looseObject({
  email: z.string(),
  users: z.array(emailMatchUserSchema),
});
export type MatchedEmail = z.infer<typeof matchedEmailSchema>;

/** The endpoint's response line lists all three fields, so all three are required. */
export const emailSearchResponseSchema = successEnvelope({
  matchedEmails: z.array(matchedEmailSchema),
  notMatchedEmails: z.array(z.string()),
  totalMatches: z.number(),
});
export type EmailSearchResponse = z.infer<typeof emailSearchResponseSchema>;
