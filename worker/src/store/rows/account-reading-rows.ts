import { fromMilliCredits } from '../values/milli-credits';
import type { AccountReading } from '../account-reading-repository';

/** Readings older than this go: the reconciliation compares the last two, a few days show a trend. */
export const KEPT_READINGS = 1000;

export interface ReadingRow {
  at: number;
  credits_milli: number;
  raw_requests: number | null;
}

export function toReading(row: ReadingRow): AccountReading {
  return { at: row.at, credits: fromMilliCredits(row.credits_milli), rawRequests: row.raw_requests };
}
