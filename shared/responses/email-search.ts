import { z } from 'zod';
import { successEnvelope } from './envelope';
import { list, optional, wanted } from './tolerant';

/**
 * E-mail search (spec "E-mail match"), read tolerantly (tolerant.ts). The row reads platform,
 * username, name, followers, engagement rate and URL; `platform` stays a plain string so that a new
 * platform cannot make a paid answer unreadable.
 */
export const emailMatchUserSchema = z.looseObject({
  platform: wanted(z.string()),
  userId: optional(z.string()),
  url: wanted(z.string()),
  username: wanted(z.string()),
  fullname: optional(z.string()),
  picture: optional(z.string()),
  followers: wanted(z.number()),
  engagements: optional(z.number()),
  engagementRate: wanted(z.number()),
  isVerified: optional(z.boolean()),
});
export type EmailMatchUser = z.infer<typeof emailMatchUserSchema>;

/** `email` says which submitted address matched: an entry without it cannot be placed in a row. */
export const matchedEmailSchema = z.looseObject({
  email: wanted(z.string()),
  users: wanted(list(emailMatchUserSchema)),
});
export type MatchedEmail = z.infer<typeof matchedEmailSchema>;

/**
 * The endpoint's response line lists all three fields. One list is enough to place every address
 * it names (an address in neither is "no match in this answer": unbilled, kept like a no match,
 * and asked again only on a refresh). Two
 * answers cannot be read, because an address would be billed without the worker knowing which:
 * one with neither list, and one with a match that does not say which address it matched (matches
 * are billed). Both go the unreadable way: billed once, every address of the batch marked, nothing
 * asked again.
 */
export const emailSearchResponseSchema = successEnvelope({
  matchedEmails: wanted(list(matchedEmailSchema)),
  notMatchedEmails: wanted(z.array(z.string())),
  totalMatches: optional(z.number()),
})
  .refine((body) => body.matchedEmails !== undefined || body.notMatchedEmails !== undefined, {
    message: 'neither matchedEmails nor notMatchedEmails is a list',
  })
  .refine((body) => (body.matchedEmails ?? []).every((match) => match.email !== undefined), {
    message: 'a matched entry does not say which address it matched',
    path: ['matchedEmails'],
  });
export type EmailSearchResponse = z.infer<typeof emailSearchResponseSchema>;
