import { displayValue } from './apps-script/spreadsheet/cell-contents';
import type { FakeSheet } from './apps-script/spreadsheet/sheet';
import type { CellOut, CellWindow } from './playground-api';

/** At most this many cells per read: the page asks for what it shows, in blocks. */
export const MAX_WINDOW_CELLS = 20_000;

export interface WindowRequest {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/**
 * The cells of a rectangle of `sheet` as the page draws them: display text as Sheets formats it,
 * the formula if any, bold and background. The rectangle is cut to the sheet; empty cells are null.
 */
export function readWindow(sheet: FakeSheet, request: WindowRequest, version: number): CellWindow {
  const { rows: maxRows, columns: maxColumns } = sheet.size;
  for (const [name, value] of Object.entries(request)) {
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${name} must be a whole number from 1, got ${value}`);
  }
  if (request.rows * request.columns > MAX_WINDOW_CELLS) {
    throw new Error(`A read covers at most ${MAX_WINDOW_CELLS} cells, got ${request.rows * request.columns}`);
  }
  const bottom = Math.min(maxRows, request.row + request.rows - 1);
  const right = Math.min(maxColumns, request.column + request.columns - 1);
  const cells: (CellOut | null)[][] = [];
  for (let row = request.row; row <= bottom; row++) {
    const line: (CellOut | null)[] = [];
    for (let column = request.column; column <= right; column++) line.push(cellOut(sheet, row, column));
    cells.push(line);
  }
  return {
    sheet: sheet.title,
    version,
    row: request.row,
    column: request.column,
    cells,
    lastRow: sheet.lastRow(),
    lastColumn: sheet.lastColumn(),
  };
}

function cellOut(sheet: FakeSheet, row: number, column: number): CellOut | null {
  const cell = sheet.cell(row, column);
  const bold = cell.fontWeight === 'bold';
  const background = cell.background.toLowerCase() !== '#ffffff';
  if (cell.value === '' && cell.formula === '' && !bold && !background) return null;
  const out: CellOut = { v: displayValue(cell.value, cell.format, sheet.timeZone) };
  if (cell.formula !== '') out.f = cell.formula;
  if (typeof cell.value === 'number') out.n = true;
  if (bold) out.b = true;
  if (background) out.bg = cell.background;
  return out;
}
