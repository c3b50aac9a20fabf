import { columnLetter, columnNumber, rangeA1, sheetA1 } from '../../../../addon/server/sheet/a1-notation';

describe('A1 notation', () => {
  it('converts column numbers and letters both ways', () => {
    for (const [number, letters] of [
      [1, 'A'],
      [26, 'Z'],
      [27, 'AA'],
      [52, 'AZ'],
      [703, 'AAA'],
    ] as const) {
      expect(columnLetter(number)).toBe(letters);
      expect(columnNumber(letters.toLowerCase())).toBe(number);
    }
    expect(columnNumber('A1')).toBeNull();
    expect(columnNumber('')).toBeNull();
    expect(() => columnLetter(0)).toThrow(RangeError);
  });

  it('names ranges and quotes sheet names that need it', () => {
    expect(rangeA1(2, 3, 199, 9)).toBe('C2:K200');
    expect(rangeA1(5, 1)).toBe('A5');
    expect(sheetA1('Sheet1', 'A1')).toBe('Sheet1!A1');
    expect(sheetA1("Ana's creators", 'B2')).toBe("'Ana''s creators'!B2");
  });
});
