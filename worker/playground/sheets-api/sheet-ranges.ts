import { formatA1, parseA1, splitSheetName, type GridArea } from '../apps-script/spreadsheet/a1-range-reader';
import type { FakeSheet } from '../apps-script/spreadsheet/sheet';
import type { FakeSpreadsheet } from '../apps-script/spreadsheet/spreadsheet';
import { invalidArgument } from './google-errors';

/**
 * A1 ranges as the Sheets API reads them (https://developers.google.com/workspace/sheets/api/guides/concepts#cell):
 * "Sheet1!A1:B2", "'My tab'!A:A" (names with spaces or punctuation quoted, a quote doubled),
 * "Sheet1" (the whole sheet), and "A1:B2" without a name, meaning the first sheet. A name or
 * cells that name nothing: 400 "Unable to parse range: …"; cells beyond the grid: 400 "Range (…)
 * exceeds grid limits. Max rows: …, max columns: …" (both as clients report them, e.g.
 * https://github.com/invokable/laravel-google-sheets/issues/13 and
 * https://github.com/home-assistant/core/issues/104198).
 */
export interface SheetRange {
  sheet: FakeSheet;
  /** Rows and columns from 1; open ranges ("A:B") already run to the grid's edge. */
  area: GridArea;
}

/** Resolves `text` on `spreadsheet`; `allowBeyondGrid` leaves the grid check to the caller. */
export function resolveRange(
  spreadsheet: FakeSpreadsheet,
  text: string,
  allowBeyondGrid = false,
): SheetRange {
  const unparsable = invalidArgument(`Unable to parse range: ${text}`);
  if (typeof text !== 'string' || text.trim() === '') throw unparsable;
  const { sheetName, cells } = splitSheetName(text);
  let sheet: FakeSheet | null;
  let cellText: string | null;
  if (sheetName === null) {
    // A bare word is a sheet's name when one has it, else cells of the first sheet.
    sheet = spreadsheet.sheet(unquote(text));
    cellText = sheet === null ? text : null;
    sheet ??= spreadsheet.sheet(spreadsheet.sheetNames[0]);
  } else {
    sheet = spreadsheet.sheet(sheetName);
    cellText = cells;
  }
  if (sheet === null) throw unparsable;
  const { rows, columns } = sheet.size;
  if (cellText === null) {
    return {
      sheet,
      area: { row: 1, column: 1, numRows: rows, numColumns: columns, openRows: false, openColumns: false },
    };
  }
  let area: GridArea;
  try {
    // Parsed against an unbounded grid so that cells past the edge are reported as such.
    area = parseA1(cellText, Math.max(rows, 1), Math.max(columns, 1));
  } catch {
    throw unparsable;
  }
  if (area.openRows) area = { ...area, numRows: rows - area.row + 1 };
  if (area.openColumns) area = { ...area, numColumns: columns - area.column + 1 };
  const closed: GridArea = { ...area, openRows: false, openColumns: false };
  if (!allowBeyondGrid) checkWithinGrid(sheet, closed, `${quoteSheetName(sheet.title)}!${cellText.trim()}`);
  return { sheet, area: closed };
}

/** 400 "exceeds grid limits" when `area` reaches past the sheet's rows or columns. */
export function checkWithinGrid(sheet: FakeSheet, area: GridArea, shown = a1OnSheet(sheet, area)): void {
  const { rows, columns } = sheet.size;
  if (
    area.numRows < 1 ||
    area.numColumns < 1 ||
    area.row + area.numRows - 1 > rows ||
    area.column + area.numColumns - 1 > columns
  ) {
    throw invalidArgument(`Range (${shown}) exceeds grid limits. Max rows: ${rows}, max columns: ${columns}`);
  }
}

/** "Sheet1!A1:B2", "'My tab'!C3": how the API names a range in its answers. */
export function a1OnSheet(sheet: FakeSheet, area: GridArea): string {
  return `${quoteSheetName(sheet.title)}!${formatA1({ ...area, openRows: false, openColumns: false })}`;
}

/**
 * Google quotes a sheet name in its answers unless it is a plain word that could not be read as
 * a cell ("Sheet1" stays bare, "My tab" and "A1" are quoted).
 */
export function quoteSheetName(title: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(title) && !/^[A-Za-z]{1,3}\d+$/.test(title)) return title;
  return `'${title.replace(/'/g, "''")}'`;
}

function unquote(text: string): string {
  return text.length >= 2 && text.startsWith("'") && text.endsWith("'")
    ? text.slice(1, -1).replace(/''/g, "'")
    : text;
}
