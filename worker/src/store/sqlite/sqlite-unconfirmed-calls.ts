import type Database from 'better-sqlite3';
import { fromMilliCredits, toMilliCredits } from '../values/milli-credits';
import type { UnconfirmedCallRepository } from '../unconfirmed-calls';
import {
  type PendingRow,
  PENDING_SQL,
  WITH_CALLS,
  PLACED_AT,
  toUnconfirmedCall,
} from '../rows/unconfirmed-call-rows';

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
