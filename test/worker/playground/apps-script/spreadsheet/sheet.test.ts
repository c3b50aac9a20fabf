import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';
import {
  NEW_SHEET_COLUMNS,
  NEW_SHEET_ROWS,
} from '../../../../../worker/playground/apps-script/spreadsheet/sheet';

function oneSheet() {
  const fakes = createAppsScriptFakes();
  return { fakes, sheet: fakes.spreadsheet.requireSheet('Sheet1') };
}

describe('FakeSheet', () => {
  it('starts as a 1,000 by 26 grid and refuses ranges outside it', () => {
    const { sheet } = oneSheet();
    expect([sheet.getMaxRows(), sheet.getMaxColumns()]).toEqual([NEW_SHEET_ROWS, NEW_SHEET_COLUMNS]);
    expect(sheet.getRange('A1000').getA1Notation()).toBe('A1000');
    expect(() => sheet.getRange(1001, 1)).toThrow(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
    expect(() => sheet.getRange('AA1')).toThrow('outside the dimensions');
    expect(() => sheet.getRange(0, 1)).toThrow('The starting row of the range is too small.');
    expect(() => sheet.getRange(1, 0)).toThrow('The starting column of the range is too small.');
    expect(() => sheet.getRange(1, 1, 0, 1)).toThrow('The number of rows in the range must be at least 1.');
    expect(() => sheet.getRange(1.5, 1)).toThrow('Cannot convert 1.5');
    expect(() => sheet.getRange('B2:')).toThrow('Range not found');
  });

  it('grows when asked, so 10,000 rows fit after insertRowsAfter', () => {
    const { sheet } = oneSheet();
    sheet.insertRowsAfter(sheet.getMaxRows(), 9_001);
    sheet.getRange(2, 1, 10_000, 1).setValues(Array.from({ length: 10_000 }, (_, i) => [i]));
    expect(sheet.getLastRow()).toBe(10_001);
    expect(sheet.getRange('A10001').getValue()).toBe(9_999);
  });

  it('moves data right when columns are inserted', () => {
    const { sheet } = oneSheet();
    sheet.getRange('A1:C1').setValues([['a', 'b', 'c']]);
    sheet.insertColumnsAfter(1, 2);
    expect(sheet.getRange('A1:E1').getValues()).toEqual([['a', '', '', 'b', 'c']]);
    expect(sheet.getMaxColumns()).toBe(28);
  });

  it('tracks the last row and column with content, and the data range', () => {
    const { sheet } = oneSheet();
    expect([sheet.getLastRow(), sheet.getLastColumn()]).toEqual([0, 0]);
    expect(sheet.getDataRange().getA1Notation()).toBe('A1');
    sheet.getRange('C7').setValue('x');
    sheet.getRange('E2').setNumberFormat('0.0');
    expect([sheet.getLastRow(), sheet.getLastColumn()]).toEqual([7, 3]);
    expect(sheet.getDataRange().getA1Notation()).toBe('A1:C7');
  });

  it('freezes rows and appends rows below the data', () => {
    const { sheet, fakes } = oneSheet();
    sheet.setFrozenRows(1);
    expect(sheet.getFrozenRows()).toBe(1);
    sheet.appendRow(['handle', 'followers']);
    sheet.appendRow(['@a', 10]);
    expect(sheet.getDataRange().getValues()).toEqual([
      ['handle', 'followers'],
      ['@a', 10],
    ]);
    expect(fakes.spreadsheetApp.writes.count('Sheet.appendRow')).toBe(2);
  });

  it('writes nothing and changes no layout in a custom function', () => {
    const { sheet, fakes } = oneSheet();
    fakes.runtime.run('custom-function', () => {
      expect(() => sheet.setFrozenRows(1)).toThrow('Sheet.setFrozenRows');
      expect(() => sheet.insertColumnsAfter(1, 1)).toThrow('Sheet.insertColumnsAfter');
      expect(() => sheet.appendRow(['x'])).toThrow('Sheet.appendRow');
      expect(sheet.getLastRow()).toBe(0);
    });
  });
});
