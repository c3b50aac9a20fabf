import type { OperationId } from '../../../shared/operations';
import type { DaySpend, OperationSpend, Spend, SpendBreakdown } from '../../../shared/worker-api/account';
import { fromMilliCredits, toMilliCredits } from '../store/values/milli-credits';
import type { DayOperationSpend } from '../store/ledger-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The most days a breakdown covers: three months of days stays a small answer. */
export const MAX_BREAKDOWN_DAYS = 92;
export const DEFAULT_BREAKDOWN_DAYS = 30;

/** A running sum kept in thousandths of a credit, as the ledger stores them, so sums stay exact. */
interface Sum {
  milli: number;
  calls: number;
  rawRequests: number;
  cacheHits: number;
  savedMilli: number;
}

function emptySum(): Sum {
  return { milli: 0, calls: 0, rawRequests: 0, cacheHits: 0, savedMilli: 0 };
}

function add(sum: Sum, spend: Spend): void {
  sum.milli += toMilliCredits(spend.credits);
  sum.calls += spend.calls;
  sum.rawRequests += spend.rawRequests;
  sum.cacheHits += spend.cacheHits;
  sum.savedMilli += toMilliCredits(spend.creditsSaved);
}

function spendOf(sum: Sum): Spend {
  return {
    credits: fromMilliCredits(sum.milli),
    calls: sum.calls,
    rawRequests: sum.rawRequests,
    cacheHits: sum.cacheHits,
    creditsSaved: fromMilliCredits(sum.savedMilli),
  };
}

/** `YYYY-MM-DD` of the UTC day starting at `dayStart`. */
export function utcDayText(dayStart: number): string {
  return new Date(dayStart).toISOString().slice(0, 10);
}

/** The window of the last `days` UTC days up to the one holding `now`: `[from, to)` in ms. */
export function breakdownWindow(days: number, now: number): { from: number; to: number } {
  const todayStart = now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
  return { from: todayStart - (days - 1) * DAY_MS, to: todayStart + DAY_MS };
}

/**
 * The ledger's sums per day and operation added up per operation (most credits first, then most
 * calls) and per day (newest first).
 */
export function toSpendBreakdown(rows: readonly DayOperationSpend[]): SpendBreakdown {
  const total = emptySum();
  const byOperation = new Map<OperationId, Sum>();
  const byDay = new Map<number, Sum>();
  for (const row of rows) {
    add(total, row);
    const operation = byOperation.get(row.operation) ?? emptySum();
    add(operation, row);
    byOperation.set(row.operation, operation);
    const day = byDay.get(row.dayStart) ?? emptySum();
    add(day, row);
    byDay.set(row.dayStart, day);
  }
  const operations: OperationSpend[] = [...byOperation]
    .sort(([a, x], [b, y]) => y.milli - x.milli || y.calls - x.calls || a.localeCompare(b))
    .map(([operation, sum]) => ({ operation, ...spendOf(sum) }));
  const days: DaySpend[] = [...byDay]
    .sort(([a], [b]) => b - a)
    .map(([dayStart, sum]) => ({ day: utcDayText(dayStart), ...spendOf(sum) }));
  return { total: spendOf(total), byOperation: operations, byDay: days };
}
