import type { BudgetPeriod } from './values/utc-periods';
import type { BudgetOverride, BudgetTarget, BudgetUnit } from '../../../shared/worker-api/budgets';

export type { BudgetTarget, BudgetUnit } from '../../../shared/worker-api/budgets';

/** `unit` is `credits` when not given. */
export interface BudgetRepository {
  get(target: BudgetTarget, period: BudgetPeriod, unit?: BudgetUnit): Promise<BudgetOverride | null>;
  set(
    target: BudgetTarget,
    period: BudgetPeriod,
    limit: number | null,
    updatedBy: string,
    unit?: BudgetUnit,
  ): Promise<BudgetOverride>;
  /** Back to the configured default; true when there was an override. */
  clear(target: BudgetTarget, period: BudgetPeriod, unit?: BudgetUnit): Promise<boolean>;
  /** Team first, then users by address. */
  list(): Promise<BudgetOverride[]>;
}
