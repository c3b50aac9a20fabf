import { displayValue, isDate } from '../apps-script/spreadsheet/cell-contents';
import type { Cell } from '../apps-script/spreadsheet/sheet';
import { instantOfWallClock, zonedParts } from '../apps-script/runtime/zoned-time';
import { invalidArgument } from './google-errors';

/**
 * Cells to and from the JSON of ValueRange
 * (https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets.values#ValueRange):
 * values are bool, string or number; a null in input skips the cell and "" empties it.
 */
export type JsonCell = string | number | boolean;

export type ValueRenderOption = 'FORMATTED_VALUE' | 'UNFORMATTED_VALUE' | 'FORMULA';
export type DateTimeRenderOption = 'SERIAL_NUMBER' | 'FORMATTED_STRING';
export type ValueInputOption = 'RAW' | 'USER_ENTERED';

/** Google's 50,000-character ceiling for one cell, with the message it answers past it. */
export const CELL_MAX_CHARACTERS = 50_000;

const DAY_MS = 86_400_000;
/** Day 0 of Sheets' serial dates: 1899-12-30 (the serial number's epoch, as in Lotus and Excel). */
const SERIAL_EPOCH_UTC = Date.UTC(1899, 11, 30);

export function readOption<T extends string>(
  value: unknown,
  allowed: readonly T[],
  fallback: T,
  name: string,
): T {
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalidArgument(`Invalid value at '${name}' (${String(value)})`);
}

/** What a cell reads as in an answer; '' for an empty one (trimmed off by the caller). */
export function renderCell(
  cell: Readonly<Cell>,
  render: ValueRenderOption,
  dateTime: DateTimeRenderOption,
  timeZone: string,
): JsonCell {
  if (render === 'FORMULA' && cell.formula !== '') return cell.formula;
  if (render === 'FORMATTED_VALUE') return displayValue(cell.value, cell.format, timeZone);
  const value = cell.value;
  if (isDate(value)) {
    return dateTime === 'FORMATTED_STRING'
      ? displayValue(value, cell.format, timeZone)
      : serialNumber(value, timeZone);
  }
  return value;
}

/** Days since 1899-12-30 on the spreadsheet's wall clock, fractions for the time of day. */
export function serialNumber(date: Date, timeZone: string): number {
  const wall = zonedParts(date, timeZone);
  const wallMs = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return (wallMs - SERIAL_EPOCH_UTC) / DAY_MS;
}

/** The instant a serial number names on the spreadsheet's wall clock (for tests and fixtures). */
export function dateOfSerialNumber(serial: number, timeZone: string): Date {
  return new Date(instantOfWallClock(SERIAL_EPOCH_UTC + Math.round(serial * DAY_MS), timeZone));
}

/** Google's answers leave out empty cells at the end of each row and empty rows at the end. */
export function trimTrailing(rows: JsonCell[][]): JsonCell[][] {
  const trimmed = rows.map((row) => {
    let end = row.length;
    while (end > 0 && row[end - 1] === '') end--;
    return row.slice(0, end);
  });
  let last = trimmed.length;
  while (last > 0 && trimmed[last - 1].length === 0) last--;
  return trimmed.slice(0, last);
}

/**
 * Checks a request's `values` before anything is written (Google applies a write whole or not at
 * all): an array of arrays of bool, string, number or null, each string within the cell limit.
 * `where` names the field in messages, e.g. "data[0].values".
 */
export function checkValues(values: unknown, where: string): (JsonCell | null)[][] {
  if (values === undefined) return [];
  if (!Array.isArray(values)) throw invalidArgument(`Invalid value at '${where}': expected a list of lists`);
  values.forEach((row: unknown, r) => {
    if (!Array.isArray(row)) throw invalidArgument(`Invalid value at '${where}[${r}]': expected a list`);
    row.forEach((cell: unknown, c) => {
      if (cell === null || typeof cell === 'boolean') return;
      if (typeof cell === 'number') {
        if (!Number.isFinite(cell)) throw invalidArgument(`Invalid ${where}[${r}][${c}]: ${String(cell)}`);
        return;
      }
      if (typeof cell === 'string') {
        if (cell.length > CELL_MAX_CHARACTERS) {
          throw invalidArgument(
            `Your input contains more than the maximum of ${CELL_MAX_CHARACTERS} characters in a single cell.`,
          );
        }
        return;
      }
      throw invalidArgument(
        `Invalid ${where}[${r}][${c}]: ${Array.isArray(cell) ? 'list_value' : 'struct_value'}`,
      );
    });
  });
  return values as (JsonCell | null)[][];
}

/** ROWS as given, COLUMNS turned into rows. */
export function asRows(
  values: (JsonCell | null)[][],
  majorDimension: 'ROWS' | 'COLUMNS',
): (JsonCell | null)[][] {
  if (majorDimension === 'ROWS') return values;
  const height = Math.max(0, ...values.map((column) => column.length));
  return Array.from({ length: height }, (_, r) =>
    values.map((column) => (r < column.length ? column[r] : null)),
  );
}
