import type { Sleep } from '../../common/clock';
import type { Random } from '../../common/seeded-random';
import { failureOf, type GoogleFailure } from './google-failure';
import { refusalOf } from './google-refusal';
import type { SheetsPacer, SheetsQuotaGroup } from './sheets-pacer';

/** Why the worker stops writing a job's rows: a sentence for the sidebar, which takes over. */
export class DeliveryRefused extends Error {
  override readonly name = 'DeliveryRefused';
}

/** How a paced call waits out Google's trouble. */
export interface SheetsRetry {
  /** First pause after a 429 or 5xx; doubled each time, jittered, capped at maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** 429s in a row before the worker gives the rows back to the sidebar (about 30 min by default). */
  maxRateLimited: number;
  /** 5xx or no answer in a row before the same. */
  maxFailures: number;
}

export const DEFAULT_SHEETS_RETRY: Readonly<SheetsRetry> = {
  baseDelayMs: 2_000,
  maxDelayMs: 64_000,
  maxRateLimited: 30,
  maxFailures: 8,
};

export interface PacedCallScope {
  pacer: SheetsPacer;
  sleep: Sleep;
  random: Random;
  retry: SheetsRetry;
  /** Aborts on shutdown: a paced call then rejects with the signal's reason. */
  signal: AbortSignal;
  /** Counts (no values, no ranges) for the log. */
  onRetry?(failure: GoogleFailure, attempt: number, delayMs: number): void;
  /** The service account's address, for the sentence of a spreadsheet not shared with it. */
  serviceAccount?: string;
}

/**
 * One Sheets API call in its turn (sheets-pacer.ts), with the worker's own retries: googleapis'
 * are turned off at each call (`retry: false`), so what Google counts is what the pacer counted.
 * A 429 holds the whole group back (Retry-After when Google gives one, else exponential with
 * jitter) and the call is made again; a 5xx or no answer likewise, fewer times. Any other
 * refusal (400, 401, 403, 404) is not going to change by waiting: DeliveryRefused, in words.
 */
export async function pacedCall<T>(
  scope: PacedCallScope,
  group: SheetsQuotaGroup,
  spreadsheetId: string,
  call: () => Promise<T>,
): Promise<T> {
  let rateLimited = 0;
  let failures = 0;
  for (;;) {
    await scope.pacer.take(group, spreadsheetId, scope.signal);
    let failure: GoogleFailure;
    try {
      return await call();
    } catch (error) {
      if (scope.signal.aborted) throw error;
      failure = failureOf(error);
    }
    const transient = failure.status === null || failure.status >= 500;
    if (failure.status === 429) rateLimited += 1;
    else if (transient) failures += 1;
    else throw new DeliveryRefused(refusal(failure, scope.serviceAccount ?? null));
    if (rateLimited > scope.retry.maxRateLimited || failures > scope.retry.maxFailures) {
      const tries = rateLimited + failures;
      throw new DeliveryRefused(
        failure.status === 429
          ? `${refusal(failure, scope.serviceAccount ?? null)} It lasted ${tries} tries.`
          : `Google kept answering ${failure.status ?? 'nothing'} (${failure.message}) after ${tries} tries`,
      );
    }
    const attempt = rateLimited + failures;
    const exponential = Math.min(scope.retry.maxDelayMs, scope.retry.baseDelayMs * 2 ** (attempt - 1));
    // Full jitter over the upper half: writers that were refused together come back apart.
    const delayMs = failure.retryAfterMs ?? Math.round(exponential * (0.5 + scope.random() / 2));
    if (failure.status === 429) scope.pacer.holdBack(group, spreadsheetId, delayMs);
    scope.onRetry?.(failure, attempt, delayMs);
    await scope.sleep(delayMs, scope.signal);
  }
}

/** Google's refusal in words (google-refusal.ts), with its status and words kept for an admin. */
function refusal(failure: GoogleFailure, serviceAccount: string | null): string {
  return refusalOf(failure, serviceAccount).sentence;
}
