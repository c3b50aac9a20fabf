/**
 * A1 notation as Sheets reads it: "C5", "B2:D10", "A:A" (whole columns), "2:4" (whole rows),
 * "A2:A" (from row 2 down), `$` markers ignored, letters in either case, corners in either order,
 * and an optional sheet name ("Sheet1!A1", "'My tab'!B:B") for Spreadsheet.getRange.
 */

export interface GridArea {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
  /** The rows run to the end of the sheet ("A:A", "A2:A"): getA1Notation keeps saying so. */
  openRows: boolean;
  /** The columns run to the end of the sheet ("2:2"). */
  openColumns: boolean;
}

const RANGE_NOT_FOUND = 'Range not found';

export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

export function columnNumber(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n;
}

const CELL = /^([A-Z]*)(\d*)$/i;

interface Corner {
  column: number | null;
  row: number | null;
}

function corner(text: string): Corner | null {
  const match = CELL.exec(text.replace(/\$/g, ''));
  if (match === null || (match[1] === '' && match[2] === '')) return null;
  const column = match[1] === '' ? null : columnNumber(match[1]);
  const row = match[2] === '' ? null : Number(match[2]);
  if (row === 0) return null;
  return { column, row };
}

/** Splits "Sheet1!A1:B2" into the sheet name (null when absent) and the cells. */
export function splitSheetName(a1: string): { sheetName: string | null; cells: string } {
  const bang = a1.lastIndexOf('!');
  if (bang === -1) return { sheetName: null, cells: a1 };
  let sheetName = a1.slice(0, bang);
  if (sheetName.startsWith("'") && sheetName.endsWith("'") && sheetName.length >= 2) {
    sheetName = sheetName.slice(1, -1).replace(/''/g, "'");
  }
  return { sheetName, cells: a1.slice(bang + 1) };
}

/** The area an A1 string names on a sheet of that size; throws "Range not found" if it names none. */
export function parseA1(a1: string, maxRows: number, maxColumns: number): GridArea {
  const parts = a1.trim().split(':');
  if (parts.length > 2) throw new Error(RANGE_NOT_FOUND);
  const first = corner(parts[0]);
  const second = parts.length === 2 ? corner(parts[1]) : first;
  if (first === null || second === null) throw new Error(RANGE_NOT_FOUND);
  if (parts.length === 1 && (first.row === null || first.column === null)) throw new Error(RANGE_NOT_FOUND);
  // "A:A" and "A2:A" run down the sheet; "2:4" runs across it. A lone side needs both letters.
  const openRows = first.row === null || second.row === null;
  const openColumns = first.column === null || second.column === null;
  if (openRows && openColumns) throw new Error(RANGE_NOT_FOUND);
  if (openRows && (first.column === null || second.column === null)) throw new Error(RANGE_NOT_FOUND);
  if (openColumns && (first.row === null || second.row === null)) throw new Error(RANGE_NOT_FOUND);
  const rowA = first.row ?? 1;
  const rowB = second.row ?? maxRows;
  const colA = first.column ?? 1;
  const colB = second.column ?? maxColumns;
  const row = Math.min(rowA, rowB);
  const column = Math.min(colA, colB);
  return {
    row,
    column,
    numRows: Math.max(rowA, rowB) - row + 1,
    numColumns: Math.max(colA, colB) - column + 1,
    openRows,
    openColumns,
  };
}

/** getA1Notation: "C5", "B2:D10", and the open forms as they were asked for. */
export function formatA1(area: GridArea): string {
  const { row, column, numRows, numColumns } = area;
  const lastRow = row + numRows - 1;
  const lastColumn = column + numColumns - 1;
  if (area.openRows) {
    const start = row === 1 ? columnLetters(column) : `${columnLetters(column)}${row}`;
    return `${start}:${columnLetters(lastColumn)}`;
  }
  if (area.openColumns) {
    return column === 1 ? `${row}:${lastRow}` : `${columnLetters(column)}${row}:${lastRow}`;
  }
  const start = `${columnLetters(column)}${row}`;
  return numRows === 1 && numColumns === 1 ? start : `${start}:${columnLetters(lastColumn)}${lastRow}`;
}
