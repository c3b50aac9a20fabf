import type Database from 'better-sqlite3';
import type { Clock } from '../../common/clock';
import { fromMilliCredits, toMilliCredits } from './milli-credits';
import { normalizeUserEmail } from './user-email';
import type { BudgetPeriod } from './utc-periods';

export type BudgetTarget = { scope: 'team' } | { scope: 'user'; email: string };

/**
 * An admin's setting for one target and period. `credits: null` means explicitly unlimited; a
 * target and period without an override follow the configured default (budget-guard.ts).
 */
export interface BudgetOverride {
  target: BudgetTarget;
  period: BudgetPeriod;
  credits: number | null;
  updatedAt: number;
  updatedBy: string;
}

export interface BudgetRepository {
  get(target: BudgetTarget, period: BudgetPeriod): Promise<BudgetOverride | null>;
  set(
    target: BudgetTarget,
    period: BudgetPeriod,
    credits: number | null,
    updatedBy: string,
  ): Promise<BudgetOverride>;
  /** Back to the configured default; true when there was an override. */
  clear(target: BudgetTarget, period: BudgetPeriod): Promise<boolean>;
  /** Team first, then users by address. */
  list(): Promise<BudgetOverride[]>;
}

interface BudgetRow {
  scope: 'team' | 'user';
  subject: string;
  period: BudgetPeriod;
  limit_milli: number | null;
  updated_at: number;
  updated_by: string;
}

export function createSqliteBudgetRepository(db: Database.Database, clock: Clock): BudgetRepository {
  const select = db.prepare<[string, string, string], BudgetRow>(
    'SELECT * FROM budgets WHERE scope = ? AND subject = ? AND period = ?',
  );
  const upsert = db.prepare<[string, string, string, number | null, number, string]>(
    `INSERT INTO budgets (scope, subject, period, limit_milli, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (scope, subject, period) DO UPDATE SET limit_milli = excluded.limit_milli,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  );
  const remove = db.prepare<[string, string, string]>(
    'DELETE FROM budgets WHERE scope = ? AND subject = ? AND period = ?',
  );
  const all = db.prepare<[], BudgetRow>("SELECT * FROM budgets ORDER BY scope = 'user', subject, period");

  return {
    async get(target, period) {
      const row = select.get(target.scope, subjectOf(target), period);
      return row === undefined ? null : toOverride(row);
    },

    async set(target, period, credits, updatedBy) {
      const limit = credits === null ? null : toMilliCredits(credits, `the ${period} budget`);
      upsert.run(target.scope, subjectOf(target), period, limit, clock.now(), normalizeUserEmail(updatedBy));
      const row = select.get(target.scope, subjectOf(target), period);
      if (row === undefined)
        throw new Error(`the ${period} budget of ${describeTarget(target)} was not saved`);
      return toOverride(row);
    },

    async clear(target, period) {
      return remove.run(target.scope, subjectOf(target), period).changes > 0;
    },

    async list() {
      return all.all().map(toOverride);
    },
  };
}

export function describeTarget(target: BudgetTarget): string {
  return target.scope === 'team' ? 'the team' : normalizeUserEmail(target.email);
}

function subjectOf(target: BudgetTarget): string {
  return target.scope === 'team' ? '' : normalizeUserEmail(target.email);
}

function toOverride(row: BudgetRow): BudgetOverride {
  return {
    target: row.scope === 'team' ? { scope: 'team' } : { scope: 'user', email: row.subject },
    period: row.period,
    credits: row.limit_milli === null ? null : fromMilliCredits(row.limit_milli),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}
