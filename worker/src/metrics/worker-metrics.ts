import type { OperationId } from '../../../shared/operations';
import type { CreditCharge } from '../../../shared/pricing';
import type { SheetsPacer, SheetsQuotaGroup } from '../google/sheets-pacer';
import type { Store } from '../store/store';
import type { UpstreamEvent } from '../upstream/upstream-events';
import { createMetricsRegistry, type Sample } from './prometheus-text';

/**
 * What an operator watches on one instance (`/metrics`, Prometheus text on METRICS_PORT): calls to
 * the Discovery API and its 429s, credits its answers were billed, calls still counted at their
 * estimate, leases taken over from a dead instance, and Sheets API calls. Counters count since
 * this process started; gauges are read from the store at each scrape. Labels are operation ids,
 * statuses and kinds: never a token, a key, an address or anything a user sent.
 */
export interface WorkerMetrics {
  /** The upstream client's events (alongside the health monitor's). */
  onUpstreamEvent(event: UpstreamEvent): void;
  /** A paid answer priced: from the API, or replayed from the journal (billed once already). */
  paidAnswer(operation: OperationId, charge: CreditCharge, replayed: boolean): void;
  /** A job, server delivery or schedule run taken over from an instance that stopped renewing it. */
  takeover(kind: 'job' | 'delivery' | 'schedule', count?: number): void;
  /** The same pacer, with every Sheets API call it lets go and every 429 Google answered counted. */
  countSheetsCalls(pacer: SheetsPacer): SheetsPacer;
  /** The store's gauges: unconfirmed calls, and whether it is available. */
  watchStore(store: Pick<Store, 'unconfirmed' | 'availability'>): void;
  /** Every metric as Prometheus text. */
  write(onError?: (name: string, error: unknown) => void): Promise<string>;
}

const PREFIX = 'creator_sheets_';

export function createWorkerMetrics(): WorkerMetrics {
  const registry = createMetricsRegistry();
  const upstreamRequests = registry.counter(
    `${PREFIX}upstream_requests_total`,
    'Requests sent to the Discovery API (each attempt), by operation and HTTP status ("none": no answer).',
  );
  const upstreamRateLimited = registry.counter(
    `${PREFIX}upstream_rate_limited_total`,
    'Answers 429 (rate limited) from the Discovery API, by operation.',
  );
  const upstreamFailed = registry.counter(
    `${PREFIX}upstream_failures_total`,
    'Discovery API calls that failed for good after their retries, by operation and code.',
  );
  const paidAnswers = registry.counter(
    `${PREFIX}paid_answers_total`,
    'Paid answers, by operation and source ("api": bought now; "replay": an answer already paid for, served again).',
  );
  const credits = registry.counter(
    `${PREFIX}credits_billed_total`,
    'Credits the Discovery API billed for the answers this instance bought, by operation.',
  );
  const rawRequests = registry.counter(
    `${PREFIX}raw_requests_billed_total`,
    'Raw requests of the monthly allowance the answers this instance bought used, by operation.',
  );
  const takeovers = registry.counter(
    `${PREFIX}lease_takeovers_total`,
    'Jobs, server deliveries and schedule runs this instance took over from one that stopped renewing its lease.',
  );
  const sheetsCalls = registry.counter(
    `${PREFIX}sheets_api_calls_total`,
    'Sheets API calls made as the worker service account, by quota group (read, write).',
  );
  const sheetsRateLimited = registry.counter(
    `${PREFIX}sheets_api_rate_limited_total`,
    'Sheets API answers 429 (quota), by quota group.',
  );

  return {
    onUpstreamEvent(event) {
      if (event.type === 'response') {
        upstreamRequests.inc({ operation: event.operationId, status: String(event.status ?? 'none') });
        if (event.status === 429) upstreamRateLimited.inc({ operation: event.operationId });
      } else if (event.type === 'settled' && !event.ok && event.code !== 'aborted') {
        upstreamFailed.inc({ operation: event.operationId, code: event.code ?? 'unknown' });
      }
    },
    paidAnswer(operation, charge, replayed) {
      paidAnswers.inc({ operation, source: replayed ? 'replay' : 'api' });
      if (replayed) return;
      if (charge.credits > 0) credits.inc({ operation }, charge.credits);
      if (charge.rawRequests > 0) rawRequests.inc({ operation }, charge.rawRequests);
    },
    takeover(kind, count = 1) {
      if (count > 0) takeovers.inc({ kind }, count);
    },
    countSheetsCalls(pacer) {
      return {
        take: async (group: SheetsQuotaGroup, spreadsheetId: string, signal?: AbortSignal) => {
          await pacer.take(group, spreadsheetId, signal);
          sheetsCalls.inc({ group });
        },
        holdBack(group, spreadsheetId, delayMs) {
          sheetsRateLimited.inc({ group });
          pacer.holdBack(group, spreadsheetId, delayMs);
        },
      };
    },
    watchStore(store) {
      registry.gauge(
        `${PREFIX}unconfirmed_calls`,
        'Paid calls counted at their estimate (a crash hid whether the API billed them) until the balance reconciliation settles them.',
        async (): Promise<Sample[]> => [{ value: (await store.unconfirmed.pending()).length }],
      );
      registry.gauge(
        `${PREFIX}unconfirmed_credits`,
        'Credits those calls are counted at meanwhile.',
        async (): Promise<Sample[]> => {
          const pending = await store.unconfirmed.pending();
          return [{ value: pending.reduce((sum, call) => sum + call.estimatedCredits, 0) }];
        },
      );
      registry.gauge(
        `${PREFIX}store_available`,
        '1 while the store answers and paid calls can be recorded; 0 during an outage (503s).',
        () => [{ value: store.availability.problem === null ? 1 : 0 }],
      );
    },
    write: (onError) => registry.write(onError),
  };
}
