/**
 * The one error of the sandbox. Anything that throws a SandboxError (the core or a handler) becomes
 * `{ "error": true, "code", "message" }` with the status of its code, and costs the caller nothing.
 *
 * The spec leaves statuses open (api-notes "Errors"); these are the sandbox's choices. The worker
 * must key on `code`, never on the status alone.
 */
const ERROR_STATUS = {
  bad_request: 400,
  api_token_invalid: 401,
  /** 402 rather than 403: the account is valid, it only lacks credits for this request. */
  not_enough_credits: 402,
  /** The account exists but raw access was never granted (spec "Authentication" 2). */
  raw_access_denied: 403,
  /** The monthly raw allowance is used up. */
  raw_requests_exhausted: 403,
  private_account: 403,
  handle_not_found: 404,
  account_not_found: 404,
  account_removed: 404,
  media_not_found: 404,
  entity_not_found: 404,
  /** A path that is not an operation, or an operation on a platform it does not exist for. */
  not_found: 404,
  method_not_allowed: 405,
  /** Data for the account is being processed; the service says to come back in hours. */
  retry_later: 409,
  empty_audience: 422,
  rate_limited: 429,
  internal_server_error: 500,
  not_implemented: 501,
  /** A held response (timeout fault) that the sandbox finally gives up on. */
  gateway_timeout: 504,
} as const satisfies Record<string, number>;

export type SandboxErrorCode = keyof typeof ERROR_STATUS;

interface SandboxErrorBody {
  error: true;
  code: SandboxErrorCode;
  message: string;
}

export class SandboxError extends Error {
  readonly status: number;
  readonly code: SandboxErrorCode;
  /** Whole seconds for the `Retry-After` header of a 429; at least 1. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: SandboxErrorCode, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'SandboxError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
  }

  toBody(): SandboxErrorBody {
    return { error: true, code: this.code, message: this.message };
  }
}

export function isSandboxError(value: unknown): value is SandboxError {
  return value instanceof SandboxError;
}
