import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';

describe('FakeSpreadsheetApp and FakeSpreadsheet', () => {
  it('holds several tabs, found by name, with the first active', () => {
    const { spreadsheetApp } = createAppsScriptFakes({ spreadsheet: { sheets: ['Emails', 'Creators'] } });
    const spreadsheet = spreadsheetApp.getActiveSpreadsheet();
    expect(spreadsheet.getSheets().map((s) => s.getName())).toEqual(['Emails', 'Creators']);
    expect(spreadsheet.getSheetByName('Creators')?.getIndex()).toBe(2);
    expect(spreadsheet.getSheetByName('Missing')).toBeNull();
    expect(spreadsheetApp.getActiveSheet().getName()).toBe('Emails');
    expect(spreadsheet.getId()).toMatch(/^1\w+/);
  });

  it('inserts a tab, makes it active, and refuses a name already taken', () => {
    const { spreadsheet } = createAppsScriptFakes();
    const added = spreadsheet.insertSheet('Results');
    expect(spreadsheet.getActiveSheet()).toBe(added);
    expect(() => spreadsheet.insertSheet('results')).toThrow(
      'A sheet with the name "results" already exists. Please enter another name.',
    );
    expect(spreadsheet.insertSheet().getName()).toBe('Sheet3');
    expect(spreadsheet.getSheets().map((s) => s.getName())).toEqual(['Sheet1', 'Results', 'Sheet3']);
    spreadsheet.setActiveSheet(spreadsheet.requireSheet('Sheet1'));
    expect(spreadsheet.getActiveSheet().getName()).toBe('Sheet1');
  });

  it('gives the selection the test made, and A1 when there is none', () => {
    const fakes = createAppsScriptFakes({ spreadsheet: { sheets: ['Sheet1', 'Leads'] } });
    expect(fakes.spreadsheetApp.getActiveRange().getA1Notation()).toBe('A1');
    fakes.spreadsheetApp.select('Leads!B2:B200');
    const range = fakes.spreadsheetApp.getActiveRange();
    expect([range.getSheet().getName(), range.getA1Notation()]).toEqual(['Leads', 'B2:B200']);
    expect(fakes.spreadsheet.getActiveSheet().getName()).toBe('Leads');
    expect(fakes.spreadsheet.getRange("'Leads'!C3").getA1Notation()).toBe('C3');
  });

  it('records toasts, and refuses them and new tabs to a custom function', () => {
    const fakes = createAppsScriptFakes();
    fakes.spreadsheet.toast('Done', 'Creator Sheets');
    expect(fakes.spreadsheet.toasts).toEqual([
      { message: 'Done', title: 'Creator Sheets', timeoutSeconds: 5 },
    ]);
    fakes.runtime.run('custom-function', () => {
      const spreadsheet = fakes.spreadsheetApp.getActiveSpreadsheet();
      expect(spreadsheet.getSheets()).toHaveLength(1);
      expect(() => spreadsheet.toast('x')).toThrow('Spreadsheet.toast');
      expect(() => spreadsheet.insertSheet('New')).toThrow('Spreadsheet.insertSheet');
      expect(() => fakes.spreadsheetApp.openById(spreadsheet.getId())).toThrow('SpreadsheetApp.openById');
    });
  });

  it('is out of reach of onOpen in AuthMode.NONE, except its UI', () => {
    const fakes = createAppsScriptFakes();
    fakes.runtime.run('auth-none', () => {
      expect(() => fakes.spreadsheetApp.getActiveSpreadsheet()).toThrow(
        'You do not have permission to call SpreadsheetApp.getActiveSpreadsheet',
      );
      expect(fakes.spreadsheetApp.getUi()).toBe(fakes.ui);
    });
  });

  it('refuses to delete the last tab', () => {
    const { spreadsheet } = createAppsScriptFakes();
    expect(() => spreadsheet.deleteSheet(spreadsheet.requireSheet('Sheet1'))).toThrow(
      "You can't remove all the sheets in a document.",
    );
  });
});
