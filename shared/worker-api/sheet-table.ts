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
 * A cell sent as an input (a handle, an address, an id): what a sheet range holds, blanks
 * included, since every input cell becomes one row of the answer.
 */
export type InputCell = Cell;
