import type { FormulaAllowanceAnswer } from '../../shared/worker-api/formula-allowance';

/** This document's formula allowance as the worker answers it (shared/worker-api/formula-allowance.ts). */
export type FormulaAllowanceView = FormulaAllowanceAnswer;

/**
 * After an approval: the allowance as it now stands, how many formulas were recalculated, and
 * the schedules the worker started at once (issue 25).
 */
export interface FormulaApprovalView {
  allowance: FormulaAllowanceView;
  refreshed: number;
  startedSchedules: string[];
}

/** Settings' formula allowance: see it, set it, approve what formulas wait for. */
export interface FormulaAllowanceApi {
  /** null when this user is not connected (the sidebar's calls need their own key). */
  getFormulaAllowance(): FormulaAllowanceView | null;
  /** Credits per day; null for no daily cap. */
  setFormulaAllowance(perDay: number | null): FormulaAllowanceView;
  /**
   * Approves credits on top of today's allowance for the asks named (keys; every one when left
   * out): the schedules among them run at once, and the add-on's formulas are recalculated when
   * a formula's ask was among them.
   */
  approveFormulas(credits: number, asks?: string[]): FormulaApprovalView;
}
