import type { BudgetUnit } from './budget-repository';

/** Held amounts in each unit's smallest step (thousandths of a credit, raw requests). */
export interface HeldAmounts {
  user: Record<BudgetUnit, number>;
  team: Record<BudgetUnit, number>;
  /** Credits held by the document's formulas. */
  document: number;
}

/**
 * Budget holds every check counts, so that parallel requests never overspend: a check and its hold
 * run with no other check between. Shared by the instances of one Postgres store
 * (postgres/budget-holds.ts), or one process's own (budgets/memory-budget-holds.ts). The
 * budget guard (budgets/budget-guard.ts) decides with them; the interface sits in the store, the
 * lower floor, because the Postgres store implements it.
 */
export interface SharedBudgetHolds {
  decide<T>(work: () => Promise<T>): Promise<T>;
  /** What live holds hold: the user's, the team's (everyone's), the document's. */
  held(email: string, documentId: string | null): Promise<HeldAmounts>;
  /** A new hold; its id. */
  add(email: string, documentId: string | null, amounts: Record<BudgetUnit, number>): Promise<string>;
  set(id: string, amounts: Record<BudgetUnit, number>): Promise<void>;
  remove(id: string): Promise<void>;
}
