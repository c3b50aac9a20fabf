import type { ColumnSource } from '../../bridge-contract/sidebar-api';
import { columnNumber, rangeA1, sheetA1 } from './a1-notation';
import { isHeaderAt, type InputKind } from './header-detection';
import { sheetDay } from './sheet-dates';
import type { CellValue } from './sheet-values';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** The input of a bulk action: one column of a sheet, header row set apart. */
export interface ColumnInput {
  sheet: Sheet;
  /** 1-based. */
  column: number;
  /** The header's row, or null when the first row is data. */
  headerRow: number | null;
  /** The row of values[0]. */
  firstDataRow: number;
  /** One value per data row, blanks included, up to the sheet's last row with data. */
  values: CellValue[];
  /** `'Tab'!B2:B200`, the data rows. */
  label: string;
}

function findSheet(sheetName: string): Sheet {
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(sheetName);
  if (sheet === null) throw new Error(`There is no tab named "${sheetName}" in this spreadsheet.`);
  return sheet;
}

function isBlank(value: CellValue): boolean {
  return typeof value === 'string' && value.trim() === '';
}

/** A section's kept input range; a sentence when its tab is gone or it no longer reads. */
function keptRange(sheetName: string, a1: string): GoogleAppsScript.Spreadsheet.Range {
  const sheet = findSheet(sheetName);
  try {
    return sheet.getRange(a1);
  } catch {
    throw new Error(
      `${sheetA1(sheetName, a1)} is no longer a range of this spreadsheet: select the input again.`,
    );
  }
}

/** Where the column starts and ends, before any value is read. */
function locate(source: ColumnSource): { sheet: Sheet; column: number; firstRow: number; lastRow: number } {
  if (source.kind === 'column') {
    const sheet = findSheet(source.sheetName);
    const column = columnNumber(source.column);
    if (column === null) throw new Error(`"${source.column}" is not a column: use letters such as B.`);
    if (!(Math.floor(source.firstRow) === source.firstRow && source.firstRow >= 1)) {
      throw new Error(`The first row must be 1 or more, got ${String(source.firstRow)}.`);
    }
    return { sheet, column, firstRow: source.firstRow, lastRow: sheet.getLastRow() };
  }
  const range =
    source.kind === 'range' ? keptRange(source.sheetName, source.a1) : SpreadsheetApp.getActiveRange();
  if (range === null)
    throw new Error('Select the column to use first (click its letter or select its cells).');
  const sheet = range.getSheet();
  const firstRow = range.getRow();
  // A whole-column selection (B:B) reaches the sheet's last row; data ends earlier.
  const lastRow = Math.min(firstRow + range.getNumRows() - 1, sheet.getLastRow());
  return { sheet, column: range.getColumn(), firstRow, lastRow };
}

/**
 * A selection or a column starting below its header (A2:A200 under "E-mail"): the row above is the
 * header row when its cell reads as one, so the results get their header beside it. A selection
 * in the middle of the data has data above it, and gets no header.
 */
function headerAbove(
  sheet: Sheet,
  column: number,
  firstRow: number,
  values: readonly CellValue[],
  kind: InputKind,
): number | null {
  if (firstRow < 2 || values.length === 0) return null;
  const above = sheet.getRange(firstRow - 1, column, 1, 1).getValues()[0][0];
  return isHeaderAt([above, values[0]], kind, firstRow - 1) ? firstRow - 1 : null;
}

/** Reads the column a bulk action works on; throws a sentence when there is nothing to work on. */
export function readColumnSource(source: ColumnSource, kind: InputKind): ColumnInput {
  const { sheet, column, firstRow, lastRow } = locate(source);
  const count = lastRow - firstRow + 1;
  if (count < 1) {
    throw new Error(
      `${sheetA1(sheet.getName(), rangeA1(firstRow, column))} and below are empty: nothing to do.`,
    );
  }
  const all = sheet
    .getRange(firstRow, column, count, 1)
    .getValues()
    .map((row) => row[0]);
  const header = isHeaderAt(all, kind, firstRow);
  const values = header ? all.slice(1) : all;
  // Rows below the column's last value belong to longer columns beside it, not to this input.
  while (values.length > 0 && isBlank(values[values.length - 1])) values.pop();
  const firstDataRow = header ? firstRow + 1 : firstRow;
  return {
    sheet,
    column,
    headerRow: header ? firstRow : headerAbove(sheet, column, firstRow, values, kind),
    firstDataRow,
    values,
    label: sheetA1(sheet.getName(), rangeA1(firstDataRow, column, Math.max(values.length, 1), 1)),
  };
}

/**
 * Cells as the worker takes them: a date as the day the sheet shows, in its zone `timeZone` (no
 * handle or address is a date, and the error row then names the day the user sees).
 */
export function plainValues(values: readonly CellValue[], timeZone: string): (string | number | boolean)[] {
  return values.map((value) => (typeof value === 'object' ? sheetDay(value as Date, timeZone) : value));
}
