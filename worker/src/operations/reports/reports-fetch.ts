import type { CalculationMethod } from '../../../../shared/enums';
import type { HandleKind } from '../../../../shared/handles';
import type { Platform } from '../../../../shared/platforms';
import { actualCredits, estimateCredits, type CreditCharge } from '../../../../shared/pricing';
import { REPORT_RESPONSE_SCHEMAS } from '../../../../shared/responses/reports';
import { CREATOR_MISSING_CODES } from '../../../../shared/responses/errors';
import type { ReportProfile } from '../../../../shared/rows/report-rows';
import { isUnreadableAnswer, type UnreadableAnswer } from '../../../../shared/unreadable-answer';
import type { PaidBudget } from '../../billing/paid-call';
import { toWorkerError } from '../../request-io/error-answer';
import type { WorkerError } from '../../request-io/worker-error';
import { CACHE_NAMESPACES, reportCacheKey } from '../../store/cache/cache-namespaces';
import { isUpstreamError } from '../../upstream/upstream-error';
import type { OperationDeps } from '../operation-deps';

/** One creator to report on: what the cache is keyed by and what the API is asked for. */
export interface ReportTarget {
  key: string;
  platform: Platform;
  /** What the API's `userId` path parameter gets: the id, or the username. */
  userId: string;
  kind: HandleKind;
  calculationMethod: CalculationMethod;
}

export type ReportOutcome =
  | { kind: 'report'; report: ReportProfile; storedAt: number; paid: boolean }
  /** Billed, but in a shape this version could not read: cached like a report, shown as a sentence. */
  | { kind: 'unreadable'; answer: UnreadableAnswer; storedAt: number; paid: boolean }
  /** `requestWide`: not about this creator (the API down, out of credits, rate limited...). */
  | { kind: 'error'; message: string; requestWide: WorkerError | null };

/** Handles the API does not know: remembered a day, so a formula's recalculation asks again tomorrow. */
export const REPORT_MISSES_NAMESPACE = 'report-misses';
const REPORT_MISS_TTL_MS = 24 * 60 * 60 * 1000;

export function reportTarget(
  platform: Platform,
  handle: string,
  kind: HandleKind,
  calculationMethod: CalculationMethod,
): ReportTarget {
  // An all-digit username goes as `@123`, or the API would read it as the account id 123.
  const userId = kind === 'username' && /^\d+$/.test(handle) ? `@${handle}` : handle;
  return {
    key: reportCacheKey(platform, userId, calculationMethod),
    platform,
    userId,
    kind,
    calculationMethod,
  };
}

/** `@name`, or the id as given. */
function displayHandle(target: Pick<ReportTarget, 'userId' | 'kind'>): string {
  return target.kind === 'username' && !target.userId.startsWith('@') ? `@${target.userId}` : target.userId;
}

/** What the reports cache holds under a creator's key: a report, or an unreadable paid answer. */
export function cachedReportOutcome(
  value: unknown,
  storedAt: number,
): Exclude<ReportOutcome, { kind: 'error' }> {
  return isUnreadableAnswer(value)
    ? { kind: 'unreadable', answer: value, storedAt, paid: false }
    : { kind: 'report', report: value as ReportProfile, storedAt, paid: false };
}

export function reportEstimate(target: ReportTarget): CreditCharge {
  return estimateCredits('report', { platform: target.platform, userId: target.userId });
}

/**
 * Fetches one report under the request's budget and stores it. Runs inside the single flight, so
 * it looks at the cache once more first: another request, in this instance or another, may have
 * stored the report since this one looked (then nothing is paid). A refresh (`refreshedSince`, when
 * it was asked for) takes only a report stored since: three instances asked to refresh one creator
 * at once buy one fresh report, not three.
 */
export async function fetchReport(
  deps: OperationDeps,
  budget: PaidBudget,
  target: ReportTarget,
  refreshedSince: number | null,
): Promise<ReportOutcome> {
  const { store } = deps;
  const cached = await store.cache.get(CACHE_NAMESPACES.reports, target.key);
  if (cached !== null && (refreshedSince === null || cached.storedAt >= refreshedSince))
    return cachedReportOutcome(cached.value, cached.storedAt);
  const priced = { platform: target.platform, userId: target.userId };
  try {
    const response = await budget.run({
      operation: 'report',
      estimate: estimateCredits('report', priced),
      call: () =>
        deps.upstream.request('report', {
          platform: target.platform,
          params: { userId: target.userId },
          query: { calculationMethod: target.calculationMethod },
          schema: REPORT_RESPONSE_SCHEMAS[target.platform],
        }),
      actual: () => actualCredits('report', priced),
    });
    const storedAt = deps.clock.now();
    // An unreadable answer is cached under the report's own key: the next recalculation is served
    // from it, as from a report, and pays nothing.
    const value = isUnreadableAnswer(response) ? response : response.profile;
    await store.cache.set(CACHE_NAMESPACES.reports, target.key, value, store.cacheTtlMs.reports, storedAt);
    return { ...cachedReportOutcome(value, storedAt), paid: true };
  } catch (error) {
    const outcome = reportError(target, error);
    if (isUpstreamError(error) && (CREATOR_MISSING_CODES.has(error.code) || error.status === 404)) {
      await store.cache.set(
        REPORT_MISSES_NAMESPACE,
        target.key,
        { message: outcome.message },
        REPORT_MISS_TTL_MS,
      );
    }
    return outcome;
  }
}

/** The row text of a report that could not be had, e.g. `Unknown handle "@foo" on instagram`. */
export function reportError(target: ReportTarget, error: unknown): Extract<ReportOutcome, { kind: 'error' }> {
  const who = `"${displayHandle(target)}"`;
  const where = target.platform;
  const perCreator = (message: string) => ({ kind: 'error' as const, message, requestWide: null });
  if (isUpstreamError(error)) {
    const { code } = error;
    if (
      code === 'handle_not_found' ||
      code === 'account_not_found' ||
      code === 'not_found' ||
      error.status === 404
    ) {
      return perCreator(
        target.kind === 'id' ? `Unknown account id ${who} on ${where}` : `Unknown handle ${who} on ${where}`,
      );
    }
    if (code === 'account_removed') return perCreator(`${who} was removed from ${where}`);
    if (code === 'private_account') return perCreator(`${who} is a private account on ${where}: no report`);
    if (code === 'empty_audience') return perCreator(`No audience data for ${who} on ${where} yet`);
    if (code === 'retry_later') {
      return perCreator(`The API is still preparing ${who} on ${where}: refresh in a few hours`);
    }
    if (code === 'bad_request' || error.status === 400) {
      return perCreator(`The API refused ${who} on ${where}: ${error.message}`);
    }
  }
  const answer = toWorkerError(error);
  return {
    kind: 'error',
    message: `Could not fetch ${who} on ${where}: ${answer.message}`,
    requestWide: answer,
  };
}
