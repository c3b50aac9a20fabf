import { SHEETS_NUMBER_FORMATS, type Cell, type Column, type ColumnFormat, type Row } from './columns';

/**
 * Numbers as precise as the sidebar shows them. The sidebar writes full values and formats their
 * columns (SHEETS_NUMBER_FORMATS: 0.0415944 shows as 4.16%); a custom function cannot format its
 * cells, so its numbers are rounded to what that format shows instead (0.0416, which a percent
 * format shows as 4.16%), and stay numbers, never text.
 */

const NUMBER_FORMATS: readonly ColumnFormat[] = ['percent', 'integer', 'decimal'];

/**
 * Decimal places of the value a column's number format shows: '0.00%' shows 2 places of the
 * percentage, so 4 of the fraction; '#,##0.00' 2; '#,##0' none. Null for columns that are not
 * numbers (text, dates, URLs, booleans): their cells are left as they are.
 */
export function shownDecimals(format: ColumnFormat): number | null {
  if (NUMBER_FORMATS.indexOf(format) < 0) return null;
  const pattern = SHEETS_NUMBER_FORMATS[format];
  const places = /\.(0+)/.exec(pattern)?.[1].length ?? 0;
  return pattern.endsWith('%') ? places + 2 : places;
}

/**
 * `value` rounded as its column's format shows it: halves away from zero, read to 15 significant
 * digits as Sheets reads numbers (1.005 shows as 1.01, though its binary value is 1.00499...).
 */
export function roundAsShown(value: number, format: ColumnFormat): number {
  const decimals = shownDecimals(format);
  if (decimals === null || !Number.isFinite(value)) return value;
  const scale = 10 ** decimals;
  const scaled = Number((Math.abs(value) * scale).toPrecision(15));
  const rounded = Math.sign(value) * (Math.round(scaled) / scale);
  // -0 would show as "-0" in some formats.
  return rounded === 0 ? 0 : rounded;
}

function roundCell(cell: Cell, column: Column | undefined): Cell {
  return typeof cell === 'number' && column !== undefined ? roundAsShown(cell, column.format) : cell;
}

/**
 * Rows with every number rounded as its column shows it; text (a header row, a message in an
 * error row) is left alone, and so are cells beyond the known columns.
 */
export function roundRowsAsShown(rows: readonly Row[], columns: readonly Column[]): Row[] {
  return rows.map((row) => row.map((cell, index) => roundCell(cell, columns[index])));
}
