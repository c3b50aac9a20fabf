import type { BatchTarget } from './batch-update-requests';
import { invalidArgument } from './google-errors';
import { object, oneOf, text, whole, type Fields } from './request-fields';

/**
 * `repeatCell` (https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets/request#RepeatCellRequest)
 * for what the emulator models of a cell's format: its number format. The fakes keep a cell's
 * number format as its pattern, so what the API sets is what `Range.getNumberFormats` reads and
 * the page shows. Any other field of the mask is refused by name, as an unmodelled request is; a
 * range past the grid is refused as Google refuses it.
 */

const NUMBER_FORMAT_TYPES = [
  'TEXT',
  'NUMBER',
  'PERCENT',
  'CURRENCY',
  'DATE',
  'TIME',
  'DATE_TIME',
  'SCIENTIFIC',
] as const;

/** The pattern Google picks for a type sent without one (en-US locale). */
const DEFAULT_PATTERNS: Readonly<Record<(typeof NUMBER_FORMAT_TYPES)[number], string>> = {
  TEXT: '@',
  NUMBER: '#,##0.00',
  PERCENT: '0.00%',
  CURRENCY: '"$"#,##0.00',
  DATE: 'yyyy-mm-dd',
  TIME: 'hh:mm:ss',
  DATE_TIME: 'yyyy-mm-dd hh:mm:ss',
  SCIENTIFIC: '0.00E+00',
};

const MODELLED_FIELDS = ['userEnteredFormat.numberFormat'];

export function repeatCell(target: BatchTarget, request: Fields): Fields {
  const range = object(request.range, 'range');
  const sheetId = whole(range.sheetId ?? 0, 'range.sheetId', 0);
  const sheet = target.spreadsheet.sheetById(sheetId);
  if (sheet === null) throw invalidArgument(`No grid with id: ${sheetId}`);
  const fields = text(request.fields ?? '', 'fields')
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '');
  if (fields.length === 0) throw invalidArgument('At least one field must be specified in fields.');
  const unknown = fields.filter((field) => !MODELLED_FIELDS.includes(field));
  if (unknown.length > 0)
    throw invalidArgument(`the Sheets API emulator does not model setting ${unknown.join(', ')}`);
  const format = object(
    object(object(request.cell, 'cell').userEnteredFormat, 'userEnteredFormat').numberFormat,
    'numberFormat',
  );
  const type = oneOf(format.type, 'numberFormat.type', NUMBER_FORMAT_TYPES);
  const pattern =
    format.pattern === undefined ? DEFAULT_PATTERNS[type] : text(format.pattern, 'numberFormat.pattern');

  const { rows, columns } = sheet.size;
  const top = whole(range.startRowIndex ?? 0, 'range.startRowIndex', 0);
  const bottom = whole(range.endRowIndex ?? rows, 'range.endRowIndex', top);
  const left = whole(range.startColumnIndex ?? 0, 'range.startColumnIndex', 0);
  const right = whole(range.endColumnIndex ?? columns, 'range.endColumnIndex', left);
  if (bottom > rows || right > columns) {
    throw invalidArgument(`Range exceeds grid limits. Max rows: ${rows}, max columns: ${columns}`);
  }
  for (let row = top + 1; row <= bottom; row++) {
    for (let column = left + 1; column <= right; column++) sheet.update(row, column, { format: pattern });
  }
  return {};
}
