import type { sheets_v4 } from '@googleapis/sheets';
import { wallAsUtc, wallParts } from '../../../../shared/day-bounds';
import { SHEETS_NUMBER_FORMATS, type Cell, type ColumnFormat } from '../../../../shared/rows/columns';

/**
 * Number formats of what the worker writes as its service account (issue 25): the column kinds of
 * shared/rows as Sheets number formats, so that 0.0416 reads 4.16% and 45011 reads 45,011 in the
 * sheet, as the sidebar shows them. Writes are RAW (nothing typed is ever parsed), so a format is
 * asked for apart, with `repeatCell` in a `spreadsheets.batchUpdate`: one request per block of
 * adjacent columns of one kind, never a call per column. Pure.
 */

/** A cell's number format as the Sheets API takes it. */
export type SheetNumberFormat = sheets_v4.Schema$NumberFormat;

/** Days from Sheets' epoch (1899-12-30) to 1970-01-01: a date cell holds days since that epoch. */
const SERIAL_OF_UNIX_EPOCH = 25569;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Snapshot rows' date and time, on the spreadsheet's wall clock. */
export const DATE_TIME_FORMAT: SheetNumberFormat = { type: 'DATE_TIME', pattern: 'yyyy-mm-dd hh:mm' };

const TYPES: Readonly<Record<ColumnFormat, SheetNumberFormat['type'] | null>> = {
  percent: 'PERCENT',
  integer: 'NUMBER',
  decimal: 'NUMBER',
  date: 'DATE',
  url: 'TEXT',
  text: 'TEXT',
  // TRUE and FALSE read as they are: no format.
  boolean: null,
};

/** The Sheets number format of a column kind, as the add-on sets it (SHEETS_NUMBER_FORMATS); null: none. */
export function numberFormatOf(format: ColumnFormat): SheetNumberFormat | null {
  const type = TYPES[format];
  return type === null ? null : { type, pattern: SHEETS_NUMBER_FORMATS[format] };
}

/** A block of cells to format: 1-based first row and column, `rows` tall, one format per column. */
export interface FormatBlock {
  sheetId: number;
  row: number;
  column: number;
  rows: number;
  formats: readonly (SheetNumberFormat | null)[];
}

/**
 * `repeatCell` requests that set the block's number formats: adjacent columns of one format share
 * one request; columns without a format get none (their cells keep theirs).
 */
export function numberFormatRequests(block: FormatBlock): sheets_v4.Schema$Request[] {
  if (block.rows <= 0) return [];
  const requests: sheets_v4.Schema$Request[] = [];
  let start = 0;
  for (let i = 1; i <= block.formats.length; i++) {
    const format = block.formats[start];
    if (i < block.formats.length && sameFormat(block.formats[i], format)) continue;
    if (format !== null && format !== undefined) {
      requests.push({
        repeatCell: {
          range: {
            sheetId: block.sheetId,
            startRowIndex: block.row - 1,
            endRowIndex: block.row - 1 + block.rows,
            startColumnIndex: block.column - 1 + start,
            endColumnIndex: block.column - 1 + i,
          },
          cell: { userEnteredFormat: { numberFormat: format } },
          fields: 'userEnteredFormat.numberFormat',
        },
      });
    }
    start = i;
  }
  return requests;
}

function sameFormat(
  a: SheetNumberFormat | null | undefined,
  b: SheetNumberFormat | null | undefined,
): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a === b;
  return a.type === b.type && a.pattern === b.pattern;
}

/** The serial number of `millis` on the wall clock of `timeZone`: what a date-time cell holds. */
export function serialOfInstant(millis: number, timeZone: string): number {
  return wallAsUtc(wallParts(millis, timeZone)) / DAY_MS + SERIAL_OF_UNIX_EPOCH;
}

/** The serial number of a day written `YYYY-MM-DD`; null for any other text. */
export function serialOfDay(text: string): number | null {
  const match = DAY_TEXT.exec(text);
  if (match === null) return null;
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(utc) ? null : utc / DAY_MS + SERIAL_OF_UNIX_EPOCH;
}

/** A snapshot's date cell as the Sheets API answers it: a serial, or `YYYY-MM-DD` text as runs before issue 25 wrote it. */
export function serialOfCell(cell: unknown): number | null {
  if (typeof cell === 'number') return cell;
  return typeof cell === 'string' ? serialOfDay(cell.trim()) : null;
}

/**
 * A row's cell as a RAW write takes it, by its column's kind: a date column's `YYYY-MM-DD`
 * becomes the day's serial number (a RAW text stays text, and a date format would not read it),
 * as the add-on's setValues turns it into a date. Anything else is written as it is.
 */
export function rawCellOf(cell: Cell, format: ColumnFormat | undefined): Cell {
  if (format !== 'date' || typeof cell !== 'string') return cell;
  return serialOfDay(cell) ?? cell;
}
