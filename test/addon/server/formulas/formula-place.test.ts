import { firstRowOf, ownCall, readFormulaPlace } from '../../../../addon/server/formulas/formula-place';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

describe('firstRowOf', () => {
  it('reads the first row of a range reference, with or without a sheet and $ signs', () => {
    expect(firstRowOf('A2:A4')).toBe(2);
    expect(firstRowOf(' Leads!A2:A200 ')).toBe(2);
    expect(firstRowOf("'My leads'!$B$7:$B$9")).toBe(7);
    expect(firstRowOf('A5')).toBe(5);
    expect(firstRowOf('A2:A')).toBe(2);
    expect(firstRowOf('A9:A3')).toBe(3);
    expect(firstRowOf('A:A')).toBe(1);
    expect(firstRowOf('Creators!C:D')).toBe(1);
    expect(firstRowOf('4:9')).toBe(4);
  });

  it('answers null for what is no range: values, arrays, names, other functions', () => {
    for (const text of ['"@nasa"', '{"@a";"@b"}', 'my_handles', 'FILTER(A2:A9, B2:B9)', '12', '']) {
      expect(firstRowOf(text)).toBeNull();
    }
  });
});

describe('ownCall', () => {
  it('finds the first argument of the one call, whatever the case, spaces and separator', () => {
    expect(ownCall('=INFLUENCER_REPORT(A2:A4, "instagram")', 'INFLUENCER_REPORT')).toEqual({ inputRow: 2 });
    expect(ownCall('=email_search (Leads!A2:A3; TRUE)', 'EMAIL_SEARCH')).toEqual({ inputRow: 2 });
    expect(ownCall('=IFERROR(EMAIL_SEARCH(A:A), "")', 'EMAIL_SEARCH')).toEqual({ inputRow: 1 });
    expect(ownCall('=AUDIENCE_OVERLAP({"@a";"@b"})', 'AUDIENCE_OVERLAP')).toEqual({ inputRow: null });
  });

  it('does not guess when the function is absent, called twice, or only named inside a string', () => {
    expect(ownCall('', 'EMAIL_SEARCH')).toBeNull();
    expect(ownCall('=SUM(A1:A3)', 'EMAIL_SEARCH')).toBeNull();
    expect(ownCall('=EMAIL_SEARCH2(A2:A3)', 'EMAIL_SEARCH')).toBeNull();
    expect(ownCall('="EMAIL_SEARCH(A2:A3)"', 'EMAIL_SEARCH')).toBeNull();
    expect(ownCall('=IF(C1, EMAIL_SEARCH(A2:A3), EMAIL_SEARCH(B2:B3))', 'EMAIL_SEARCH')).toBeNull();
  });
});

describe('readFormulaPlace', () => {
  let env: ServerGlobals;
  beforeEach(() => {
    env = installServerGlobals();
  });
  afterEach(() => env.restore());

  it("reads the running formula's own cell: Sheets makes it the active range of a custom function", () => {
    env.fakes.spreadsheet.requireSheet('Sheet1').getRange('C2').setFormula('=EMAIL_SEARCH(A3:A9)');
    env.fakes.spreadsheetApp.select('Sheet1!C2');
    const place = env.fakes.runtime.run('custom-function', () => {
      const read = readFormulaPlace('EMAIL_SEARCH');
      return { formulaRow: read.formulaRow, inputRow: read.inputRow, cell: read.cell() };
    });
    expect(place).toEqual({ formulaRow: 2, inputRow: 3, cell: 'Sheet1!C2' });
  });

  it('knows nothing when the active cell holds another formula (the function was not called from it)', () => {
    env.fakes.spreadsheet.requireSheet('Sheet1').getRange('C2').setFormula('=SUM(A3:A9)');
    env.fakes.spreadsheetApp.select('Sheet1!C2');
    const place = env.fakes.runtime.run('custom-function', () => {
      const read = readFormulaPlace('EMAIL_SEARCH');
      return { formulaRow: read.formulaRow, inputRow: read.inputRow, cell: read.cell() };
    });
    expect(place).toEqual({ formulaRow: null, inputRow: null, cell: null });
  });
});
