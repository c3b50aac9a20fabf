import {
  columnLetters,
  columnNumber,
  formatA1,
  parseA1,
  splitSheetName,
} from '../../../../../worker/playground/apps-script/spreadsheet/a1-range-reader';

describe('A1 notation', () => {
  it('reads cells, rectangles, whole columns, whole rows and open-ended columns', () => {
    expect(parseA1('C5', 1000, 26)).toMatchObject({ row: 5, column: 3, numRows: 1, numColumns: 1 });
    expect(parseA1('B2:D10', 1000, 26)).toMatchObject({ row: 2, column: 2, numRows: 9, numColumns: 3 });
    expect(parseA1('A:A', 1000, 26)).toMatchObject({
      row: 1,
      column: 1,
      numRows: 1000,
      numColumns: 1,
      openRows: true,
    });
    expect(parseA1('A2:B', 500, 26)).toMatchObject({ row: 2, numRows: 499, numColumns: 2 });
    expect(parseA1('2:4', 1000, 26)).toMatchObject({
      row: 2,
      column: 1,
      numRows: 3,
      numColumns: 26,
      openColumns: true,
    });
    expect(parseA1('$b$2:$a$1', 1000, 26)).toMatchObject({ row: 1, column: 1, numRows: 2, numColumns: 2 });
  });

  it('refuses what names no range', () => {
    for (const bad of ['', 'A', '5', 'A0', 'A1:B2:C3', 'A1-B2', ':', 'A:1']) {
      expect(() => parseA1(bad, 1000, 26)).toThrow('Range not found');
    }
  });

  it('writes the notation back as it was asked for', () => {
    for (const a1 of ['C5', 'B2:D10', 'A:A', 'A2:B', '2:4', 'AA10:AB11']) {
      expect(formatA1(parseA1(a1, 1000, 30))).toBe(a1);
    }
  });

  it('converts column letters both ways', () => {
    expect([1, 26, 27, 52, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
    expect(['A', 'z', 'AA', 'AZ', 'AAA'].map(columnNumber)).toEqual([1, 26, 27, 52, 703]);
  });

  it('splits a sheet name off, quoted or not', () => {
    expect(splitSheetName("'My ''big'' tab'!A1")).toEqual({ sheetName: "My 'big' tab", cells: 'A1' });
    expect(splitSheetName('Sheet1!B:B')).toEqual({ sheetName: 'Sheet1', cells: 'B:B' });
    expect(splitSheetName('B:B')).toEqual({ sheetName: null, cells: 'B:B' });
  });
});
