import { columnLetters, formatA1, type GridArea } from '../apps-script/spreadsheet/a1-range-reader';
import type { FakeSheet } from '../apps-script/spreadsheet/sheet';
import type { FakeSpreadsheet } from '../apps-script/spreadsheet/spreadsheet';
import {
  asRows,
  checkValues,
  readOption,
  renderCell,
  trimTrailing,
  type DateTimeRenderOption,
  type JsonCell,
  type ValueInputOption,
  type ValueRenderOption,
} from './cell-json';
import { GoogleApiError, invalidArgument } from './google-errors';
import { checkGrowth } from './spreadsheet-cell-limit';
import { a1OnSheet, checkWithinGrid, resolveRange, type SheetRange } from './sheet-ranges';

/**
 * spreadsheets.values (https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets.values):
 * get, batchGet, update, batchUpdate, append, clear and batchClear, on the Apps Script fakes'
 * cells, so that what the API writes is what SpreadsheetApp reads and the other way round. A
 * write is checked whole before any cell changes, as Google applies it whole or not at all.
 */
export interface ValuesTarget {
  spreadsheetId: string;
  spreadsheet: FakeSpreadsheet;
}

/** An answer and the cells it changed (for the stats). */
export interface ValuesResult {
  body: object;
  cellsWritten: number;
}

type Query = Record<string, unknown>;
type Rows = (JsonCell | null)[][];

interface ValueRange {
  range: string;
  majorDimension: 'ROWS' | 'COLUMNS';
  values?: JsonCell[][];
}

interface UpdateValuesResponse {
  spreadsheetId: string;
  updatedRange: string;
  updatedRows?: number;
  updatedColumns?: number;
  updatedCells?: number;
}

const RENDER_OPTIONS: readonly ValueRenderOption[] = ['FORMATTED_VALUE', 'UNFORMATTED_VALUE', 'FORMULA'];
const DATE_TIME_OPTIONS: readonly DateTimeRenderOption[] = ['SERIAL_NUMBER', 'FORMATTED_STRING'];
const INPUT_OPTIONS: readonly ValueInputOption[] = ['RAW', 'USER_ENTERED'];
const DIMENSIONS = ['ROWS', 'COLUMNS'] as const;

export function getValues(target: ValuesTarget, rangeText: string, query: Query): ValuesResult {
  return { body: readRange(target, resolveRange(target.spreadsheet, rangeText), query), cellsWritten: 0 };
}

export function batchGetValues(target: ValuesTarget, query: Query): ValuesResult {
  const ranges = listOf(query.ranges);
  const valueRanges = ranges.map((text) => readRange(target, resolveRange(target.spreadsheet, text), query));
  return { body: { spreadsheetId: target.spreadsheetId, valueRanges }, cellsWritten: 0 };
}

export function updateValues(
  target: ValuesTarget,
  rangeText: string,
  query: Query,
  body: unknown,
): ValuesResult {
  const input = inputOption(query.valueInputOption);
  const request = record(body, 'body');
  checkBodyRange(target, rangeText, request.range);
  const rows = asRows(
    checkValues(request.values, 'values'),
    dimension(request.majorDimension, 'majorDimension'),
  );
  const range = resolveRange(target.spreadsheet, rangeText, true);
  const area = writtenArea(range, rows);
  const answer = writeRows(target, range.sheet, area, rows, input, 'SheetsApi.values.update');
  return { body: answer, cellsWritten: answer.updatedCells ?? 0 };
}

export function batchUpdateValues(target: ValuesTarget, body: unknown): ValuesResult {
  const request = record(body, 'body');
  const input = inputOption(request.valueInputOption, true);
  const data = request.data === undefined ? [] : request.data;
  if (!Array.isArray(data)) throw invalidArgument("Invalid value at 'data': expected a list");
  const planned = data.map((item: unknown, i) => {
    try {
      const entry = record(item, `data[${i}]`);
      if (typeof entry.range !== 'string') throw invalidArgument('Unable to parse range: ');
      const rows = asRows(
        checkValues(entry.values, 'values'),
        dimension(entry.majorDimension, 'majorDimension'),
      );
      const range = resolveRange(target.spreadsheet, entry.range, true);
      return { range, area: writtenArea(range, rows), rows };
    } catch (error) {
      throw prefixed(error, `Invalid data[${i}]: `);
    }
  });
  const responses = planned.map(({ range, area, rows }) =>
    writeRows(target, range.sheet, area, rows, input, 'SheetsApi.values.batchUpdate'),
  );
  const sheets = new Set(planned.map(({ range }) => range.sheet));
  const sum = (pick: (r: UpdateValuesResponse) => number | undefined) =>
    responses.reduce((total, r) => total + (pick(r) ?? 0), 0);
  const totalUpdatedCells = sum((r) => r.updatedCells);
  return {
    body: {
      spreadsheetId: target.spreadsheetId,
      totalUpdatedRows: sum((r) => r.updatedRows),
      totalUpdatedColumns: sum((r) => r.updatedColumns),
      totalUpdatedCells,
      totalUpdatedSheets: sheets.size,
      responses,
    },
    cellsWritten: totalUpdatedCells,
  };
}

