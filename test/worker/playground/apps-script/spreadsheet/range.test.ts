import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';

function oneSheet() {
  const fakes = createAppsScriptFakes();
  return { fakes, sheet: fakes.spreadsheet.requireSheet('Sheet1') };
}

describe('FakeRange', () => {
  it('writes and reads back a block, with empty cells as "" and never null', () => {
    const { sheet } = oneSheet();
    sheet.getRange('B2:C3').setValues([
      ['@nasa', 1200],
      [null, true],
    ]);
    expect(sheet.getRange('A1:C3').getValues()).toEqual([
      ['', '', ''],
      ['', '@nasa', 1200],
      ['', '', true],
    ]);
    expect(sheet.getRange(2, 3).getValue()).toBe(1200);
  });

  it('refuses data of another size with Sheets message', () => {
    const { sheet, fakes } = oneSheet();
    const range = sheet.getRange('A1:B3');
    expect(() => range.setValues([['a', 'b']])).toThrow(
      'The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 3.',
    );
    expect(() => range.setValues([['a'], ['b'], ['c']])).toThrow(
      'The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2.',
    );
    expect(() => range.setValues('abc' as unknown as unknown[][])).toThrow(
      "The parameters (String) don't match the method signature for SpreadsheetApp.Range.setValues.",
    );
    expect(range.isBlank()).toBe(true);
    expect(fakes.spreadsheetApp.writes.records).toEqual([]);
  });

  it('logs each write with its size, so tests can count setValues calls per block', () => {
    const { sheet, fakes } = oneSheet();
    sheet.getRange(2, 1, 3, 2).setValues([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    sheet.getRange('D1').setValue('x');
    expect(fakes.spreadsheetApp.writes.records).toEqual([
      { call: 'Range.setValues', sheet: 'Sheet1', a1: 'A2:B4', rows: 3, columns: 2, cells: 6 },
      { call: 'Range.setValue', sheet: 'Sheet1', a1: 'D1', rows: 1, columns: 1, cells: 1 },
    ]);
    expect(fakes.spreadsheetApp.writes.count('Range.setValues')).toBe(1);
  });

  it('knows where it is', () => {
    const { sheet } = oneSheet();
    const range = sheet.getRange('B2:D10');
    expect([
      range.getA1Notation(),
      range.getRow(),
      range.getColumn(),
      range.getNumRows(),
      range.getNumColumns(),
    ]).toEqual(['B2:D10', 2, 2, 9, 3]);
    expect([range.getLastRow(), range.getLastColumn()]).toEqual([10, 4]);
    expect(sheet.getRange('A:A').getA1Notation()).toBe('A:A');
    expect(range.offset(1, 2).getA1Notation()).toBe('D3:F11');
    expect(range.offset(0, 0, 1, 1).getA1Notation()).toBe('B2');
    expect(() => range.offset(-5, 0)).toThrow('The starting row of the range is too small.');
  });

  it('shows values in their number formats', () => {
    const { sheet } = oneSheet();
    const range = sheet.getRange('A1:B1');
    range.setValues([[0.0456, 1234567]]);
    range.setNumberFormats([['0.00%', '#,##0']]);
    expect(range.getDisplayValues()).toEqual([['4.56%', '1,234,567']]);
    expect(range.getNumberFormats()).toEqual([['0.00%', '#,##0']]);
    expect(range.getValues()).toEqual([[0.0456, 1234567]]);
    sheet.getRange('C1:C2').setNumberFormat('0.0');
    expect(sheet.getRange('C1:C2').getNumberFormats()).toEqual([['0.0'], ['0.0']]);
    expect(() => range.setNumberFormats([['0.0']])).toThrow('The data has 1 but the range has 2');
  });

  it('keeps text formatted as "@" as typed, and reads other text as Sheets does', () => {
    const { sheet } = oneSheet();
    sheet.getRange('A1').setNumberFormat('@');
    sheet.getRange('A1:B1').setValues([['00123', '00123']]);
    expect(sheet.getRange('A1:B1').getValues()).toEqual([['00123', 123]]);
  });

  it('keeps formulas as text, and a string starting with = is a formula', () => {
    const { sheet } = oneSheet();
    sheet.getRange('A1').setFormula('=INFLUENCER_REPORT(B2:B3)');
    sheet.getRange('A2:A3').setValues([['=1+1'], ['plain']]);
    expect(sheet.getRange('A1:A3').getFormulas()).toEqual([['=INFLUENCER_REPORT(B2:B3)'], ['=1+1'], ['']]);
    expect(sheet.getRange('A1:A3').getValues()).toEqual([[''], [''], ['plain']]);
  });

  it('clears contents but keeps formats, and tells blank from not', () => {
    const { sheet } = oneSheet();
    const range = sheet.getRange('A1:B2');
    range.setValues([
      [1, 2],
      [3, 4],
    ]);
    range.setNumberFormat('0.0').setFontWeight('bold');
    expect(range.isBlank()).toBe(false);
    range.clearContent();
    expect(range.isBlank()).toBe(true);
    expect(range.getNumberFormats()).toEqual([
      ['0.0', '0.0'],
      ['0.0', '0.0'],
    ]);
    expect(range.getFontWeights()[0]).toEqual(['bold', 'bold']);
  });

  it('gives dates back as dates, as copies', () => {
    const { sheet } = oneSheet();
    const when = new Date(Date.UTC(2024, 0, 2));
    sheet.getRange('A1').setValue(when);
    const read = sheet.getRange('A1').getValue() as Date;
    expect(read).toEqual(when);
    read.setUTCFullYear(1999);
    expect(sheet.getRange('A1').getValue()).toEqual(when);
  });

  it('is read-only in a custom function', () => {
    const { sheet, fakes } = oneSheet();
    sheet.getRange('A1').setValue('x');
    fakes.runtime.run('custom-function', () => {
      expect(sheet.getRange('A1').getValues()).toEqual([['x']]);
      expect(() => sheet.getRange('A1').setValues([['y']])).toThrow(
        'You do not have permission to call Range.setValues',
      );
      expect(() => sheet.getRange('A1').setNumberFormat('0')).toThrow('Range.setNumberFormat');
      expect(() => sheet.getRange('A1').clearContent()).toThrow('Range.clearContent');
    });
    expect(sheet.getRange('A1').getValue()).toBe('x');
  });
});
