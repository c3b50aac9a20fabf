/** A1 notation without a spreadsheet: column letters, cell ranges and sheet-qualified references. */

/** 1 -> A, 27 -> AA. */
export function columnLetter(column: number): string {
  let rest = Math.floor(column);
  if (rest < 1) throw new RangeError(`A column number starts at 1, got ${column}`);
  let letters = '';
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    letters = String.fromCharCode(65 + digit) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
}

/** A -> 1, aa -> 27; null when the text is not a column name (at most ZZZ, as Sheets allows). */
export function columnNumber(letters: string): number | null {
  const text = letters.trim().toUpperCase();
  if (!/^[A-Z]{1,3}$/.test(text)) return null;
  let number = 0;
  for (let i = 0; i < text.length; i++) number = number * 26 + (text.charCodeAt(i) - 64);
  return number;
}

/** `C2:K200`, or `C2` for a single cell. */
export function rangeA1(row: number, column: number, numRows = 1, numColumns = 1): string {
  const start = `${columnLetter(column)}${row}`;
  if (numRows <= 1 && numColumns <= 1) return start;
  return `${start}:${columnLetter(column + Math.max(numColumns, 1) - 1)}${row + Math.max(numRows, 1) - 1}`;
}

/** `'My tab'!C2:K200`: names other than plain words are quoted, quotes doubled. */
export function sheetA1(sheetName: string, a1: string): string {
  const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(sheetName) ? sheetName : `'${sheetName.replace(/'/g, "''")}'`;
  return `${name}!${a1}`;
}
