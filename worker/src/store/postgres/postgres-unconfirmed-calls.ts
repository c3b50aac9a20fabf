import { fromMilliCredits, toMilliCredits } from '../values/milli-credits';
import type { UnconfirmedCallRepository } from '../unconfirmed-calls';
import {
  PENDING_SQL,
  PLACED_AT,
  toUnconfirmedCall,
  WITH_CALLS,
  type PendingRow,
} from '../rows/unconfirmed-call-rows';
import type { PostgresDatabase } from './postgres-database';

/** Unconfirmed ledger rows on Postgres (unconfirmed-calls.ts): a settlement is one conditional UPDATE. */
export function createPostgresUnconfirmedCallRepository(db: PostgresDatabase): UnconfirmedCallRepository {
  return {
    async pending() {
      const { rows } = await db.query<PendingRow>(PENDING_SQL);
      return rows.map(toUnconfirmedCall);
    },
    async knownSpendBetween(from, to) {
      const { rows } = await db.query<{ milli: number | null; raw: number | null }>(
        `SELECT SUM(l.actual_milli)::bigint AS milli, SUM(l.raw_requests)::bigint AS raw FROM ${WITH_CALLS}
         WHERE l.unconfirmed <> 1 AND ${PLACED_AT} >= $1 AND ${PLACED_AT} < $2`,
        [from, to],
      );
      return { credits: fromMilliCredits(rows[0]?.milli ?? 0), rawRequests: rows[0]?.raw ?? 0 };
    },
    async settle(rowId, billed) {
      const { rowCount } = await db.query(
        'UPDATE ledger SET actual_milli = $1, raw_requests = $2, unconfirmed = 2 WHERE id = $3 AND unconfirmed = 1',
        [toMilliCredits(billed.credits), billed.rawRequests, rowId],
      );
      return (rowCount ?? 0) > 0;
    },
  };
}
