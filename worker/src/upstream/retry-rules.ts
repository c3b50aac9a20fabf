/** What one attempt ended with, as far as retrying is concerned. */
export type AttemptOutcome =
  | { kind: 'status'; status: number; retryAfter?: string | null }
  | { kind: 'network' }
  | { kind: 'timeout' }
  /** A 2xx whose body is not JSON. */
  | { kind: 'malformed' };

export interface RetryInput {
  /** 1-based number of the attempt that just failed. */
  attempt: number;
  maxAttempts: number;
  outcome: AttemptOutcome;
  /** First backoff step; api-notes documents 1 s, 2 s, 4 s, ... */
  baseDelayMs: number;
  /** No computed wait exceeds this; a longer `Retry-After` is refused instead (see below). */
  maxDelayMs: number;
  /** A source of numbers in [0, 1) for jitter. */
  random: () => number;
  /** Current time in ms since the epoch, to read a `Retry-After` given as an HTTP date. */
  now: number;
}

export type RetryReason = 'rate_limited' | 'server_error' | 'network' | 'timeout' | 'malformed';

type RetryDecision =
  | { retry: true; delayMs: number; reason: RetryReason }
  | {
      retry: false;
      reason: 'success' | 'not_retryable' | 'attempts_exhausted' | 'retry_after_too_long';
      /** Set with `retry_after_too_long`: what the service asked to wait. */
      retryAfterMs?: number;
    };

/**
 * Reads `Retry-After` as delay-seconds or an HTTP date (RFC 9110 10.2.3). Returns undefined when
 * absent or unreadable, so the caller falls back to its own backoff. A date in the past means now.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** base, 2 base, 4 base, ... capped at max. */
function exponential(input: RetryInput): number {
  const step = input.baseDelayMs * 2 ** Math.max(0, input.attempt - 1);
  return Math.min(input.maxDelayMs, step);
}

/**
 * "Equal jitter": half the capped step for sure, the other half at random. The fixed half keeps
 * the backoff growing (a full-jitter draw of 0 would hammer a struggling service); the random
 * half keeps callers that failed together from coming back together.
 */
function jittered(input: RetryInput): number {
  const step = exponential(input);
  const random = Math.min(Math.max(input.random(), 0), 1);
  return Math.min(input.maxDelayMs, Math.round(step / 2 + random * (step / 2)));
}

/**
 * Decides whether a failed attempt is tried again and after how long. Pure: time and chance come
 * in through the input, so every rule below is testable without waiting.
 */
export function decideRetry(input: RetryInput): RetryDecision {
  const { outcome } = input;

  // A 2xx is an answer; nothing to retry (a 2xx that is not JSON arrives as `malformed`).
  if (outcome.kind === 'status' && outcome.status >= 200 && outcome.status < 300) {
    return { retry: false, reason: 'success' };
  }

  // Other 4xx (400, 401, 402, 403, 404, 409 retry_later, 422...) are answers about the input,
  // the token or the account: the same request gets the same answer, and paid operations spend
  // quota on every try. 501 and 505 say the service cannot do this at all, now or later.
  const retryable =
    outcome.kind !== 'status' ||
    outcome.status === 429 ||
    (outcome.status >= 500 && outcome.status <= 599 && outcome.status !== 501 && outcome.status !== 505);
  if (!retryable) return { retry: false, reason: 'not_retryable' };

  // Give up after maxAttempts tries in all (api-notes: about 5), whatever the failure.
  if (input.attempt >= input.maxAttempts) return { retry: false, reason: 'attempts_exhausted' };

  if (outcome.kind === 'status') {
    // The service's own Retry-After wins over our backoff, on a 429 and on a 5xx (503) alike.
    // One longer than maxDelayMs is not waited out: the request fails at once with
    // `retry_after_too_long`, so that a formula (30 s) or a job slot is not held for minutes;
    // the caller reads `retryAfterMs` and schedules the work again itself.
    const retryAfterMs = parseRetryAfter(outcome.retryAfter, input.now);
    if (retryAfterMs !== undefined) {
      if (retryAfterMs > input.maxDelayMs)
        return { retry: false, reason: 'retry_after_too_long', retryAfterMs };
      return {
        retry: true,
        delayMs: retryAfterMs,
        reason: outcome.status === 429 ? 'rate_limited' : 'server_error',
      };
    }

    // 429 without Retry-After: the documented backoff, 1 s, 2 s, 4 s, ... (capped). No jitter:
    // the throttle already spreads the callers of a family one interval apart.
    if (outcome.status === 429) return { retry: true, delayMs: exponential(input), reason: 'rate_limited' };

    // 5xx: capped exponential backoff with equal jitter.
    return { retry: true, delayMs: jittered(input), reason: 'server_error' };
  }

  // Network errors, timeouts and non-JSON 2xx bodies are transient faults of the path, not
  // answers: retried like a 5xx. (A timeout may hide an answer the service did send and bill;
  // callers that must never pay twice deduplicate above this layer, via the cache and ledger.)
  const reason: RetryReason = outcome.kind;
  return { retry: true, delayMs: jittered(input), reason };
}
