import { parseSheetPlace } from '../../../../addon/server/sheet/sheet-place';

describe('a cell typed as a person types it', () => {
  it('reads a tab and a cell, quoted names and the active tab', () => {
    expect(parseSheetPlace('Creators!B2', 'Sheet1', 'The input')).toEqual({
      sheetName: 'Creators',
      row: 2,
      column: 2,
    });
    expect(parseSheetPlace(" 'Weekly report'!$A$1 ", 'Sheet1', 'The output')).toEqual({
      sheetName: 'Weekly report',
      row: 1,
      column: 1,
    });
    expect(parseSheetPlace("'Bo''s tab'!c10", 'Sheet1', 'x')).toEqual({
      sheetName: "Bo's tab",
      row: 10,
      column: 3,
    });
    expect(parseSheetPlace('AA7', 'Sheet1', 'x')).toEqual({ sheetName: 'Sheet1', row: 7, column: 27 });
  });

  it('says what is wrong with anything else', () => {
    expect(() => parseSheetPlace('Creators!A', 'Sheet1', 'The input')).toThrow(
      `The input must be a cell such as Creators!A2 or 'Weekly report'!A1, got "Creators!A"`,
    );
    expect(() => parseSheetPlace('A0', 'Sheet1', 'x')).toThrow('must be a cell');
    expect(() => parseSheetPlace('!A1', 'Sheet1', 'x')).not.toThrow();
  });
});