/**
 * values.append: finds the "table" in the range (the first run of rows with content in its
 * columns) and writes below its last row, from its first column; with no table, at the range's
 * first cell. OVERWRITE (the default) writes over what is below and grows the sheet only past its
 * end; INSERT_ROWS inserts rows for the data first. Either way the sheet grows to fit ("adding
 * data to the end of the sheet will still insert new rows or columns so the data can be
 * written", InsertDataOption in the reference).
 */
export function appendValues(
  target: ValuesTarget,
  rangeText: string,
  query: Query,
  body: unknown,
): ValuesResult {
  const input = inputOption(query.valueInputOption);
  const insert = readOption(
    query.insertDataOption,
    ['OVERWRITE', 'INSERT_ROWS'] as const,
    'OVERWRITE',
    'insertDataOption',
  );
  const request = record(body, 'body');
  checkBodyRange(target, rangeText, request.range);
  const rows = asRows(
    checkValues(request.values, 'values'),
    dimension(request.majorDimension, 'majorDimension'),
  );
  const range = resolveRange(target.spreadsheet, rangeText);
  const table = findTable(range);
  const startRow = table === null ? range.area.row : table.row + table.numRows;
  const startColumn = table === null ? range.area.column : table.column;
  const height = rows.length;
  const width = Math.max(0, ...rows.map((row) => row.length));
  const sheet = range.sheet;
  const { rows: maxRows, columns: maxColumns } = sheet.size;
  const rowsToAdd = insert === 'INSERT_ROWS' ? height : Math.max(0, startRow + height - 1 - maxRows);
  const columnsToAdd = Math.max(0, startColumn + width - 1 - maxColumns);
  checkGrowth(target.spreadsheet, rowsToAdd * maxColumns + columnsToAdd * (maxRows + rowsToAdd));
  if (rowsToAdd > 0) {
    if (insert === 'INSERT_ROWS' && startRow <= maxRows) sheet.insertRowsBefore(startRow, rowsToAdd);
    else sheet.insertRowsAfter(maxRows, rowsToAdd);
  }
  if (columnsToAdd > 0) sheet.insertColumnsAfter(maxColumns, columnsToAdd);
  const area: GridArea = {
    row: startRow,
    column: startColumn,
    numRows: Math.max(1, height),
    numColumns: Math.max(1, width),
    openRows: false,
    openColumns: false,
  };
  const updates = writeRows(target, sheet, area, rows, input, 'SheetsApi.values.append');
  return {
    body: {
      spreadsheetId: target.spreadsheetId,
      ...(table === null ? {} : { tableRange: a1OnSheet(sheet, table) }),
      updates,
    },
    cellsWritten: updates.updatedCells ?? 0,
  };
}

/** values.clear: values and formulas go, formats stay ("only values are cleared"). */
export function clearValues(target: ValuesTarget, rangeText: string): ValuesResult {
  const range = resolveRange(target.spreadsheet, rangeText);
  const cleared = clearRange(range, 'SheetsApi.values.clear');
  return {
    body: { spreadsheetId: target.spreadsheetId, clearedRange: a1OnSheet(range.sheet, range.area) },
    cellsWritten: cleared,
  };
}

export function batchClearValues(target: ValuesTarget, body: unknown): ValuesResult {
  const request = record(body, 'body');
  const ranges = listOf(request.ranges).map((text, i) => {
    try {
      return resolveRange(target.spreadsheet, text);
    } catch (error) {
      throw prefixed(error, `Invalid ranges[${i}]: `);
    }
  });
  const cleared = ranges.reduce((sum, range) => sum + clearRange(range, 'SheetsApi.values.batchClear'), 0);
  return {
    body: {
      spreadsheetId: target.spreadsheetId,
      clearedRanges: ranges.map((r) => a1OnSheet(r.sheet, r.area)),
    },
    cellsWritten: cleared,
  };
}

