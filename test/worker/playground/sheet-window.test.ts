import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../../worker/playground/apps-script/create-fakes';
import { MAX_WINDOW_CELLS, readWindow } from '../../../worker/playground/sheet-window';

/** A window of cells as the page draws them. */

let fakes: AppsScriptFakes;
beforeEach(() => {
  fakes = createAppsScriptFakes({ spreadsheet: { sheets: ['Leads'] } });
});
afterEach(() => fakes.dispose());

describe('readWindow', () => {
  it('gives display text, formula, number, bold and background, and null for empty cells', () => {
    const sheet = fakes.spreadsheet.requireSheet('Leads');
    sheet.getRange('A1:C1').setValues([['Name', 1234.5, true]]);
    sheet.getRange('A1').setFontWeight('bold').setBackground('#f1f3f4');
    sheet.update(2, 1, { value: 7, formula: '=DOUBLE(3.5)' });

    const window = readWindow(sheet, { row: 1, column: 1, rows: 2, columns: 3 }, 4);

    expect(window).toEqual({
      sheet: 'Leads',
      version: 4,
      row: 1,
      column: 1,
      cells: [
        [{ v: 'Name', b: true, bg: '#f1f3f4' }, { v: '1234.5', n: true }, { v: 'TRUE' }],
        [{ v: '7', f: '=DOUBLE(3.5)', n: true }, null, null],
      ],
      lastRow: 2,
      lastColumn: 3,
    });
  });

  it('cuts the window at the edge of the sheet', () => {
    const sheet = fakes.spreadsheet.requireSheet('Leads');
    const window = readWindow(sheet, { row: 990, column: 20, rows: 100, columns: 26 }, 1);
    expect(window.cells).toHaveLength(11);
    expect(window.cells[0]).toHaveLength(7);
  });

  it('refuses windows that are not whole numbers from 1, or too big', () => {
    const sheet = fakes.spreadsheet.requireSheet('Leads');
    expect(() => readWindow(sheet, { row: 0, column: 1, rows: 1, columns: 1 }, 1)).toThrow(
      'row must be a whole number from 1, got 0',
    );
    expect(() => readWindow(sheet, { row: 1, column: 1, rows: MAX_WINDOW_CELLS, columns: 2 }, 1)).toThrow(
      `A read covers at most ${MAX_WINDOW_CELLS} cells`,
    );
  });
});
