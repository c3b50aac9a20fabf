import { findAddonFormulas, refreshAddonFormulas } from '../../../addon/server/formula-refresh';
import { refreshFormulas } from '../../../addon/server/worker-menu-actions';
import { installServerGlobals, type ServerGlobals } from './server-globals';

let env: ServerGlobals;
/** How often each formula text was evaluated. */
let evaluations: Map<string, number>;

beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Creators', 'Notes'] } });
  evaluations = new Map();
  env.fakes.spreadsheetApp.formulaEvaluator = (formula) => {
    evaluations.set(formula, (evaluations.get(formula) ?? 0) + 1);
    return 'value';
  };
  const creators = env.fakes.spreadsheet.requireSheet('Creators');
  creators.getRange('B2').setFormula('=INFLUENCER_REPORT(A2:A20, "instagram")');
  creators.getRange('K2').setFormula('=sum(B2:B9)');
  env.fakes.spreadsheet.requireSheet('Notes').getRange('C5').setFormula('=email_search (A5:A9, FALSE)');
  evaluations.clear();
});
afterEach(() => env.restore());

describe('findAddonFormulas', () => {
  it("finds the add-on's functions in any case, and nothing else", () => {
    expect(
      findAddonFormulas([
        ['', '=AUDIENCE_OVERLAP(A1:A3)', '=SUM(A1)'],
        ['=Influencer_Report(A2)', '="EMAIL_SEARCH"', 'INFLUENCER_REPORT'],
      ]),
    ).toEqual([
      { row: 0, column: 1, formula: '=AUDIENCE_OVERLAP(A1:A3)' },
      { row: 1, column: 0, formula: '=Influencer_Report(A2)' },
    ]);
  });
});

describe('refreshAddonFormulas', () => {
  it("recalculates each of the add-on's formulas once, in every tab, and leaves the others alone", () => {
    expect(refreshAddonFormulas()).toBe(2);
    expect(Object.fromEntries(evaluations)).toEqual({
      '=INFLUENCER_REPORT(A2:A20, "instagram")': 1,
      '=email_search (A5:A9, FALSE)': 1,
    });
    const creators = env.fakes.spreadsheet.requireSheet('Creators');
    expect(creators.getRange('B2').getFormula()).toBe('=INFLUENCER_REPORT(A2:A20, "instagram")');
    expect(creators.getRange('K2').getFormula()).toBe('=sum(B2:B9)');
  });

  it('tells the user from the menu how many formulas it refreshed', () => {
    refreshFormulas();
    expect(env.fakes.spreadsheet.toasts.map((toast) => toast.message)).toEqual([
      'Recalculating 2 Creator Sheets formulas.',
    ]);
  });
});
