import { fromMilliCredits } from '../values/milli-credits';
import type { UnconfirmedCall } from '../unconfirmed-calls';

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
