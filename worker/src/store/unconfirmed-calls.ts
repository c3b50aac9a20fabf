import type Database from 'better-sqlite3';
import { fromMilliCredits, toMilliCredits } from './milli-credits';

/**
 * Ledger rows counted at their estimate because a crash hid whether the API billed their call
 * (unconfirmed = 1, written by the journal's recovery with the call's id), and what the balance
 * reconciliation needs to settle them (billing/unconfirmed-settlement.ts): when each call was sent,
 * and what the ledger says was spent around then. A settled row (unconfirmed = 2) is charged what
 * the API billed, so budgets count that instead of the estimate.
 *
 * Rows that count a journaled call are placed at its sending (the journal keeps ended calls a week),
 * every other row at when it was written: an unconfirmed row is written minutes after its call.
 */
export interface UnconfirmedCall {
  /** The ledger row. */
  rowId: number;
  callId: string;
  sentAt: number;
  estimatedCredits: number;
  rawRequests: number;
}

export interface UnconfirmedCallRepository {
  /** Rows still counted at their estimate, oldest call first. */
  pending(): Promise<UnconfirmedCall[]>;
  /** What every other row placed from `from` (included) to `to` (excluded) was charged. */
  knownSpendBetween(from: number, to: number): Promise<{ credits: number; rawRequests: number }>;
  /** Charges the row what the API billed and marks it settled; false when it was settled already. */
  settle(rowId: number, billed: { credits: number; rawRequests: number }): Promise<boolean>;
}

/** Where a ledger row is placed in time (the SQL both engines speak): its call's sending, else its writing. */
export const PLACED_AT = 'COALESCE(c.sent_at, l.at)';
export const WITH_CALLS = 'ledger l LEFT JOIN paid_calls c ON c.id = l.call_id';
export const PENDING_SQL = `SELECT l.id AS row_id, l.call_id, ${PLACED_AT} AS sent_at, l.estimated_milli, l.raw_requests
  FROM ${WITH_CALLS} WHERE l.unconfirmed = 1 AND l.call_id IS NOT NULL ORDER BY sent_at, l.id`;

export interface PendingRow {
  row_id: number;
  call_id: string;
  sent_at: number;
  estimated_milli: number;
  raw_requests: number;
}

export function toUnconfirmedCall(row: PendingRow): UnconfirmedCall {
  return {
    rowId: Number(row.row_id),
    callId: row.call_id,
    sentAt: Number(row.sent_at),
    estimatedCredits: fromMilliCredits(Number(row.estimated_milli)),
    rawRequests: Number(row.raw_requests),
  };
}

export function createSqliteUnconfirmedCallRepository(db: Database.Database): UnconfirmedCallRepository {
  const pending = db.prepare<[], PendingRow>(PENDING_SQL);
  const known = db.prepare<[number, number], { milli: number | null; raw: number | null }>(
    `SELECT SUM(l.actual_milli) AS milli, SUM(l.raw_requests) AS raw FROM ${WITH_CALLS}
     WHERE l.unconfirmed <> 1 AND ${PLACED_AT} >= ? AND ${PLACED_AT} < ?`,
  );
  const settle = db.prepare<[number, number, number]>(
    'UPDATE ledger SET actual_milli = ?, raw_requests = ?, unconfirmed = 2 WHERE id = ? AND unconfirmed = 1',
  );
  return {
    async pending() {
      return pending.all().map(toUnconfirmedCall);
    },
    async knownSpendBetween(from, to) {
      const row = known.get(from, to);
      return { credits: fromMilliCredits(row?.milli ?? 0), rawRequests: row?.raw ?? 0 };
    },
    async settle(rowId, billed) {
      return settle.run(toMilliCredits(billed.credits), billed.rawRequests, rowId).changes > 0;
    },
  };
}
