import { columnLetters, parseA1 } from '../apps-script/spreadsheet/a1-range-reader';

/**
 * The grid's selection: a rectangle from an anchor (where it started) to a focus (the cursor,
 * which arrows move), over cells, whole columns (a click on a column header) or whole rows.
 * Pure, so the page and its tests share it.
 */

interface CellPosition {
  row: number;
  column: number;
}

type SelectionKind = 'cells' | 'columns' | 'rows';

export interface Selection {
  kind: SelectionKind;
  anchor: CellPosition;
  focus: CellPosition;
}

export interface GridSize {
  rows: number;
  columns: number;
}

interface Bounds {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export function cellSelection(row: number, column: number): Selection {
  return { kind: 'cells', anchor: { row, column }, focus: { row, column } };
}

export function bounds(selection: Selection, size: GridSize): Bounds {
  const { anchor, focus } = selection;
  return {
    top: selection.kind === 'columns' ? 1 : Math.min(anchor.row, focus.row),
    bottom: selection.kind === 'columns' ? size.rows : Math.max(anchor.row, focus.row),
    left: selection.kind === 'rows' ? 1 : Math.min(anchor.column, focus.column),
    right: selection.kind === 'rows' ? size.columns : Math.max(anchor.column, focus.column),
  };
}

export function contains(selection: Selection, size: GridSize, row: number, column: number): boolean {
  const b = bounds(selection, size);
  return row >= b.top && row <= b.bottom && column >= b.left && column <= b.right;
}

export function cellA1(row: number, column: number): string {
  return `${columnLetters(column)}${row}`;
}

/** As Sheets names it: "B2", "B2:C5", "A:A", "B:D", "3:3". */
export function selectionA1(selection: Selection, size: GridSize): string {
  const b = bounds(selection, size);
  if (selection.kind === 'columns') return `${columnLetters(b.left)}:${columnLetters(b.right)}`;
  if (selection.kind === 'rows') return `${b.top}:${b.bottom}`;
  const start = cellA1(b.top, b.left);
  return b.top === b.bottom && b.left === b.right ? start : `${start}:${cellA1(b.bottom, b.right)}`;
}

function clamp(value: number, max: number): number {
  return Math.min(Math.max(1, value), max);
}

/**
 * Arrow keys: the cursor moves (a new single-cell selection), or with Shift the selection's far
 * corner moves, keeping whole columns or rows whole.
 */
export function moveSelection(
  selection: Selection,
  rows: number,
  columns: number,
  extend: boolean,
  size: GridSize,
): Selection {
  const focus = {
    row: clamp(selection.focus.row + rows, size.rows),
    column: clamp(selection.focus.column + columns, size.columns),
  };
  if (!extend) return cellSelection(focus.row, focus.column);
  return { ...selection, focus };
}

/** Extends the selection to `to` (Shift+click, a drag). */
export function extendTo(selection: Selection, to: CellPosition): Selection {
  return { ...selection, focus: to };
}

export function columnSelection(from: number, to: number): Selection {
  return { kind: 'columns', anchor: { row: 1, column: from }, focus: { row: 1, column: to } };
}

export function rowSelection(from: number, to: number): Selection {
  return { kind: 'rows', anchor: { row: from, column: 1 }, focus: { row: to, column: 1 } };
}

/** What the name box takes: "B12", "A2:A2001", "A:A", "3:5"; null when it names no cells. */
export function parseReference(text: string, size: GridSize): Selection | null {
  const cleaned = text.trim().replace(/^.*!/, '');
  if (cleaned === '') return null;
  let area;
  try {
    area = parseA1(cleaned, size.rows, size.columns);
  } catch {
    return null;
  }
  const bottom = area.row + area.numRows - 1;
  const right = area.column + area.numColumns - 1;
  if (bottom > size.rows || right > size.columns) return null;
  const kind: SelectionKind = area.openRows ? 'columns' : area.openColumns ? 'rows' : 'cells';
  return { kind, anchor: { row: area.row, column: area.column }, focus: { row: bottom, column: right } };
}
