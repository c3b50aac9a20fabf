import type { Cell, Column, Row } from '../rows/columns';

/**
 * What every worker answer meant for a sheet carries: the header labels, the columns (id, label,
 * format) and the rows, the header row first when the request said `withHeader`.
 */
export interface SheetTable {
  /** Column labels, in column order. */
  header: string[];
  /** Shared between answers on the worker: never to be changed. */
  columns: readonly Column[];
  rows: Row[];
}

/**
 * What a formula's answer adds to its table: rows it could not fill in yet. Neither kind of row
 * is kept in the add-on's formula cache, so the next recalculation asks again.
 */
export interface FormulaTable extends SheetTable {
  /** Rows still being fetched at the deadline: asking again soon fills them in, free. */
  pending: number;
  /**
   * Rows that would cost more than the document's formula allowance left today (a document key's
   * formulas only): they say what they need; an approval in the sidebar lets the next
   * recalculation fetch them.
   */
  awaitingApproval: number;
}

/**
 * A cell sent as an input (a handle, an address, an id): what a sheet range holds, blanks
 * included, since every input cell becomes one row of the answer.
 */
export type InputCell = Cell;
