import { readColumnSource } from '../../../../addon/server/sheet/column-source';
import {
  keepSelectionAsInput,
  readSectionInput,
  SECTION_INPUT_PREFIX,
} from '../../../../addon/server/sheet/section-inputs';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

/**
 * The input remembered (issue 25): after writing into "Leads enriched" (which the job makes the
 * active tab), the next Check must still read Leads, not that tab's A1.
 */

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals();
  const leads = env.fakes.spreadsheet.insertSheet('Leads');
  leads.getRange('A1:A4').setValues([['E-mail'], ['a@x.com'], ['b@x.com'], ['c@x.com']]);
  env.fakes.spreadsheet.insertSheet('Leads enriched').getRange('A1').setValue('Outcome');
});
afterEach(() => env.restore());

describe('a section’s kept input', () => {
  it('keeps the selection per document and section, and reads it whatever tab is active', () => {
    env.fakes.spreadsheetApp.select('Leads!A1:A4');
    expect(keepSelectionAsInput('enrich')).toMatchObject({ sheetName: 'Leads', a1: 'A1:A4', rows: 4 });
    expect(env.fakes.propertiesService.document.getProperty(`${SECTION_INPUT_PREFIX}enrich`)).toBe(
      '{"sheetName":"Leads","a1":"A1:A4"}',
    );

    env.fakes.spreadsheetApp.select('Leads enriched!A1');

    expect(readSectionInput('enrich')).toMatchObject({
      sheetName: 'Leads',
      a1: 'A1:A4',
      headerDetected: true,
    });
    expect(readSectionInput('reports')).toBeNull();
    const input = readColumnSource({ kind: 'range', sheetName: 'Leads', a1: 'A1:A4' }, 'emails');
    expect(input).toMatchObject({ values: ['a@x.com', 'b@x.com', 'c@x.com'], label: 'Leads!A2:A4' });
  });

  it('forgets a range whose tab is gone, and says so when a run still names it', () => {
    env.fakes.spreadsheetApp.select('Leads!A1:A4');
    keepSelectionAsInput('reports');
    env.fakes.spreadsheet.deleteSheet(env.fakes.spreadsheet.requireSheet('Leads'));

    expect(readSectionInput('reports')).toBeNull();
    expect(() => readColumnSource({ kind: 'range', sheetName: 'Leads', a1: 'A1:A4' }, 'handles')).toThrow(
      'There is no tab named "Leads" in this spreadsheet.',
    );
    expect(() => keepSelectionAsInput('nowhere' as 'enrich')).toThrow('There is no section "nowhere"');
  });
});
