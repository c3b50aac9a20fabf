import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';

describe("the fake spreadsheet's time zone", () => {
  it('is Europe/Berlin unless the test picks another, and is not the script zone', () => {
    const fakes = createAppsScriptFakes();
    expect(fakes.spreadsheet.getSpreadsheetTimeZone()).toBe('Europe/Berlin');
    expect(fakes.session.getScriptTimeZone()).toBe('Etc/UTC');
    const west = createAppsScriptFakes({ spreadsheet: { timeZone: 'America/Los_Angeles' } });
    expect(west.spreadsheet.getSpreadsheetTimeZone()).toBe('America/Los_Angeles');
  });

  it('refuses a zone that does not exist', () => {
    expect(() => createAppsScriptFakes({ spreadsheet: { timeZone: 'Mars/Olympus' } })).toThrow(
      'Invalid argument: timeZone Mars/Olympus',
    );
  });

  it('makes a typed date midnight of that day in the zone, and shows it as typed', () => {
    const { spreadsheet } = createAppsScriptFakes();
    const cell = spreadsheet.getRange('A1').setNumberFormat('yyyy-mm-dd').setValue('2026-11-25');
    expect((cell.getValue() as Date).toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(cell.getDisplayValue()).toBe('2026-11-25');
  });

  it('keeps a written Date as that instant and shows it on the zone wall clock', () => {
    const { spreadsheet } = createAppsScriptFakes({ spreadsheet: { timeZone: 'America/Los_Angeles' } });
    const written = new Date('2026-11-25T05:30:00Z');
    const cell = spreadsheet.getRange('A1').setNumberFormat('yyyy-mm-dd hh:mm').setValue(written);
    expect((cell.getValue() as Date).getTime()).toBe(written.getTime());
    expect(cell.getDisplayValue()).toBe('2026-11-24 21:30');
  });

  it('follows a daylight-saving change: summer midnight in Berlin is 22:00 UTC', () => {
    const { spreadsheet } = createAppsScriptFakes();
    const cell = spreadsheet.getRange('A1').setValue('2026-07-01');
    expect((cell.getValue() as Date).toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });
});
