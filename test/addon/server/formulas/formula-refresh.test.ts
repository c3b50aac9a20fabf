import {
  findAddonFormulas,
  refreshAddonFormulas,
  saysNotConnected,
} from '../../../../addon/server/formulas/formula-refresh';
import { refreshFormulas } from '../../../../addon/server/worker-menu-actions';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;
/** How often each formula text was evaluated. */
let evaluations: Map<string, number>;

beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Creators', 'Notes'] } });
  evaluations = new Map();
  env.fakes.spreadsheetApp.formulaEvaluator = (formula) => {
    evaluations.set(formula, (evaluations.get(formula) ?? 0) + 1);
    // A formula this Sheets cannot take (";" where its locale separates with ",").
    if (formula.includes(';')) throw new Error('Formula parse error.');
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
    expect(refreshAddonFormulas()).toEqual({ refreshed: 2, skipped: [] });
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
      'Refreshed 2 Creator Sheets formulas.',
    ]);
  });

  it('skips a formula it cannot set again, refreshes every other one, and names the cell and why', () => {
    const notes = env.fakes.spreadsheet.requireSheet('Notes');
    // Typed before: the cell keeps the formula it could not take.
    expect(() => notes.getRange('A2').setFormula('=EMAIL_SEARCH(A2:A3; TRUE)')).toThrow(
      'Formula parse error.',
    );
    notes.getRange('E9').setFormula('=AUDIENCE_OVERLAP(A1:A3, "instagram")');
    evaluations.clear();

    expect(refreshAddonFormulas()).toEqual({
      refreshed: 3,
      skipped: [{ where: 'Notes!A2', reason: 'Formula parse error.' }],
    });
    // Every other formula ran again, those after the broken one on its tab too.
    expect(evaluations.get('=email_search (A5:A9, FALSE)')).toBe(1);
    expect(evaluations.get('=AUDIENCE_OVERLAP(A1:A3, "instagram")')).toBe(1);
    expect(notes.getRange('A2').getFormula()).toBe('=EMAIL_SEARCH(A2:A3; TRUE)');

    refreshFormulas();
    expect(env.fakes.spreadsheet.toasts.at(-1)).toEqual({
      message: 'Refreshed 3 Creator Sheets formulas; skipped Notes!A2 (Formula parse error).',
      title: 'Creator Sheets',
      timeoutSeconds: 15,
    });
  });

  it('leaves a formula that names a missing tab alone, in Sheets’ words, without setting it again', () => {
    const creators = env.fakes.spreadsheet.requireSheet('Creators');
    creators.getRange('D4').setFormula("=EMAIL_SEARCH('Old leads'!A2:A3)");
    creators.getRange('D5').setFormula('=EMAIL_SEARCH(notes!A2:A3)');
    evaluations.clear();

    expect(refreshAddonFormulas()).toEqual({
      // Tab names compare without case: notes! is the Notes tab.
      refreshed: 3,
      skipped: [{ where: 'Creators!D4', reason: "Unresolved sheet name 'Old leads'" }],
    });
    expect(evaluations.has("=EMAIL_SEARCH('Old leads'!A2:A3)")).toBe(false);
    expect(creators.getRange('D4').getFormula()).toBe("=EMAIL_SEARCH('Old leads'!A2:A3)");
  });

  it('refreshes only the formulas that say "Not connected" when asked to (after Connect)', () => {
    const creators = env.fakes.spreadsheet.requireSheet('Creators');
    env.fakes.spreadsheetApp.formulaEvaluator = (formula) => {
      evaluations.set(formula, (evaluations.get(formula) ?? 0) + 1);
      return formula.startsWith('=INFLUENCER')
        ? 'Not connected: open Extensions > Creator Sheets > Settings.'
        : 'a@x.com';
    };
    env.fakes.spreadsheetApp.recalculate();
    evaluations.clear();

    expect(refreshAddonFormulas({ showing: saysNotConnected })).toEqual({ refreshed: 1, skipped: [] });
    expect(Object.fromEntries(evaluations)).toEqual({ '=INFLUENCER_REPORT(A2:A20, "instagram")': 1 });
    expect(creators.getRange('B2').getFormula()).toBe('=INFLUENCER_REPORT(A2:A20, "instagram")');
  });
});
