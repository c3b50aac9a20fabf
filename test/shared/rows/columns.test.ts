import {
  dateCell,
  dateFromMillis,
  dateFromSeconds,
  MAX_CELL_CHARS,
  numberCell,
  textCell,
} from '../../../shared/rows/cell-values';
import { blankRow, COLUMN_FORMATS, errorRow, SHEETS_NUMBER_FORMATS } from '../../../shared/rows/columns';

describe('row conventions', () => {
  it('puts the error message in the first column and leaves the rest empty', () => {
    expect(errorRow('Unknown handle "@foo" on instagram', 4)).toEqual([
      'Unknown handle "@foo" on instagram',
      null,
      null,
      null,
    ]);
    expect(errorRow('x', 0)).toEqual(['x']);
  });

  it('makes blank rows of the asked width', () => {
    expect(blankRow(3)).toEqual([null, null, null]);
  });

  it('has a Sheets number format for every format hint', () => {
    for (const format of COLUMN_FORMATS) expect(typeof SHEETS_NUMBER_FORMATS[format]).toBe('string');
    expect(SHEETS_NUMBER_FORMATS.percent).toBe('0.00%');
    expect(SHEETS_NUMBER_FORMATS.integer).toBe('#,##0');
  });
});

describe('cell values', () => {
  it('cuts text to what a cell holds', () => {
    const cell = textCell('x'.repeat(MAX_CELL_CHARS + 10));
    expect(cell).toHaveLength(MAX_CELL_CHARS);
    expect(textCell('')).toBeNull();
  });

  it.each([
    [12, 12],
    ['12', 12],
    [' 3.5 ', 3.5],
    [Number.NaN, null],
    [Infinity, null],
    ['12 likes', null],
    [null, null],
  ])('numberCell(%j) -> %j', (value, expected) => {
    expect(numberCell(value)).toBe(expected);
  });

  it('writes dates as YYYY-MM-DD in UTC', () => {
    expect(dateFromSeconds(1714550000)).toBe('2024-05-01');
    expect(dateFromMillis(Date.UTC(2024, 0, 31, 23, 59, 59))).toBe('2024-01-31');
    expect(dateCell('2024-05-01T07:00:00.000Z')).toBe('2024-05-01');
    expect(dateCell('2024-05-01')).toBe('2024-05-01');
    expect(dateCell('May 1st')).toBeNull();
    expect(dateFromMillis(1e20)).toBeNull();
    expect(dateFromMillis(-1)).toBeNull();
  });
});
