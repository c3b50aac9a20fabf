import type { BudgetPeriod } from '../store/values/utc-periods';

/**
 * `document`: a document key's formulas past the document's formula allowance for the day
 * (formula-allowance.ts), which someone who may approve can raise for today in the sidebar.
 */
export type BudgetScope = 'user' | 'team' | 'document';

interface BudgetExceededInit {
  /** Credits (the default) or raw requests of the monthly raw allowance. */
  unit?: 'credits' | 'rawRequests';
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
  readonly unit: 'credits' | 'rawRequests';
  readonly scope: BudgetScope;
  readonly period: BudgetPeriod;
  readonly limit: number;
  readonly left: number;
  readonly estimate: number;
  readonly resetsAt: number;

  constructor(init: BudgetExceededInit) {
    const unit = init.unit ?? 'credits';
    const left = Math.max(0, roundCredits(init.limit - init.committed));
    super(budgetMessage(unit, init.scope, init.period, init.limit, left, init.estimate));
    this.unit = unit;
    this.scope = init.scope;
    this.period = init.period;
    this.limit = init.limit;
    this.left = left;
    this.estimate = init.estimate;
    this.resetsAt = init.resetsAt;
  }
}

function budgetMessage(
  unit: 'credits' | 'rawRequests',
  scope: BudgetScope,
  period: BudgetPeriod,
  limit: number,
  left: number,
  estimate: number,
) {
  if (scope === 'document') return allowanceMessage(limit, left, estimate);
  const when = period === 'day' ? 'today' : 'this month';
  const amount = unit === 'credits' ? credits : rawRequests;
  const budget = unit === 'credits' ? 'budget' : 'raw request budget';
  if (left <= 0) {
    const name = scope === 'user' ? `${budget[0].toUpperCase()}${budget.slice(1)}` : `Team ${budget}`;
    return `${name} for ${when} reached (${amount(limit)})`;
  }
  const whose = scope === 'user' ? `your ${budget}` : `the team's ${budget}`;
  const verb = unit === 'credits' ? 'cost' : 'use';
  return `This would ${verb} up to ${amount(estimate)}, more than the ${left} left of ${whose} for ${when}`;
}

/** Said in a formula's cells: what it needs, and where to approve it. */
function allowanceMessage(limit: number, left: number, estimate: number): string {
  const room = left <= 0 ? 'none is left' : `${left} ${left === 1 ? 'is' : 'are'} left`;
  return `Needs approval: up to ${credits(estimate)}, more than this sheet's formulas may spend without asking (${credits(limit)} today, ${room}). Approve it in Extensions > Creator Sheets > Settings, then refresh.`;
}

function credits(amount: number): string {
  return `${amount} credit${amount === 1 ? '' : 's'}`;
}

function rawRequests(amount: number): string {
  return `${amount} raw request${amount === 1 ? '' : 's'}`;
}

/** Credits carry at most three decimals (thousandths); differences must not show float noise. */
function roundCredits(amount: number): number {
  return Math.round(amount * 1000) / 1000;
}

export function isBudgetExceededError(value: unknown): value is BudgetExceededError {
  return value instanceof BudgetExceededError;
}
