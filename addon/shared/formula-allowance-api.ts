import type { FormulaAllowanceAnswer } from '../../shared/worker-api/formula-allowance';

/** This document's formula allowance as the worker answers it (shared/worker-api/formula-allowance.ts). */
export type FormulaAllowanceView = FormulaAllowanceAnswer;

/** After an approval: the allowance as it now stands, and how many formulas were recalculated. */
export interface FormulaApprovalView {
  allowance: FormulaAllowanceView;
  refreshed: number;
}

/** Settings' formula allowance: see it, set it, approve what formulas wait for. */
export interface FormulaAllowanceApi {
  /** null when this user is not connected (the sidebar's calls need their own key). */
  getFormulaAllowance(): FormulaAllowanceView | null;
  /** Credits per day; null for no daily cap. */
  setFormulaAllowance(perDay: number | null): FormulaAllowanceView;
  /** Approves credits on top of today's allowance, then recalculates the add-on's formulas. */
  approveFormulas(credits: number): FormulaApprovalView;
}
