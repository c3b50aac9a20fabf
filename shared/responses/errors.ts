import { z } from 'zod';

/**
 * The error body of a failed request (api-notes "Errors", documented): a non-2xx status with
 * `{ error: true, code, message }`. `code` stays a string because the list below is only what has
 * been seen; a new code must still reach the user with its message.
 */
export const KNOWN_ERROR_CODES = [
  'api_token_invalid',
  'bad_request',
  'handle_not_found',
  'account_not_found',
  'account_removed',
  'media_not_found',
  'entity_not_found',
  'private_account',
  'empty_audience',
  'retry_later',
  'not_enough_credits',
  'internal_server_error',
] as const;
export type KnownErrorCode = (typeof KNOWN_ERROR_CODES)[number];

/** Codes saying the creator asked for is not there (any more): no report to buy, none to retry. */
export const CREATOR_MISSING_CODES: ReadonlySet<string> = new Set([
  'handle_not_found',
  'account_not_found',
  'account_removed',
  'not_found',
]);

/** Codes saying what was asked for does not exist: a creator, a post or another entity. */
export const NOT_FOUND_CODES: ReadonlySet<string> = new Set([
  ...CREATOR_MISSING_CODES,
  'media_not_found',
  'entity_not_found',
]);

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return (KNOWN_ERROR_CODES as readonly string[]).includes(code);
}

export const errorBodySchema = z.looseObject({
  error: z.literal(true),
  code: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The service's own error in a body, read tolerantly: any JSON object with `error: true`, whatever
 * the status (a 2xx carrying it is a failure too, and failures are not billed). `code` and
 * `message` are kept as the service wrote them when they are text. Null for anything else.
 */
export function readServiceError(body: unknown): { code: string | null; message: string | null } | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { error, code, message } = body as Record<string, unknown>;
  if (error !== true) return null;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  return { code: text(code), message: text(message) };
}