// ---- reading ----

function readRange(target: ValuesTarget, range: SheetRange, query: Query): ValueRange {
  const render = readOption(query.valueRenderOption, RENDER_OPTIONS, 'FORMATTED_VALUE', 'valueRenderOption');
  const dateTime = readOption(
    query.dateTimeRenderOption,
    DATE_TIME_OPTIONS,
    'SERIAL_NUMBER',
    'dateTimeRenderOption',
  );
  const major = dimension(query.majorDimension, 'majorDimension');
  const { sheet, area } = range;
  const timeZone = target.spreadsheet.timeZone;
  // Cells past the last row and column with content are empty: no need to visit them.
  const lastRow = Math.min(area.row + area.numRows - 1, sheet.lastRow());
  const lastColumn = Math.min(area.column + area.numColumns - 1, sheet.lastColumn());
  const rows: JsonCell[][] = [];
  for (let r = area.row; r <= lastRow; r++) {
    const row: JsonCell[] = [];
    for (let c = area.column; c <= lastColumn; c++)
      row.push(renderCell(sheet.cell(r, c), render, dateTime, timeZone));
    rows.push(row);
  }
  const oriented = major === 'ROWS' ? rows : transpose(rows);
  const values = trimTrailing(oriented);
  return { range: a1OnSheet(sheet, area), majorDimension: major, ...(values.length === 0 ? {} : { values }) };
}

function transpose(rows: JsonCell[][]): JsonCell[][] {
  const width = Math.max(0, ...rows.map((row) => row.length));
  return Array.from({ length: width }, (_, c) => rows.map((row) => row[c] ?? ''));
}

// ---- writing ----

/**
 * Where `rows` land for values.update: from the range's first cell, within the range unless it is
 * a single cell (which the data extends from), and within the grid.
 */
function writtenArea(range: SheetRange, rows: Rows): GridArea {
  const { area, sheet } = range;
  const height = rows.length;
  const width = Math.max(0, ...rows.map((row) => row.length));
  const single = area.numRows === 1 && area.numColumns === 1;
  if (!single && height > area.numRows) {
    throw invalidArgument(
      `Requested writing within range [${a1OnSheet(sheet, area)}], but tried writing to row [${area.row + height}]`,
    );
  }
  if (!single && width > area.numColumns) {
    throw invalidArgument(
      `Requested writing within range [${a1OnSheet(sheet, area)}], but tried writing to column [${columnLetters(area.column + area.numColumns)}]`,
    );
  }
  const written: GridArea = { ...area, numRows: Math.max(1, height), numColumns: Math.max(1, width) };
  checkWithinGrid(sheet, written);
  return written;
}

function writeRows(
  target: ValuesTarget,
  sheet: FakeSheet,
  area: GridArea,
  rows: Rows,
  input: ValueInputOption,
  call: string,
): UpdateValuesResponse {
  if (rows.length === 0) return { spreadsheetId: target.spreadsheetId, updatedRange: a1OnSheet(sheet, area) };
  let cells = 0;
  const width = Math.max(...rows.map((row) => row.length));
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      if (value === null) return;
      // RAW keeps strings as they are (no formulas, numbers or dates read into them): the fakes'
      // plain-text format does exactly that. USER_ENTERED reads them as typed, as setValues does.
      sheet.enter(area.row + r, area.column + c, value, input === 'RAW' ? '@' : undefined);
      cells++;
    }),
  );
  const written: GridArea = { ...area, numRows: rows.length, numColumns: Math.max(1, width) };
  sheet.writes.record({ call, sheet: sheet.title, a1: formatA1(written), rows: rows.length, columns: width });
  return {
    spreadsheetId: target.spreadsheetId,
    updatedRange: a1OnSheet(sheet, written),
    updatedRows: rows.filter((row) => row.some((value) => value !== null)).length,
    updatedColumns: width,
    updatedCells: cells,
  };
}

