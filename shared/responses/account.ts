import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * `GET /user/info` (api-notes "Account", corroborated). Only `credits` is required: it is what the
 * product budgets with; an account without raw access may well omit the raw counters.
 */
export const accountBillingSchema = z.looseObject({
  /** Remaining Discovery credits, decimal. */
  credits: z.number(),
  /** Remaining Raw requests of the monthly allowance. */
  rawRequests: z.number().optional(),
});
export type AccountBilling = z.infer<typeof accountBillingSchema>;

/** Requests per second granted to the account. */
export const accountRateLimitsSchema = z.looseObject({
  discoveryRatelimit: z.number().optional(),
  rawRatelimit: z.number().optional(),
});
export type AccountRateLimits = z.infer<typeof accountRateLimitsSchema>;

export const accountInfoResponseSchema = successEnvelope({
  billing: accountBillingSchema,
  rateLimits: accountRateLimitsSchema.optional(),
});
export type AccountInfoResponse = z.infer<typeof accountInfoResponseSchema>;
