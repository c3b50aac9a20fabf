/** Who pays: budgets per user and team, checked before a paid call and recorded after it. */
export {
  BudgetExceededError,
  isBudgetExceededError,
  type BudgetExceededInit,
  type BudgetScope,
} from './budget-exceeded-error';
export {
  createBudgetGuard,
  type BudgetDefaults,
  type BudgetGuard,
  type BudgetGuardOptions,
  type BudgetHold,
  type BudgetLimits,
  type BudgetLine,
  type BudgetRecordInput,
  type BudgetStatus,
  type BudgetSubject,
  type Credits,
  type EffectiveBudgets,
} from './budget-guard';
export {
  budgetUpdateSchema,
  createBudgetsRouter,
  type BudgetUpdate,
  type BudgetsRouterOptions,
} from './budgets-router';
export { createUsageRouter, type UsageAnswer, type UsageRouterOptions } from './usage-router';
