import type { WorkerError } from '../request-io/worker-error';

/**
 * When a job waits instead of failing, and for how long (issue 11: a job gave up at 3,192 of 20,000
 * rows on one batch's five failed tries, although resubmitting finished it). Pure: the runner hands
 * in the error as the caller would read it and the pause count.
 */
export interface JobBackoff {
  /** The first pause; each next one doubles. */
  baseMs: number;
  /** No pause is longer. */
  maxMs: number;
  /** Pauses in a row before the job fails after all. */
  maxPauses: number;
}

/** 30 s, 1, 2, 4, 8, 16 min, then 30 min: about 4 h 30 min in all before a job gives up. */
export const DEFAULT_JOB_BACKOFF: JobBackoff = { baseMs: 30_000, maxMs: 30 * 60_000, maxPauses: 12 };

/**
 * Whether waiting can fix what stopped a batch. Each rule says why.
 */
export function isWorthWaiting(answer: Pick<WorkerError, 'status' | 'code'>): boolean {
  // The API is rate limiting beyond the request core's retries: it asks for time.
  if (answer.status === 429) return true;
  // The API said the account's data is being processed ("try again in hours", api-notes).
  if (answer.code === 'retry_later') return true;
  // 5xx after retries, network failures, timeouts: the path or the service is down for a while.
  if (answer.code === 'upstream_failed' || answer.code === 'upstream_timeout') return true;
  // The worker was shutting down under the batch: the next start goes on anyway.
  if (answer.code === 'unavailable') return true;
  // The store was out of reach (a database restart): it comes back on its own.
  if (answer.code === 'store_unavailable') return true;
  // Anything else (the budget, the account's credits, the API refusing the token or the input, a
  // bug) is the same on the next try: the job fails with a sentence saying how to go on.
  return false;
}

/** The pause before try `pauses + 1`: base, 2 base, 4 base, ... capped at maxMs. */
export function pauseDelayMs(pauses: number, backoff: JobBackoff): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, pauses - 1));
}
