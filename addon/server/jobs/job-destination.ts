import { SHEETS_NUMBER_FORMATS, type Column, type Row } from '../../../shared/rows/columns';
import { rangeA1, sheetA1 } from '../sheet/a1-notation';
import type { ColumnInput } from '../sheet/column-source';
import type { TabWriteMode } from '../../bridge-contract/tab-output';
import { formatCount } from '../sheet/number-text';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * Where a job's rows go: a block of `width` columns starting at `firstColumn`, row `position` of
 * the job at `firstDataRow + position`. Stored with the job (document properties), so it must stay
 * JSON: the tab is found again by id, since users rename tabs.
 */
export interface Destination {
  sheetId: number;
  sheetName: string;
  headerRow: number | null;
  firstDataRow: number;
  firstColumn: number;
  width: number;
  /** Rows the job may write: its total (for paged kinds, the most it can have). */
  rows: number;
  newTab: boolean;
  /**
   * How the table meets its tab (issue 15): beside the input, a new tab, or a named tab replaced or
   * added to. Records of an older version have none: they were beside the input or a new tab.
   */
  mode?: 'beside' | TabWriteMode;
}

/** Sheets refuses tab names longer than this. */
const MAX_TAB_NAME = 100;

/** `'Tab'!C2`, for the progress line. */
export function destinationLabel(destination: Destination): string {
  return sheetA1(destination.sheetName, rangeA1(destination.firstDataRow, destination.firstColumn));
}

/** The area a destination covers, header included, for the overwrite question. */
function destinationArea(destination: Destination): { row: number; rows: number } {
  const row = destination.headerRow ?? destination.firstDataRow;
  return { row, rows: destination.firstDataRow + Math.max(destination.rows, 1) - row };
}

/** The columns right of the input, same rows; the header goes beside the input's header. */
export function besideDestination(input: ColumnInput, width: number): Destination {
  return {
    sheetId: input.sheet.getSheetId(),
    sheetName: input.sheet.getName(),
    headerRow: input.headerRow,
    firstDataRow: input.firstDataRow,
    firstColumn: input.column + 1,
    width,
    rows: input.values.length,
    newTab: false,
    mode: 'beside',
  };
}

/** A tab name not taken yet: "Reports", then "Reports (2)", ... */
function uniqueTabName(taken: readonly string[], wanted: string): string {
  // Line breaks and tabs (a title pasted from a cell) become spaces; \s covers them.
  const cleaned = wanted.replace(/\s+/g, ' ').trim() || 'Creator Sheets';
  const base = cleaned.slice(0, MAX_TAB_NAME - 6);
  const lower = taken.map((name) => name.toLowerCase());
  if (lower.indexOf(base.toLowerCase()) < 0) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (lower.indexOf(candidate.toLowerCase()) < 0) return candidate;
  }
}

/** Creates the tab a job writes into: header in row 1, rows from row 2. */
export function newTabDestination(wanted: string, width: number, rows: number): Destination {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const name = uniqueTabName(
    spreadsheet.getSheets().map((sheet) => sheet.getName()),
    wanted,
  );
  const sheet = spreadsheet.insertSheet(name);
  return {
    sheetId: sheet.getSheetId(),
    sheetName: name,
    headerRow: 1,
    firstDataRow: 2,
    firstColumn: 1,
    width,
    rows,
    newTab: true,
    mode: 'new',
  };
}

/** The destination's tab, found by id (renamed tabs keep it), else by name; null when deleted. */
export function destinationSheet(destination: Destination): Sheet | null {
  const sheets = SpreadsheetApp.getActiveSpreadsheet().getSheets();
  for (const sheet of sheets) if (sheet.getSheetId() === destination.sheetId) return sheet;
  for (const sheet of sheets) if (sheet.getName() === destination.sheetName) return sheet;
  return null;
}

