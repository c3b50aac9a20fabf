import type { BudgetPeriod } from '../store/utc-periods';

export type BudgetScope = 'user' | 'team';

export interface BudgetExceededInit {
  scope: BudgetScope;
  period: BudgetPeriod;
  limit: number;
  /** Spent so far plus what running calls hold. */
  committed: number;
  estimate: number;
  /** When the period starts afresh (ms since the epoch). */
  resetsAt: number;
}

/**
 * A paid call refused before it is made because a budget would be exceeded; the worker answers it
 * as 402 budget_exceeded with the message as is.
 */
export class BudgetExceededError extends Error {
  override readonly name = 'BudgetExceededError';
  readonly status = 402;
  readonly code = 'budget_exceeded';
  readonly scope: BudgetScope;
  readonly period: BudgetPeriod;
  readonly limit: number;
  readonly left: number;
  readonly estimate: number;
  readonly resetsAt: number;

  constructor(init: BudgetExceededInit) {
    const left = Math.max(0, roundCredits(init.limit - init.committed));
    super(budgetMessage(init.scope, init.period, init.limit, left, init.estimate));
    this.scope = init.scope;
    this.period = init.period;
    this.limit = init.limit;
    this.left = left;
    this.estimate = init.estimate;
    this.resetsAt = init.resetsAt;
  }
}

function budgetMessage(
  scope: BudgetScope,
  period: BudgetPeriod,
  limit: number,
  left: number,
  estimate: number,
) {
  const when = period === 'day' ? 'today' : 'this month';
  if (left <= 0) {
    return `${scope === 'user' ? 'Budget' : 'Team budget'} for ${when} reached (${credits(limit)})`;
  }
  const whose = scope === 'user' ? 'your budget' : "the team's budget";
  return `This would cost up to ${credits(estimate)}, more than the ${left} left of ${whose} for ${when}`;
}

function credits(amount: number): string {
  return `${amount} credit${amount === 1 ? '' : 's'}`;
}

/** Credits carry at most three decimals (thousandths); differences must not show float noise. */
function roundCredits(amount: number): number {
  return Math.round(amount * 1000) / 1000;
}

export function isBudgetExceededError(value: unknown): value is BudgetExceededError {
  return value instanceof BudgetExceededError;
}
