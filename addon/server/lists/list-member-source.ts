import type { Platform } from '../../../shared/platforms';
import type { ColumnSource } from '../../bridge-contract/sidebar-api';
import { columnLetter, columnNumber, rangeA1, sheetA1 } from '../sheet/a1-notation';
import { readColumnSource } from '../sheet/column-source';
import { readMemberIds, type MemberIds } from './list-member-ids';
import type { CellValue } from '../sheet/sheet-values';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The cells a list change reads. Tables this add-on writes (search, AI search, reports, overlap)
 * carry a "User id" column beside the handles, so a user who selects the Handle column, or whole
 * rows of such a tab, gets the ids of the same rows: lists take user ids only, and inside such a
 * table that column is what any selection of its rows means. Inside such a table the header is known (its row holds "User id"),
 * so no value is mistaken for one (a creator named "instagram" reads like a header word).
 */

interface MemberCells extends MemberIds {
  /** The cells read, e.g. "Leads!K2:K41". */
  label: string;
  /** Why another column than the selected one was read, or null. */
  note: string | null;
}

const USER_ID_HEADER = /^(platform[\s_-]*)?user[\s_-]*id$/i;

interface Area {
  sheet: Sheet;
  firstRow: number;
  /** Capped at the sheet's last row with data. */
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

interface ColumnCells {
  sheet: Sheet;
  column: number;
  firstDataRow: number;
  values: CellValue[];
  note: string | null;
}

function isBlankCell(value: CellValue): boolean {
  return typeof value === 'string' && value.trim() === '';
}

/** The selection (or a kept range), or the column from its first row down; null when it cannot be placed (readColumnSource says why). */
function areaOf(source: ColumnSource): Area | null {
  if (source.kind !== 'column') {
    const range =
      source.kind === 'range'
        ? (SpreadsheetApp.getActiveSpreadsheet().getSheetByName(source.sheetName)?.getRange(source.a1) ??
          null)
        : SpreadsheetApp.getActiveRange();
    if (range === null) return null;
    const sheet = range.getSheet();
    const firstRow = range.getRow();
    return {
      sheet,
      firstRow,
      lastRow: Math.min(firstRow + range.getNumRows() - 1, sheet.getLastRow()),
      firstColumn: range.getColumn(),
      lastColumn: range.getColumn() + range.getNumColumns() - 1,
    };
  }
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(source.sheetName);
  const column = columnNumber(source.column);
  if (sheet === null || column === null || !(source.firstRow >= 1)) return null;
  return {
    sheet,
    firstRow: source.firstRow,
    lastRow: sheet.getLastRow(),
    firstColumn: column,
    lastColumn: column,
  };
}

/** The "User id" column of a header row, or null. */
function userIdColumn(sheet: Sheet, row: number, firstColumn: number, lastColumn: number): number | null {
  if (lastColumn < firstColumn) return null;
  const titles = sheet.getRange(row, firstColumn, 1, lastColumn - firstColumn + 1).getValues()[0];
  const index = titles.findIndex((title) => typeof title === 'string' && USER_ID_HEADER.test(title.trim()));
  return index < 0 ? null : firstColumn + index;
}

function columnValues(sheet: Sheet, column: number, firstRow: number, lastRow: number): CellValue[] {
  if (lastRow < firstRow) return [];
  const values = sheet
    .getRange(firstRow, column, lastRow - firstRow + 1, 1)
    .getValues()
    .map((row) => row[0]);
  // Rows below the column's last value belong to longer columns beside it.
  while (values.length > 0 && isBlankCell(values[values.length - 1])) values.pop();
  return values;
}

/**
 * The "User id" cells of the selected rows of a table that has such a column, whichever of its
 * columns is selected: its header is the area's first row (selected with it) or row 1 (cells
 * selected inside it). Null for any other area.
 */
function tableCells(area: Area): ColumnCells | null {
  const { sheet, firstRow, lastRow, firstColumn, lastColumn } = area;
  const width = sheet.getDataRange().getNumColumns();
  let headerRow = firstRow;
  let idColumn = userIdColumn(sheet, firstRow, 1, width);
  if (idColumn === null && firstRow > 1) {
    headerRow = 1;
    idColumn = userIdColumn(sheet, 1, 1, width);
  }
  if (idColumn === null) return null;
  const firstDataRow = headerRow === firstRow ? firstRow + 1 : firstRow;
  const idLetter = columnLetter(idColumn);
  if (idColumn >= firstColumn && idColumn <= lastColumn) {
    return {
      sheet,
      column: idColumn,
      firstDataRow,
      values: columnValues(sheet, idColumn, firstDataRow, lastRow),
      note:
        firstColumn === lastColumn
          ? null
          : `The selection spans several columns: column ${idLetter} ("User id") is read.`,
    };
  }
  return {
    sheet,
    column: idColumn,
    firstDataRow,
    values: columnValues(sheet, idColumn, firstDataRow, lastRow),
    note: `Lists take user ids, so column ${idLetter} ("User id") of the selected rows is read, not column ${columnLetter(firstColumn)}.`,
  };
}

function memberColumn(source: ColumnSource): ColumnCells {
  const area = areaOf(source);
  const table = area === null ? null : tableCells(area);
  if (table !== null) return table;
  // Any other column: the add-on's usual reading (header detected, sentences for what is wrong).
  const input = readColumnSource(source, 'handles');
  return {
    sheet: input.sheet,
    column: input.column,
    firstDataRow: input.firstDataRow,
    values: input.values,
    note: null,
  };
}

/** Reads member ids for a list of `platform` from a column or the selection. */
export function readMemberCells(source: ColumnSource, platform: Platform): MemberCells {
  const { sheet, column, firstDataRow, values, note } = memberColumn(source);
  if (values.length === 0 && firstDataRow > sheet.getLastRow()) {
    throw new Error(
      `${sheetA1(sheet.getName(), rangeA1(firstDataRow, column))} and below are empty: nothing to do.`,
    );
  }
  const letter = columnLetter(column);
  const ids = readMemberIds(values, platform, (index) => `${letter}${firstDataRow + index}`);
  return {
    ...ids,
    label: sheetA1(sheet.getName(), rangeA1(firstDataRow, column, Math.max(values.length, 1), 1)),
    note,
  };
}
