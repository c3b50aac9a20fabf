import type { Clock } from '../../../common/clock';
import type { BudgetRepository } from '../budget-repository';
import { describeTarget, subjectOf, toOverride, type BudgetRow } from '../rows/budget-rows';
import { toMilliCredits } from '../values/milli-credits';
import { normalizeUserEmail } from '../values/user-email';
import type { PostgresDatabase } from './postgres-database';

/** Budgets on Postgres: one row per target, period and unit, set by one upsert. */
export function createPostgresBudgetRepository(db: PostgresDatabase, clock: Clock): BudgetRepository {
  return {
    async get(target, period, unit = 'credits') {
      const { rows } = await db.query<BudgetRow>(
        'SELECT * FROM budgets WHERE scope = $1 AND subject = $2 AND period = $3 AND unit = $4',
        [target.scope, subjectOf(target), period, unit],
      );
      return rows[0] === undefined ? null : toOverride(rows[0]);
    },

    async set(target, period, limit, updatedBy, unit = 'credits') {
      // Raw requests are whole; both are kept in thousandths so that one column serves them.
      const stored = limit === null ? null : toMilliCredits(limit, `the ${period} budget`);
      const { rows } = await db.query<BudgetRow>(
        `INSERT INTO budgets (scope, subject, period, unit, limit_milli, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (scope, subject, period, unit) DO UPDATE SET limit_milli = excluded.limit_milli,
           updated_at = excluded.updated_at, updated_by = excluded.updated_by
         RETURNING *`,
        [target.scope, subjectOf(target), period, unit, stored, clock.now(), normalizeUserEmail(updatedBy)],
      );
      if (rows[0] === undefined)
        throw new Error(`the ${period} budget of ${describeTarget(target)} was not saved`);
      return toOverride(rows[0]);
    },

    async clear(target, period, unit = 'credits') {
      const { rowCount } = await db.query(
        'DELETE FROM budgets WHERE scope = $1 AND subject = $2 AND period = $3 AND unit = $4',
        [target.scope, subjectOf(target), period, unit],
      );
      return (rowCount ?? 0) > 0;
    },

    async list() {
      const { rows } = await db.query<BudgetRow>(
        `SELECT * FROM budgets
         ORDER BY scope = 'user', subject COLLATE "C", unit = 'rawRequests', period COLLATE "C"`,
      );
      return rows.map(toOverride);
    },
  };
}
