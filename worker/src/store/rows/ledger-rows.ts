import type { OperationId } from '../../../../shared/operations';
import type { Clock } from '../../../common/clock';
import { fromMilliCredits, toMilliCredits } from '../values/milli-credits';
import { normalizeUserEmail } from '../values/user-email';
import type { LedgerEntry, Spend } from '../../../../shared/worker-api/account';
import type { LedgerEntryInput } from '../ledger-repository';

export interface LedgerOptions {
  /** How long savings may wait in memory; 1 s by default. */
  savingsFlushMs?: number;
  /** A timed write of savings failed (they are kept and tried again). */
  onFlushError?: (error: unknown) => void;
}

export const DEFAULT_SAVINGS_FLUSH_MS = 1000;

/** A ledger row as either engine stores it. */
export interface LedgerRow {
  id: number;
  at: number;
  user_email: string;
  operation_id: string;
  estimated_milli: number;
  actual_milli: number;
  raw_requests: number;
  cache_hits: number;
  saved_milli: number;
  job_id: string | null;
  request_id: string;
  /** 0 confirmed; 1 counted at its estimate until reconciled; 2 settled by the reconciliation. */
  unconfirmed: number;
  document_id: string | null;
  call_id: string | null;
}

export interface SpendRow {
  email?: string;
  day_start?: number;
  operation_id?: string;
  actual_milli: number | null;
  calls: number;
  raw_requests: number | null;
  cache_hits: number | null;
  saved_milli: number | null;
}

export const DEFAULT_RECENT_LIMIT = 50;

/** The row an entry becomes, checked: amounts in thousandths, counts whole, the address normalized. */
export function ledgerRowOf(entry: LedgerEntryInput, clock: Clock): Omit<LedgerRow, 'id'> {
  return {
    at: entry.at ?? clock.now(),
    user_email: normalizeUserEmail(entry.userEmail),
    operation_id: entry.operation,
    estimated_milli: toMilliCredits(entry.estimatedCredits, 'estimatedCredits'),
    actual_milli: toMilliCredits(entry.actualCredits, 'actualCredits'),
    raw_requests: wholeCount(entry.rawRequests ?? 0, 'rawRequests'),
    cache_hits: wholeCount(entry.cacheHits ?? 0, 'cacheHits'),
    saved_milli: toMilliCredits(entry.creditsSaved ?? 0, 'creditsSaved'),
    job_id: entry.jobId ?? null,
    request_id: entry.requestId,
    unconfirmed: entry.unconfirmed === true ? 1 : 0,
    document_id: entry.documentId ?? null,
    call_id: entry.callId ?? null,
  };
}

/** A row's values in the column order of LEDGER_COLUMNS. */
export type LedgerValues = [
  number,
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  string | null,
  string,
  number,
  string | null,
  string | null,
];

/** The row's values in the column order of LEDGER_COLUMNS. */
export function ledgerValues(row: Omit<LedgerRow, 'id'>): LedgerValues {
  return [
    row.at,
    row.user_email,
    row.operation_id,
    row.estimated_milli,
    row.actual_milli,
    row.raw_requests,
    row.cache_hits,
    row.saved_milli,
    row.job_id,
    row.request_id,
    row.unconfirmed,
    row.document_id,
    row.call_id,
  ];
}

/** The columns an insert names, in the order of ledgerValues. */
export const LEDGER_COLUMNS = `at, user_email, operation_id, estimated_milli, actual_milli, raw_requests,
  cache_hits, saved_milli, job_id, request_id, unconfirmed, document_id, call_id`;

export function toSpend(row: SpendRow | undefined): Spend {
  return {
    credits: fromMilliCredits(row?.actual_milli ?? 0),
    calls: row?.calls ?? 0,
    rawRequests: row?.raw_requests ?? 0,
    cacheHits: row?.cache_hits ?? 0,
    creditsSaved: fromMilliCredits(row?.saved_milli ?? 0),
  };
}

export function toEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    at: row.at,
    userEmail: row.user_email,
    operation: row.operation_id as OperationId,
    estimatedCredits: fromMilliCredits(row.estimated_milli),
    actualCredits: fromMilliCredits(row.actual_milli),
    rawRequests: row.raw_requests,
    cacheHits: row.cache_hits,
    creditsSaved: fromMilliCredits(row.saved_milli),
    jobId: row.job_id,
    requestId: row.request_id,
    unconfirmed: row.unconfirmed === 1,
  };
}

export function wholeCount(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number of 0 or more, got ${String(value)}`);
  }
  return value;
}