function clearRange(range: SheetRange, call: string): number {
  const { sheet, area } = range;
  const lastRow = Math.min(area.row + area.numRows - 1, sheet.lastRow());
  const lastColumn = Math.min(area.column + area.numColumns - 1, sheet.lastColumn());
  let cleared = 0;
  for (let r = area.row; r <= lastRow; r++) {
    for (let c = area.column; c <= lastColumn; c++) {
      const cell = sheet.cell(r, c);
      if (cell.value === '' && cell.formula === '') continue;
      sheet.enter(r, c, '');
      cleared++;
    }
  }
  sheet.writes.record({
    call,
    sheet: sheet.title,
    a1: formatA1(area),
    rows: area.numRows,
    columns: area.numColumns,
  });
  return cleared;
}

/**
 * The table values.append writes below: the first row with content in the range's columns, and
 * the rows below it that have content too, past the range's last row (so that "Sheet1!A1", the
 * usual way to call it, appends after all of a table starting there). Its columns are those with
 * content in the range, widened rightwards over columns that are filled next to them.
 */
function findTable(range: SheetRange): GridArea | null {
  const { sheet, area } = range;
  const sheetLastRow = sheet.lastRow();
  const sheetLastColumn = sheet.lastColumn();
  const lastColumn = Math.min(area.column + area.numColumns - 1, sheetLastColumn);
  const hasContent = (r: number, c: number) => {
    const cell = sheet.cell(r, c);
    return cell.value !== '' || cell.formula !== '';
  };
  const filled = (r: number): number[] => {
    const columns: number[] = [];
    for (let c = area.column; c <= lastColumn; c++) if (hasContent(r, c)) columns.push(c);
    return columns;
  };
  const lastRangeRow = Math.min(area.row + area.numRows - 1, sheetLastRow);
  let first = -1;
  for (let r = area.row; r <= lastRangeRow && first === -1; r++) if (filled(r).length > 0) first = r;
  if (first === -1) return null;
  let left = Infinity;
  let right = -Infinity;
  let r = first;
  for (; r <= sheetLastRow; r++) {
    const columns = filled(r);
    if (columns.length === 0) break;
    left = Math.min(left, columns[0]);
    right = Math.max(right, columns[columns.length - 1]);
  }
  const rows = r - first;
  const filledColumn = (c: number) =>
    Array.from({ length: rows }, (_, i) => first + i).some((row) => hasContent(row, c));
  while (right < sheetLastColumn && filledColumn(right + 1)) right++;
  return {
    row: first,
    column: left,
    numRows: rows,
    numColumns: right - left + 1,
    openRows: false,
    openColumns: false,
  };
}

// ---- request fields ----

function inputOption(value: unknown, inBody = false): ValueInputOption {
  if (value === undefined || value === '' || value === 'INPUT_VALUE_OPTION_UNSPECIFIED') {
    throw invalidArgument(
      inBody
        ? 'Invalid valueInputOption: INPUT_VALUE_OPTION_UNSPECIFIED'
        : "'valueInputOption' is required but not specified",
    );
  }
  return readOption(value, INPUT_OPTIONS, 'RAW', 'valueInputOption');
}

function dimension(value: unknown, name: string): 'ROWS' | 'COLUMNS' {
  return readOption(value, DIMENSIONS, 'ROWS', name);
}

function record(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidArgument(`Invalid JSON payload received. '${where}' is not an object.`);
  return value as Record<string, unknown>;
}

function listOf(value: unknown): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.map((item) => {
    if (typeof item !== 'string') throw invalidArgument(`Unable to parse range: ${String(item)}`);
    return item;
  });
}

/** A body that names a range must name the URL's. */
function checkBodyRange(target: ValuesTarget, urlRange: string, bodyRange: unknown): void {
  if (bodyRange === undefined || bodyRange === '') return;
  if (typeof bodyRange !== 'string') throw invalidArgument(`Unable to parse range: ${String(bodyRange)}`);
  const inUrl = resolveRange(target.spreadsheet, urlRange, true);
  const inBody = resolveRange(target.spreadsheet, bodyRange, true);
  if (a1OnSheet(inUrl.sheet, inUrl.area) !== a1OnSheet(inBody.sheet, inBody.area)) {
    throw invalidArgument(`Requested range [${bodyRange}] must match the range in the URL [${urlRange}]`);
  }
}

function prefixed(error: unknown, prefix: string): unknown {
  if (!(error instanceof GoogleApiError)) return error;
  return new GoogleApiError(error.status, `${prefix}${error.message}`, error.details);
}
