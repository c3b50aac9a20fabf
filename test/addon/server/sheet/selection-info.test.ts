import { readSelectionInfo } from '../../../../addon/server/sheet/selection-info';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Leads'] } });
  const sheet = env.fakes.spreadsheet.requireSheet('Leads');
  sheet.getRange('B1:B8').setValues([['Email'], ...Array.from({ length: 7 }, (_, i) => [`c${i}@x.com`])]);
});
afterEach(() => env.restore());

describe('readSelectionInfo', () => {
  it('describes the selected rows that hold data, with a preview and the header detected', () => {
    env.fakes.spreadsheetApp.select('Leads!B:B');
    expect(readSelectionInfo()).toEqual({
      sheetName: 'Leads',
      a1: 'B:B',
      rows: 8,
      columns: 1,
      headerDetected: true,
      preview: ['Email', 'c0@x.com', 'c1@x.com', 'c2@x.com', 'c3@x.com'],
    });
  });

  it('sees no header when the selection starts in the data', () => {
    env.fakes.spreadsheetApp.select('Leads!B3:C5');
    expect(readSelectionInfo()).toMatchObject({ a1: 'B3:C5', rows: 3, columns: 2, headerDetected: false });
  });

  it('takes a name starting a selection in the middle of a column as data, not as a header (issue 15)', () => {
    const sheet = env.fakes.spreadsheet.requireSheet('Leads');
    sheet
      .getRange('C1:C9')
      .setValues([
        ['Name'],
        ['Ana Lima'],
        ['Kai Berg'],
        ['Mia Roth'],
        ['Jonas Schneider'],
        ['Ola Nord'],
        ['Eva Stern'],
        ['Tom Wald'],
        ['Uwe Berg'],
      ]);
    env.fakes.spreadsheetApp.select('Leads!C5:C9');
    expect(readSelectionInfo()).toMatchObject({ a1: 'C5:C9', rows: 5, headerDetected: false });
    env.fakes.spreadsheetApp.select('Leads!C1:C9');
    expect(readSelectionInfo()).toMatchObject({ headerDetected: true });
  });
});

describe('readSelectionInfo in a Berlin sheet', () => {
  it('previews a date cell as the day the sheet shows, not its UTC day', () => {
    const sheet = env.fakes.spreadsheet.requireSheet('Leads');
    sheet.getRange('D1:D2').setValues([['Joined'], ['2026-11-25']]);
    env.fakes.spreadsheetApp.select('Leads!D1:D2');
    expect(env.fakes.spreadsheet.timeZone).toBe('Europe/Berlin');
    expect(readSelectionInfo()?.preview).toEqual(['Joined', '2026-11-25']);
  });
});
