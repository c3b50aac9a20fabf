import { z } from 'zod';
import type { FormulaAskSource } from '../../../../shared/worker-api/formula-allowance';

/** Longer than any tab name (100 characters) with its quotes and a cell; anything longer is cut. */
const MAX_CELL_CHARS = 140;

/**
 * A formula's own cell ("Formulas!B4"), as the add-on reads it (issue 25): an ask for approval
 * names it, so whoever approves sees which formula waits. Only ever shown, never trusted: a longer
 * text is cut rather than refused, since a formula must never fail for its label.
 */
export const formulaCellField = z
  .string()
  .transform((cell) => cell.slice(0, MAX_CELL_CHARS))
  .optional();

/** Who a formula's ask says asked: the formula of that cell (unknown when the add-on said none). */
export function formulaAskSource(cell: string | undefined): FormulaAskSource {
  return { kind: 'formula', cell: cell === undefined || cell.trim() === '' ? null : cell };
}
