import {
  formulaRefreshText,
  reconnectedFormulasText,
} from '../../../addon/bridge-contract/formula-refresh-text';

const BROKEN = { where: 'Formulas!C5', reason: 'Range not found.' };

describe('formulaRefreshText', () => {
  it('says how many formulas it refreshed, or that there are none', () => {
    expect(formulaRefreshText({ refreshed: 0, skipped: [] })).toBe(
      'No Creator Sheets formulas in this spreadsheet.',
    );
    expect(formulaRefreshText({ refreshed: 1, skipped: [] })).toBe('Refreshed 1 Creator Sheets formula.');
    expect(formulaRefreshText({ refreshed: 1400, skipped: [] })).toBe(
      'Refreshed 1,400 Creator Sheets formulas.',
    );
  });

  it('names each skipped cell with its reason, and counts those past the third', () => {
    expect(formulaRefreshText({ refreshed: 14, skipped: [BROKEN] })).toBe(
      'Refreshed 14 Creator Sheets formulas; skipped Formulas!C5 (Range not found).',
    );
    const five = ['C5', 'C9', 'D2', 'E1', 'F7'].map((cell) => ({
      where: `Notes!${cell}`,
      reason: 'Range not found',
    }));
    expect(formulaRefreshText({ refreshed: 0, skipped: five })).toBe(
      'Refreshed 0 Creator Sheets formulas; skipped Notes!C5 (Range not found), Notes!C9 (Range not found), ' +
        'Notes!D2 (Range not found) and 2 more.',
    );
  });
});

describe('reconnectedFormulasText', () => {
  it('says nothing when Connect had no formulas to refresh', () => {
    expect(reconnectedFormulasText(null)).toBe('');
    expect(reconnectedFormulasText({ refreshed: 0, skipped: [] })).toBe('');
  });

  it('says which formulas Connect refreshed, and which it could not', () => {
    expect(reconnectedFormulasText({ refreshed: 1, skipped: [] })).toBe(
      'Refreshed the formula that said “Not connected”.',
    );
    expect(reconnectedFormulasText({ refreshed: 3, skipped: [] })).toBe(
      'Refreshed the 3 formulas that said “Not connected”.',
    );
    expect(reconnectedFormulasText({ refreshed: 2, skipped: [BROKEN] })).toBe(
      'Refreshed 2 of the 3 formulas that said “Not connected”; skipped Formulas!C5 (Range not found).',
    );
  });
});
