import {
  blockLength,
  DEFAULT_BLOCK_LIMITS,
  isOwnOrEmpty,
  toSheetRow,
  type SheetCell,
} from '../../../../../worker/src/jobs/delivery/delivery-blocks';

/** The block sizes README promises: at most 40,000 cells and about 2 MB of JSON a write. */

const rows = (count: number, width: number, cell: SheetCell = 'x'): SheetCell[][] =>
  Array.from({ length: count }, () => Array.from({ length: width }, () => cell));

describe('delivery blocks', () => {
  it('holds at most 40,000 cells', () => {
    expect(blockLength(rows(100_000, 9), 9, DEFAULT_BLOCK_LIMITS)).toBe(4_444);
    expect(blockLength(rows(100, 9), 9, DEFAULT_BLOCK_LIMITS)).toBe(100);
  });

  it('stays within about 2 MB of JSON whatever the cells hold, and always moves on by one row', () => {
    const long = 'é'.repeat(2_000); // 4,000 bytes of UTF-8 a cell
    const count = blockLength(rows(10_000, 5, long), 5, DEFAULT_BLOCK_LIMITS);
    const bytes = rows(count, 5, long).reduce(
      (sum, row) => sum + Buffer.byteLength(JSON.stringify(row)) + 1,
      0,
    );
    expect(bytes).toBeLessThanOrEqual(DEFAULT_BLOCK_LIMITS.maxBytes);
    expect(count).toBeGreaterThan(90);
    const huge = 'x'.repeat(3_000_000);
    expect(blockLength([[huge], ['y']], 1, DEFAULT_BLOCK_LIMITS)).toBe(1);
  });

  it('writes every cell it owns: null and odd values become empty text, never "leave alone"', () => {
    expect(toSheetRow(['a', null, 3, Number.NaN, true, { x: 1 }], 7)).toEqual(['a', '', 3, '', true, '', '']);
  });

  it('counts a cell as its own when it already holds what the block writes there', () => {
    expect(isOwnOrEmpty('', 'a')).toBe(true);
    expect(isOwnOrEmpty(12, 12)).toBe(true);
    expect(isOwnOrEmpty('12', 12)).toBe(true);
    expect(isOwnOrEmpty('someone else', 'a')).toBe(false);
  });
});
