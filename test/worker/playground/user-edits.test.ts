import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../../worker/playground/apps-script/create-fakes';
import { clearArea, MAX_PASTE_ROWS, typeValues } from '../../../worker/playground/user-edits';

/** Typing and pasting into the playground's grid, over the fakes with a stand-in formula engine. */

let fakes: AppsScriptFakes;
let evaluated: string[];

beforeEach(() => {
  fakes = createAppsScriptFakes({ spreadsheet: { sheets: ['Leads', 'Notes'] } });
  evaluated = [];
  // SUM of the referenced column, enough to see which formulas run again.
  fakes.spreadsheetApp.formulaEvaluator = (formula, cell) => {
    evaluated.push(`${cell.sheetName}!${cell.a1()}`);
    const match = /\(([^)]*)\)/.exec(formula);
    const values =
      match === null
        ? []
        : fakes.spreadsheet
            .rangeOf(match[1].includes('!') ? match[1] : `${cell.sheetName}!${match[1]}`)
            .peekValues();
    return values.flat().reduce<number>((sum, value) => sum + (typeof value === 'number' ? value : 0), 0);
  };
});
afterEach(() => fakes.dispose());

const sheet = (name: string) => fakes.spreadsheet.requireSheet(name);
const value = (name: string, row: number, column: number) => sheet(name).cell(row, column).value;

describe('typeValues', () => {
  it('reads text as typed: numbers, formulas, plain text', () => {
    typeValues(fakes.spreadsheet, sheet('Leads'), 1, 1, [['12', 'ana@team.com', '=SUM(A1:A3)']]);
    expect([value('Leads', 1, 1), value('Leads', 1, 2), value('Leads', 1, 3)]).toEqual([
      12,
      'ana@team.com',
      12,
    ]);
  });

  it('grows the tab to take a paste longer or wider than it, as Sheets does', () => {
    const lines = Array.from({ length: 2500 }, (_, i) => [`row ${i + 1}`]);
    typeValues(
      fakes.spreadsheet,
      sheet('Leads'),
      1,
      25,
      lines.map((line) => [...line, 'x', 'y']),
    );
    expect(sheet('Leads').size).toEqual({ rows: 2500, columns: 27 });
    expect(value('Leads', 2500, 25)).toBe('row 2500');
    expect(value('Leads', 2500, 27)).toBe('y');
  });

  it('refuses a paste past the limit, and a position off the grid', () => {
    const tooMany = Array.from({ length: MAX_PASTE_ROWS + 1 }, () => ['x']);
    expect(() => typeValues(fakes.spreadsheet, sheet('Leads'), 1, 1, tooMany)).toThrow(
      `A paste holds at most ${MAX_PASTE_ROWS} rows, got ${MAX_PASTE_ROWS + 1}`,
    );
    expect(() => typeValues(fakes.spreadsheet, sheet('Leads'), 0, 1, [['x']])).toThrow('row 0');
  });

  it('runs again the formulas that read the typed cells, on any tab, and only those', () => {
    typeValues(fakes.spreadsheet, sheet('Leads'), 1, 1, [['1'], ['2']]);
    typeValues(fakes.spreadsheet, sheet('Leads'), 1, 3, [['=SUM(A1:A2)'], ['=SUM(B1:B2)']]);
    typeValues(fakes.spreadsheet, sheet('Notes'), 1, 1, [['=SUM(Leads!A:A)']]);
    evaluated = [];

    typeValues(fakes.spreadsheet, sheet('Leads'), 2, 1, [['40']]);

    expect(evaluated.sort()).toEqual(['Leads!C1', 'Notes!A1']);
    expect(value('Leads', 1, 3)).toBe(41);
    expect(value('Notes', 1, 1)).toBe(41);
  });
});

describe('clearArea', () => {
  it('empties what the cells hold, a whole column included, and reruns the formulas reading them', () => {
    typeValues(fakes.spreadsheet, sheet('Leads'), 1, 1, [['5'], ['6']]);
    typeValues(fakes.spreadsheet, sheet('Leads'), 1, 2, [['=SUM(A1:A2)']]);

    clearArea(fakes.spreadsheet, sheet('Leads'), { sheet: 'Leads', top: 1, left: 1, bottom: 1000, right: 1 });

    expect([value('Leads', 1, 1), value('Leads', 2, 1)]).toEqual(['', '']);
    expect(value('Leads', 1, 2)).toBe(0);
  });
});
