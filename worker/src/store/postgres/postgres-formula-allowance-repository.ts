import type { Clock } from '../../../common/clock';
import type { FormulaAllowanceRepository } from '../formula-allowance-repository';
import {
  ASK_COLUMNS,
  toAsk,
  toSetting,
  type AllowanceRow,
  type AskRow,
} from '../rows/formula-allowance-rows';
import { fromMilliCredits, toMilliCredits } from '../values/milli-credits';
import { normalizeUserEmail } from '../values/user-email';
import { periodStart } from '../values/utc-periods';
import type { PostgresDatabase } from './postgres-database';

/**
 * Formula allowances on Postgres. Approvals are appended and summed, asks upserted per key:
 * instances adding them at once never lose one another's.
 */
export function createPostgresFormulaAllowanceRepository(
  db: PostgresDatabase,
  clock: Clock,
): FormulaAllowanceRepository {
  return {
    async get(documentId) {
      const { rows } = await db.query<AllowanceRow>(
        'SELECT per_day_milli, updated_at, updated_by FROM formula_allowances WHERE document_id = $1',
        [documentId],
      );
      return rows[0] === undefined ? null : toSetting(rows[0]);
    },

    async set(documentId, perDay, updatedBy) {
      const milli = perDay === null ? null : toMilliCredits(perDay, 'the formula allowance');
      const { rows } = await db.query<AllowanceRow>(
        `INSERT INTO formula_allowances (document_id, per_day_milli, updated_at, updated_by)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (document_id) DO UPDATE SET per_day_milli = excluded.per_day_milli,
           updated_at = excluded.updated_at, updated_by = excluded.updated_by
         RETURNING per_day_milli, updated_at, updated_by`,
        [documentId, milli, clock.now(), normalizeUserEmail(updatedBy)],
      );
      return toSetting(rows[0] as AllowanceRow);
    },

    async approve(documentId, credits, approvedBy) {
      const milli = toMilliCredits(credits, 'an approval');
      if (milli === 0) throw new RangeError('an approval must be more than 0 credits');
      await db.query(
        'INSERT INTO formula_approvals (document_id, at, credits_milli, approved_by) VALUES ($1, $2, $3, $4)',
        [documentId, clock.now(), milli, normalizeUserEmail(approvedBy)],
      );
    },

    async approvedToday(documentId, now) {
      const { rows } = await db.query<{ milli: number | null; last: number | null }>(
        `SELECT SUM(credits_milli)::bigint AS milli, MAX(at) AS last FROM formula_approvals
         WHERE document_id = $1 AND at >= $2`,
        [documentId, periodStart('day', now)],
      );
      return { credits: fromMilliCredits(rows[0]?.milli ?? 0), lastAt: rows[0]?.last ?? null };
    },

    async recordAsk(documentId, ask) {
      const now = clock.now();
      const milli = toMilliCredits(ask.credits);
      await db.transaction(async (sql) => {
        await sql.query('DELETE FROM formula_asks WHERE document_id = $1 AND at < $2', [
          documentId,
          periodStart('day', now),
        ]);
        await sql.query(
          `INSERT INTO formula_asks (document_id, ask_key, operation_id, credits_milli, items, at, source)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (document_id, ask_key) DO UPDATE SET operation_id = excluded.operation_id,
             credits_milli = excluded.credits_milli, items = excluded.items, at = excluded.at,
             source = excluded.source`,
          [documentId, ask.key, ask.operation, milli, ask.items, now, JSON.stringify(ask.source)],
        );
      });
    },

    async asksSince(documentId, from) {
      const { rows } = await db.query<AskRow>(
        `SELECT ${ASK_COLUMNS} FROM formula_asks WHERE document_id = $1 AND at >= $2
         ORDER BY at DESC, ask_key COLLATE "C"`,
        [documentId, from],
      );
      return rows.map(toAsk);
    },

    async answerAsks(documentId, keys) {
      // One statement: two approvals at once each remove (and start) an ask once.
      const { rows } = await db.query<AskRow>(
        `DELETE FROM formula_asks WHERE document_id = $1 AND at <= $2
           AND ($3::text[] IS NULL OR ask_key = ANY($3::text[]))
         RETURNING ${ASK_COLUMNS}`,
        [documentId, clock.now(), keys === null ? null : [...keys]],
      );
      return rows.map(toAsk);
    },
  };
}
