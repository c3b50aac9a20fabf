import { estimateCredits, actualCredits } from '../../../../shared/pricing';
import { emailSearchRequestSchema } from '../../../../shared/requests/email-search';
import type { World } from '../../data';
import type { OperationHandler } from '../../operation-handler';
import { parseWith } from '../../parse-with';

/**
 * `POST /email-search`: accounts whose public e-mail is one of the submitted addresses, on every
 * platform (a person's address is the same on all of its accounts).
 *
 * - The account must hold 0.02 credits per submitted address before anything is looked up, else
 *   not_enough_credits; the answer then costs 0.02 per matched address.
 * - Matching ignores case and surrounding blanks. Addresses that differ only in case count once:
 *   each distinct address appears once, spelt as first submitted (trimmed), in `matchedEmails` or
 *   `notMatchedEmails`, and is billed once. `totalMatches` is the number of matched addresses.
 * - The addresses are never logged or kept: they live in this request's variables only.
 */
export const emailSearchHandler: OperationHandler<World> = (context) => {
  const { emails } = parseWith(emailSearchRequestSchema, context.body);
  context.requireCredits(estimateCredits('emailSearch', { emails }).credits);

  const distinct = new Map<string, string>();
  for (const email of emails) {
    const key = email.toLowerCase();
    if (!distinct.has(key)) distinct.set(key, email);
  }
  const matchedEmails: { email: string; users: Record<string, unknown>[] }[] = [];
  const notMatchedEmails: string[] = [];
  for (const [key, email] of distinct) {
    const refs = context.world.findByEmail(key);
    if (refs.length === 0) {
      notMatchedEmails.push(email);
      continue;
    }
    matchedEmails.push({
      email,
      users: refs.map(({ platform, index }) => {
        const summary = context.world.platform(platform).summary(index);
        return {
          platform,
          userId: summary.userId,
          url: summary.url,
          username: summary.username,
          fullname: summary.fullname,
          picture: summary.picture,
          followers: summary.followers,
          engagements: summary.engagements,
          engagementRate: summary.engagementRate,
          isVerified: summary.isVerified,
        };
      }),
    });
  }
  const body = { error: false, matchedEmails, notMatchedEmails, totalMatches: matchedEmails.length };
  return { body, credits: actualCredits('emailSearch', { emails }, matchedEmails.length).credits };
};
