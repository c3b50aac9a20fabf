import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import { toMilliCredits } from '../values/milli-credits';
import { normalizeUserEmail } from '../values/user-email';
import type { BudgetRepository } from '../budget-repository';
import { type BudgetRow, subjectOf, toOverride, describeTarget } from '../rows/budget-rows';

export function createSqliteBudgetRepository(db: Database.Database, clock: Clock): BudgetRepository {
  const select = db.prepare<[string, string, string, string], BudgetRow>(
    'SELECT * FROM budgets WHERE scope = ? AND subject = ? AND period = ? AND unit = ?',
  );
  const upsert = db.prepare<[string, string, string, string, number | null, number, string]>(
    `INSERT INTO budgets (scope, subject, period, unit, limit_milli, updated_at, updated_by)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (scope, subject, period, unit) DO UPDATE SET limit_milli = excluded.limit_milli,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  );
  const remove = db.prepare<[string, string, string, string]>(
    'DELETE FROM budgets WHERE scope = ? AND subject = ? AND period = ? AND unit = ?',
  );
  const all = db.prepare<[], BudgetRow>(
    "SELECT * FROM budgets ORDER BY scope = 'user', subject, unit = 'rawRequests', period",
  );

  return {
    async get(target, period, unit = 'credits') {
      const row = select.get(target.scope, subjectOf(target), period, unit);
      return row === undefined ? null : toOverride(row);
    },

    async set(target, period, limit, updatedBy, unit = 'credits') {
      // Raw requests are whole; both are kept in thousandths so that one column serves them.
      const stored = limit === null ? null : toMilliCredits(limit, `the ${period} budget`);
      const subject = subjectOf(target);
      upsert.run(target.scope, subject, period, unit, stored, clock.now(), normalizeUserEmail(updatedBy));
      const row = select.get(target.scope, subject, period, unit);
      if (row === undefined)
        throw new Error(`the ${period} budget of ${describeTarget(target)} was not saved`);
      return toOverride(row);
    },

    async clear(target, period, unit = 'credits') {
      return remove.run(target.scope, subjectOf(target), period, unit).changes > 0;
    },

    async list() {
      return all.all().map(toOverride);
    },
  };
}
