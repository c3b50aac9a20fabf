import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import { fromMilliCredits, toMilliCredits } from '../values/milli-credits';
import { normalizeUserEmail } from '../values/user-email';
import { periodStart } from '../values/utc-periods';
import type { FormulaAllowanceRepository, FormulaAskInput } from '../formula-allowance-repository';
import {
  type AllowanceRow,
  type AskRow,
  ASK_COLUMNS,
  toAsk,
  toSetting,
} from '../rows/formula-allowance-rows';

export function createSqliteFormulaAllowanceRepository(
  db: Database.Database,
  clock: Clock,
): FormulaAllowanceRepository {
  const select = db.prepare<[string], AllowanceRow>(
    'SELECT per_day_milli, updated_at, updated_by FROM formula_allowances WHERE document_id = ?',
  );
  const upsert = db.prepare<[string, number | null, number, string]>(
    `INSERT INTO formula_allowances (document_id, per_day_milli, updated_at, updated_by) VALUES (?, ?, ?, ?)
     ON CONFLICT (document_id) DO UPDATE SET per_day_milli = excluded.per_day_milli,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  );
  const insertApproval = db.prepare<[string, number, number, string]>(
    'INSERT INTO formula_approvals (document_id, at, credits_milli, approved_by) VALUES (?, ?, ?, ?)',
  );
  const approvals = db.prepare<[string, number], { milli: number | null; last: number | null }>(
    `SELECT SUM(credits_milli) AS milli, MAX(at) AS last FROM formula_approvals
     WHERE document_id = ? AND at >= ?`,
  );
  const upsertAsk = db.prepare<[string, string, string, number, number, number, string]>(
    `INSERT INTO formula_asks (document_id, ask_key, operation_id, credits_milli, items, at, source)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (document_id, ask_key) DO UPDATE SET operation_id = excluded.operation_id,
       credits_milli = excluded.credits_milli, items = excluded.items, at = excluded.at,
       source = excluded.source`,
  );
  const dropOldAsks = db.prepare<[string, number]>(
    'DELETE FROM formula_asks WHERE document_id = ? AND at < ?',
  );
  const asks = db.prepare<[string, number], AskRow>(
    `SELECT ${ASK_COLUMNS} FROM formula_asks WHERE document_id = ? AND at >= ?
     ORDER BY at DESC, ask_key`,
  );
  const asksUpTo = db.prepare<[string, number], AskRow>(
    `SELECT ${ASK_COLUMNS} FROM formula_asks WHERE document_id = ? AND at <= ?`,
  );
  const dropAsk = db.prepare<[string, string]>(
    'DELETE FROM formula_asks WHERE document_id = ? AND ask_key = ?',
  );
  const record = db.transaction((documentId: string, ask: FormulaAskInput, now: number) => {
    dropOldAsks.run(documentId, periodStart('day', now));
    const source = JSON.stringify(ask.source);
    upsertAsk.run(documentId, ask.key, ask.operation, toMilliCredits(ask.credits), ask.items, now, source);
  });
  const answer = db.transaction((documentId: string, keys: readonly string[] | null, upTo: number) => {
    const rows = asksUpTo.all(documentId, upTo).filter((row) => keys === null || keys.includes(row.ask_key));
    for (const row of rows) dropAsk.run(documentId, row.ask_key);
    return rows.map(toAsk);
  });

  return {
    async get(documentId) {
      const row = select.get(documentId);
      return row === undefined ? null : toSetting(row);
    },

    async set(documentId, perDay, updatedBy) {
      const milli = perDay === null ? null : toMilliCredits(perDay, 'the formula allowance');
      upsert.run(documentId, milli, clock.now(), normalizeUserEmail(updatedBy));
      return toSetting(select.get(documentId) as AllowanceRow);
    },

    async approve(documentId, credits, approvedBy) {
      const milli = toMilliCredits(credits, 'an approval');
      if (milli === 0) throw new RangeError('an approval must be more than 0 credits');
      insertApproval.run(documentId, clock.now(), milli, normalizeUserEmail(approvedBy));
    },

    async approvedToday(documentId, now) {
      const row = approvals.get(documentId, periodStart('day', now));
      return { credits: fromMilliCredits(row?.milli ?? 0), lastAt: row?.last ?? null };
    },

    async recordAsk(documentId, ask) {
      record(documentId, ask, clock.now());
    },

    async asksSince(documentId, from) {
      return asks.all(documentId, from).map(toAsk);
    },

    async answerAsks(documentId, keys) {
      return answer(documentId, keys, clock.now());
    },
  };
}
