import { z } from 'zod';
import { successEnvelope } from './envelope';
import { optional, wanted } from './tolerant';

/**
 * `GET /user/info` (api-notes "Account", corroborated), read tolerantly (tolerant.ts). Free, so an
 * unreadable answer costs nothing; `billing.credits` is what the product budgets with.
 */
export const accountBillingSchema = z.looseObject({
  /** Remaining Discovery credits, decimal. */
  credits: wanted(z.number()),
  /** Remaining Raw requests of the monthly allowance; an account without raw access may omit it. */
  rawRequests: optional(z.number()),
});
export type AccountBilling = z.infer<typeof accountBillingSchema>;

/** Requests per second granted to the account. */
export const accountRateLimitsSchema = z.looseObject({
  discoveryRatelimit: optional(z.number()),
  rawRatelimit: optional(z.number()),
});
export type AccountRateLimits = z.infer<typeof accountRateLimitsSchema>;

export const accountInfoResponseSchema = successEnvelope({
  billing: wanted(accountBillingSchema),
  rateLimits: optional(accountRateLimitsSchema),
});
export type AccountInfoResponse = z.infer<typeof accountInfoResponseSchema>;
