/** `A`, `Z`, `AA`...: a 1-based column number in A1 notation. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * `'Tab name'!B5:K104`: a block of `rows` by `columns` cells from (row, column), 1-based. The tab's
 * title is always quoted (a quote in it doubled), so titles like `2024` or `A1` stay titles.
 */
export function a1Range(
  sheetName: string,
  row: number,
  column: number,
  rows: number,
  columns: number,
): string {
  const from = `${columnLetters(column)}${row}`;
  const to = `${columnLetters(column + columns - 1)}${row + rows - 1}`;
  return `${quoted(sheetName)}!${from}:${to}`;
}

/** `'Tab'!C2:C`: one column from `row` to the tab's end. */
export function openColumnRange(sheetName: string, row: number, column: number): string {
  const letters = columnLetters(column);
  return `${quoted(sheetName)}!${letters}${row}:${letters}`;
}

/** `'Tab'!B5:K`: columns from `row` to the tab's end. */
export function openRowsRange(sheetName: string, row: number, column: number, columns: number): string {
  return `${quoted(sheetName)}!${columnLetters(column)}${row}:${columnLetters(column + columns - 1)}`;
}

function quoted(sheetName: string): string {
  return `'${sheetName.replaceAll("'", "''")}'`;
}
