import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';
import { loadBundle } from '../../../../../worker/playground/apps-script/load-bundle';

function withScript(code: string) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'formulas-')), 'Code.js');
  writeFileSync(file, code);
  const fakes = createAppsScriptFakes();
  loadBundle(file, fakes);
  fakes.evaluateFormulas();
  return fakes;
}

describe('CustomFunctionEvaluator', () => {
  it('runs a custom function on its arguments and spills the array it returns', () => {
    const fakes = withScript(`function DOUBLE(values, label) {
      return values.map(function (row) { return [label, row[0] * 2]; });
    }`);
    const sheet = fakes.spreadsheet.requireSheet('Sheet1');
    sheet.getRange('A1:A3').setValues([[1], [2], [3]]);
    sheet.getRange('C1').setFormula('=DOUBLE(A1:A3, "x")');
    expect(sheet.getRange('C1:D3').getValues()).toEqual([
      ['x', 2],
      ['x', 4],
      ['x', 6],
    ]);
    expect(sheet.getRange('C1:D3').getFormulas()[0]).toEqual(['=DOUBLE(A1:A3, "x")', '']);
    sheet.getRange('A1').setValue(10);
    fakes.spreadsheetApp.recalculate();
    expect(sheet.getRange('D1').getValue()).toBe(20);
    expect(fakes.evaluator.runs.get('DOUBLE')).toBe(2);
  });

  it('runs it as a custom function: what it may not do shows #ERROR! with the reason kept', () => {
    const fakes = withScript(`function WRITER(cell) {
      SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange('Z1').setValue(cell);
      return 'never';
    }`);
    const sheet = fakes.spreadsheet.requireSheet('Sheet1');
    sheet.getRange('B1').setFormula('=WRITER(5)');
    sheet.getRange('B2').setFormula('=NOPE(1)');
    expect(sheet.getRange('B1:B2').getValues()).toEqual([['#ERROR!'], ['#NAME?']]);
    expect(fakes.evaluator.errors).toEqual([
      expect.objectContaining({
        cell: 'Sheet1!B1',
        shows: '#ERROR!',
        message: expect.stringContaining('Range.setValue'),
      }),
      expect.objectContaining({
        cell: 'Sheet1!B2',
        shows: '#NAME?',
        message: expect.stringMatching(/^Unknown function: 'NOPE'\./),
      }),
    ]);
  });

  it('matches function names in any case, as Sheets does, but never a private one (name_)', () => {
    const fakes = withScript('function DOUBLE(n) { return n * 2; }\nfunction helper_() { return 1; }');
    const sheet = fakes.spreadsheet.requireSheet('Sheet1');
    sheet.getRange('A1').setFormula('=double(21)');
    sheet.getRange('A2').setFormula('=Double(1)');
    sheet.getRange('A3').setFormula('=helper_()');
    expect(sheet.getRange('A1:A3').getValues()).toEqual([[42], [2], ['#NAME?']]);
    expect(fakes.evaluator.runs.get('DOUBLE')).toBe(2);
  });

  it('takes ; between arguments, array literals, and references to other tabs in any case', () => {
    const fakes = withScript(
      'function SHAPE(values, flag, list) { return [[JSON.stringify(values), flag, JSON.stringify(list)]]; }',
    );
    fakes.spreadsheet.insertSheet('Leads');
    const leads = fakes.spreadsheet.requireSheet('Leads');
    leads.getRange('A2:A3').setValues([['a@x.test'], ['b@x.test']]);
    const sheet = fakes.spreadsheet.requireSheet('Sheet1');
    sheet.getRange('B1').setFormula('=shape(leads!A2:A3; TRUE; {"x"; "y"})');
    expect(sheet.getRange('B1:D1').getValues()).toEqual([
      ['[["a@x.test"],["b@x.test"]]', true, '[["x"],["y"]]'],
    ]);
  });

  it("keeps what it cannot work out as the text typed, saying why, and never throws at the cell's writer", () => {
    const fakes = withScript('function ECHO(value) { return value; }');
    const sheet = fakes.spreadsheet.requireSheet('Sheet1');
    const formulas = [
      '=1+1',
      '=ECHO(TRIM(A1))',
      '=ECHO(Nowhere!A1)',
      '=ECHO(Emails)',
      '=ECHO("open',
      '=ECHO(A1)',
    ];
    formulas.forEach((formula, i) => sheet.getRange(i + 1, 2).setFormula(formula));
    expect(sheet.getRange('B1:B6').getValues()).toEqual([
      ['=1+1'],
      ['=ECHO(TRIM(A1))'],
      ['#REF!'],
      ['#NAME?'],
      ['#ERROR!'],
      [''],
    ]);
    // The cells still hold their formulas: a recalculation, or Sheets itself, would run them.
    expect(sheet.getRange('B1').getFormula()).toBe('=1+1');
    expect(fakes.evaluator.errors.map(({ cell, shows, message }) => [cell, shows, message])).toEqual([
      ['Sheet1!B1', '=1+1', expect.stringContaining('Google Sheets would calculate =1+1')],
      ['Sheet1!B2', '=ECHO(TRIM(A1))', expect.stringContaining('would work out TRIM(A1) first')],
      ['Sheet1!B3', '#REF!', "Unresolved sheet name 'Nowhere'."],
      ['Sheet1!B4', '#NAME?', "Unknown range name: 'EMAILS'."],
      ['Sheet1!B5', '#ERROR!', 'Formula parse error.'],
    ]);
  });

  it('shows #REF! when the result cannot spill over a non-empty cell', () => {
    const fakes = withScript('function PAIR() { return [[1], [2]]; }');
    const sheet = fakes.spreadsheet.requireSheet('Sheet1');
    sheet.getRange('A2').setValue('in the way');
    sheet.getRange('A1').setFormula('=PAIR()');
    expect(sheet.getRange('A1:A2').getValues()).toEqual([['#REF!'], ['in the way']]);
    // Sheets' hover text, naming the first cell in the way (issue 25).
    expect(fakes.evaluator.errors).toEqual([
      {
        cell: 'Sheet1!A1',
        formula: '=PAIR()',
        shows: '#REF!',
        message: 'Array result was not expanded because it would overwrite data in A2.',
      },
    ]);
  });

  it('says how many rows a spill past the tab’s last row lacks, as Sheets does', () => {
    const fakes = withScript('function FOUR() { return [[1], [2], [3], [4]]; }');
    const sheet = fakes.spreadsheet.requireSheet('Sheet1');
    sheet.getRange(`B${sheet.getMaxRows() - 1}`).setFormula('=FOUR()');
    expect(fakes.evaluator.errors.map((error) => error.message)).toEqual([
      'Result was not automatically expanded, please insert more rows (2).',
    ]);
  });

  it("gives the function its own cell as the active range, and the user's selection back after", () => {
    const fakes = withScript('function WHERE() { return SpreadsheetApp.getActiveRange().getA1Notation(); }');
    const sheet = fakes.spreadsheet.requireSheet('Sheet1');
    fakes.spreadsheetApp.select('A1:A5');
    sheet.getRange('C3').setFormula('=WHERE()');
    expect(sheet.getRange('C3').getValue()).toBe('C3');
    expect(fakes.spreadsheet.activeRange().a1()).toBe('A1:A5');
  });
});
