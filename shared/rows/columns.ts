/**
 * What every row mapping shares: the cell type a sheet accepts, the column description (stable id,
 * human label, format hint) and the conventions for header, blank and error rows.
 *
 * Cells are what `Range.setValues` and a custom function's return value accept: no `Date` objects
 * (dates travel as 'YYYY-MM-DD' text with the `date` hint) and `null` for an empty cell, so "no data"
 * never reads as a zero.
 */

export type Cell = string | number | boolean | null;
export type Row = Cell[];

/**
 * How the add-on formats a column. `percent` columns hold fractions (0.0346 shows as 3.46%),
 * `integer` columns counts shown with thousands separators, `boolean` true/false cells.
 */
export const COLUMN_FORMATS = ['percent', 'integer', 'decimal', 'date', 'url', 'text', 'boolean'] as const;
export type ColumnFormat = (typeof COLUMN_FORMATS)[number];

/**
 * Sheets number format patterns for each hint. Text and URL columns get plain-text format so that
 * a caption starting with "=" or "+" is stored as text and never evaluated as a formula.
 */
export const SHEETS_NUMBER_FORMATS: Readonly<Record<ColumnFormat, string>> = {
  percent: '0.00%',
  integer: '#,##0',
  decimal: '#,##0.00',
  date: 'yyyy-mm-dd',
  url: '@',
  text: '@',
  boolean: 'General',
};

export interface Column {
  /** Stable machine id (snake_case); selections and saved jobs refer to columns by it. */
  readonly id: string;
  /** What the header row shows. */
  readonly label: string;
  readonly format: ColumnFormat;
}

/** The empty cell. */
export const EMPTY: Cell = null;

export function column(id: string, label: string, format: ColumnFormat): Column {
  return { id, label, format };
}

export function headerRow(columns: readonly Column[]): Row {
  return columns.map((col) => col.label);
}

export function columnIds(columns: readonly Column[]): string[] {
  return columns.map((col) => col.id);
}

export function columnFormats(columns: readonly Column[]): ColumnFormat[] {
  return columns.map((col) => col.format);
}

export function blankRow(width: number): Row {
  const row: Row = [];
  for (let i = 0; i < width; i++) row.push(EMPTY);
  return row;
}

/**
 * The row of an input that failed (unknown handle, invalid input, API error): the message in the
 * first column and the rest empty, so the sheet keeps one row per input and the reason sits where
 * the eye starts reading.
 */
export function errorRow(message: string, width: number): Row {
  const row = blankRow(Math.max(width, 1));
  row[0] = message;
  return row;
}

export interface RowOptions {
  /** Put the header row (labels) first. Default false: formulas and later pages append data only. */
  readonly withHeader?: boolean;
  /**
   * The spreadsheet's time zone (IANA name): date cells are days on its calendar. Default UTC, the
   * days older add-ons, which send no zone, always got.
   */
  readonly timeZone?: string;
}

/** Prepends the header row when asked. */
export function withOptionalHeader(columns: readonly Column[], rows: Row[], options?: RowOptions): Row[] {
  return options?.withHeader ? [headerRow(columns), ...rows] : rows;
}
