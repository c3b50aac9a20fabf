/** Budgets and spend reports count per UTC day and UTC calendar month, whatever the server's zone. */
export type BudgetPeriod = 'day' | 'month';

export const BUDGET_PERIODS: readonly BudgetPeriod[] = ['day', 'month'];

/** The first millisecond of the UTC day or month holding `now`. */
export function periodStart(period: BudgetPeriod, now: number): number {
  const date = new Date(now);
  return period === 'day'
    ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
    : Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The first millisecond of the next UTC day or month: when a budget for `period` starts afresh. */
export function periodEnd(period: BudgetPeriod, now: number): number {
  const date = new Date(now);
  return period === 'day'
    ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)
    : Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}
