import { fromMilliCredits } from '../values/milli-credits';
import { normalizeUserEmail } from '../values/user-email';
import type { BudgetPeriod } from '../values/utc-periods';
import type { BudgetOverride, BudgetTarget, BudgetUnit } from '../../../../shared/worker-api/budgets';

/** A budget row as either engine stores it. */
export interface BudgetRow {
  scope: 'team' | 'user';
  subject: string;
  period: BudgetPeriod;
  unit: BudgetUnit;
  limit_milli: number | null;
  updated_at: number;
  updated_by: string;
}

export function describeTarget(target: BudgetTarget): string {
  return target.scope === 'team' ? 'the team' : normalizeUserEmail(target.email);
}

export function subjectOf(target: BudgetTarget): string {
  return target.scope === 'team' ? '' : normalizeUserEmail(target.email);
}

export function toOverride(row: BudgetRow): BudgetOverride {
  return {
    target: row.scope === 'team' ? { scope: 'team' } : { scope: 'user', email: row.subject },
    period: row.period,
    unit: row.unit,
    limit: row.limit_milli === null ? null : fromMilliCredits(row.limit_milli),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}
