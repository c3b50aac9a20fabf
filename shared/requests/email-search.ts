import { z } from 'zod';
import { EMAIL_SEARCH_MAX, EMAIL_SEARCH_MIN } from '../limits';
import { sizedArray, text } from './fields';

/**
 * `POST /email-search`. Addresses are only required to be non-blank strings: one malformed address
 * must not fail a batch of 1,000, and the service reports it under `notMatchedEmails` anyway.
 */
export const emailSearchRequestSchema = z.looseObject({
  emails: sizedArray(text(), EMAIL_SEARCH_MIN, EMAIL_SEARCH_MAX),
});

export type EmailSearchRequest = z.output<typeof emailSearchRequestSchema>;
export type EmailSearchRequestInput = z.input<typeof emailSearchRequestSchema>;