function isEmptyCell(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

/** Non-empty cells in the destination (cells beyond the sheet's edge are empty by definition). */
export function occupiedCells(sheet: Sheet, destination: Destination): { cells: number; label: string } {
  const area = destinationArea(destination);
  const label = sheetA1(
    destination.sheetName,
    rangeA1(area.row, destination.firstColumn, area.rows, destination.width),
  );
  const rows = Math.min(area.rows, sheet.getMaxRows() - area.row + 1);
  const columns = Math.min(destination.width, sheet.getMaxColumns() - destination.firstColumn + 1);
  if (rows < 1 || columns < 1) return { cells: 0, label };
  let cells = 0;
  for (const row of sheet.getRange(area.row, destination.firstColumn, rows, columns).getValues()) {
    for (const value of row) if (!isEmptyCell(value)) cells += 1;
  }
  return { cells, label };
}

/** Refuses to write over data the user has not agreed to lose. */
export function requireOverwriteConsent(sheet: Sheet, destination: Destination, confirmed: boolean): void {
  if (confirmed) return;
  const occupied = occupiedCells(sheet, destination);
  if (occupied.cells > 0) {
    throw new Error(
      `${formatCount(occupied.cells)} ${occupied.cells === 1 ? 'cell' : 'cells'} of ${occupied.label} ` +
        `already ${occupied.cells === 1 ? 'holds' : 'hold'} data: confirm overwriting, or write the results to a new tab.`,
    );
  }
}

/** Grows the tab so that rows and columns up to these exist (getRange beyond the edge throws). */
export function ensureSheetSize(sheet: Sheet, lastRow: number, lastColumn: number): void {
  const maxRows = sheet.getMaxRows();
  if (lastRow > maxRows) sheet.insertRowsAfter(maxRows, lastRow - maxRows);
  const maxColumns = sheet.getMaxColumns();
  if (lastColumn > maxColumns) sheet.insertColumnsAfter(maxColumns, lastColumn - maxColumns);
}

/**
 * Before the first row: room for every row, the header row (as plain text, so a label is never
 * read as a number or a formula) and on a new tab the header frozen. Each block of rows carries its
 * columns' number formats when it is written (writeRowsBlock), and so do the worker's own writes
 * when it delivers the rows.
 */
export function prepareDestination(sheet: Sheet, destination: Destination, columns: readonly Column[]): void {
  const lastRow = destination.firstDataRow + Math.max(destination.rows, 1) - 1;
  ensureSheetSize(sheet, lastRow, destination.firstColumn + destination.width - 1);
  if (destination.headerRow !== null) {
    const header = columns.slice(0, destination.width).map((col) => col.label);
    while (header.length < destination.width) header.push('');
    const headerRange = sheet.getRange(destination.headerRow, destination.firstColumn, 1, destination.width);
    headerRange.setNumberFormat('@');
    headerRange.setValues([header]);
  }
  if (destination.newTab && destination.headerRow !== null) sheet.setFrozenRows(destination.headerRow);
}

/** A job row as setValues takes it: exactly `width` cells, empty for null. */
function sheetRow(row: Row, width: number): (string | number | boolean)[] {
  const cells: (string | number | boolean)[] = [];
  for (let i = 0; i < width; i++) {
    const cell = i < row.length ? row[i] : null;
    cells.push(cell === null || cell === undefined ? '' : cell);
  }
  return cells;
}

/**
 * Each column's Sheets number format (percent, thousands, dates; text columns as plain text, so a
 * caption starting with "=" stays text), `rows` times: what setNumberFormats takes for a block.
 * Columns past those known keep the default.
 */
function blockFormats(columns: readonly Column[], width: number, rows: number): string[][] {
  const row: string[] = [];
  for (let i = 0; i < width; i++)
    row.push(i < columns.length ? SHEETS_NUMBER_FORMATS[columns[i].format] : 'General');
  const formats: string[][] = [];
  for (let r = 0; r < rows; r++) formats.push(row);
  return formats;
}

/**
 * Writes rows `after`, `after + 1`, ... of the job: their number formats with one setNumberFormats
 * (before the values, so text columns keep text as text), then the values with one setValues.
 */
export function writeRowsBlock(
  sheet: Sheet,
  destination: Destination,
  after: number,
  rows: readonly Row[],
  columns: readonly Column[],
): void {
  if (rows.length === 0) return;
  const firstRow = destination.firstDataRow + after;
  ensureSheetSize(sheet, firstRow + rows.length - 1, destination.firstColumn + destination.width - 1);
  const range = sheet.getRange(firstRow, destination.firstColumn, rows.length, destination.width);
  range.setNumberFormats(blockFormats(columns, destination.width, rows.length));
  range.setValues(rows.map((row) => sheetRow(row, destination.width)));
}
