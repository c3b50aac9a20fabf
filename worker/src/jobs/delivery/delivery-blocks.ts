/** A cell as the Sheets API takes it with valueInputOption RAW. */
export type SheetCell = string | number | boolean;

/**
 * How big one write may be. Google recommends payloads of at most 2 MB and answers 400 past
 * 10,000,000 cells in a spreadsheet; a block of tens of thousands of cells is seconds of work for
 * Google and keeps the number of write requests (60 per minute) low.
 */
export interface BlockLimits {
  maxCells: number;
  /** The JSON body's size, in bytes of UTF-8. */
  maxBytes: number;
}

export const DEFAULT_BLOCK_LIMITS: Readonly<BlockLimits> = { maxCells: 40_000, maxBytes: 2_000_000 };

/** Room in a body for what is not a cell: the range, the option names, brackets. */
const BODY_OVERHEAD_BYTES = 1_024;

/**
 * A job's stored row as cells: null, undefined and anything not a plain value become '' (null in
 * a write means "leave the cell alone", and the worker owns every cell of its block).
 */
export function toSheetRow(row: unknown, width: number): SheetCell[] {
  const cells = Array.isArray(row) ? row : [];
  const out: SheetCell[] = [];
  for (let i = 0; i < width; i++) {
    const cell: unknown = cells[i];
    out.push(
      typeof cell === 'string' ||
        typeof cell === 'boolean' ||
        (typeof cell === 'number' && Number.isFinite(cell))
        ? cell
        : '',
    );
  }
  return out;
}

/** The widest of the rows (at least 1). */
export function widthOf(rows: readonly unknown[]): number {
  let width = 1;
  for (const row of rows) if (Array.isArray(row)) width = Math.max(width, row.length);
  return width;
}

/**
 * How many of `rows` (each `width` cells) go in the next block: at least one, then as many as
 * the cell and byte limits allow.
 */
export function blockLength(rows: readonly SheetCell[][], width: number, limits: BlockLimits): number {
  const byCells = Math.max(1, Math.floor(limits.maxCells / width));
  let bytes = BODY_OVERHEAD_BYTES;
  let count = 0;
  for (const row of rows) {
    if (count >= byCells) break;
    const size = Buffer.byteLength(JSON.stringify(row), 'utf8') + 1;
    if (count > 0 && bytes + size > limits.maxBytes) break;
    bytes += size;
    count += 1;
  }
  return count;
}

/**
 * Whether a cell already in the sheet may be written over: empty, or holding what this block
 * writes there (the worker's own, from a run cut short after Google took the block and before
 * the store counted it). Google answers numbers as numbers with UNFORMATTED_VALUE.
 */
export function isOwnOrEmpty(existing: unknown, written: SheetCell): boolean {
  if (existing === undefined || existing === null || existing === '') return true;
  if (existing === written) return true;
  return String(existing) === String(written);
}
