import type { FormulaAllowanceView, FormulaApprovalView } from '../../bridge-contract/formula-allowance-api';
import { approveFormulaCredits, readFormulaAllowance, saveFormulaAllowance } from './formula-allowance';

/**
 * The server functions of Settings' formula allowance (addon/bridge-contract/formula-allowance-api.ts).
 * Every function here becomes a top-level Apps Script function, so this file holds those only.
 */

/** Sidebar: this document's formula allowance, its spend today and the formulas waiting for approval. */
export function getFormulaAllowance(): FormulaAllowanceView | null {
  return readFormulaAllowance();
}

/** Sidebar: credits a day this document's formulas may spend without asking (null: no cap). */
export function setFormulaAllowance(perDay: number | null): FormulaAllowanceView {
  return saveFormulaAllowance(perDay);
}

/** Sidebar: approves credits for today's waiting asks; runs the schedules and recalculates the formulas among them. */
export function approveFormulas(credits: number, asks?: string[]): FormulaApprovalView {
  return approveFormulaCredits(credits, asks);
}
