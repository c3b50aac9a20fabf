import { runOverlap } from '../../../../addon/server/overlap/overlap-functions';
import { readRunLines } from '../../../../addon/server/saved-work/run-history';
import type { OverlapRun } from '../../../../addon/bridge-contract/overlap-api';
import { overlapAnswer } from './overlap-answer';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

/**
 * Issue 15 for audience overlap: the table into a tab of the user's naming, replaced or added to
 * below its table, with every refusal before the paid call.
 */

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Creators'] } });
  env.connect();
  env.fakes.spreadsheet
    .requireSheet('Creators')
    .getRange('A1:A4')
    .setValues([['Handle'], ['nasa'], ['esa'], ['jaxa']]);
  env.worker.on('post', 'api/overlap', (request) => ({
    body: overlapAnswer((request.body as { handles: string[] }).handles),
  }));
});
afterEach(() => env.restore());

function typed(text: string, extra: Partial<OverlapRun>): OverlapRun {
  return {
    platform: 'instagram',
    creators: { kind: 'typed', text },
    tabName: 'Space',
    refresh: false,
    confirmedCost: true,
    expectedSource: null,
    ...extra,
  };
}

function tabNames(): string[] {
  return env.fakes.spreadsheet.getSheets().map((sheet) => sheet.getName());
}

function firstColumn(tab: string): unknown[] {
  return env.fakes.spreadsheet
    .requireSheet(tab)
    .getDataRange()
    .getValues()
    .map((row) => row[0]);
}

describe('an overlap into a named tab', () => {
  it('replaces the tab on a second run: one tab holding only the second table', () => {
    runOverlap(typed('nasa\nesa\njaxa', { tabMode: 'replace' }));
    const second = runOverlap(typed('spacex\nesa', { tabMode: 'replace' }));

    expect(tabNames()).toEqual(['Creators', 'Space']);
    expect(firstColumn('Space')).toEqual(['Handle', 'spacex', 'esa', 'Total']);
    expect(second.destination).toBe('Space!A2');
    expect(readRunLines()[1]).toMatchObject({ kind: 'overlap', tab: 'Space', mode: 'replace', credits: 1 });
  });

  it('adds a second table below the first, without a second header', () => {
    runOverlap(typed('nasa\nesa', { tabMode: 'replace' }));
    const added = runOverlap(typed('jaxa\nspacex', { tabMode: 'append' }));

    expect(tabNames()).toEqual(['Creators', 'Space']);
    expect(firstColumn('Space')).toEqual(['Handle', 'nasa', 'esa', 'Total', 'jaxa', 'spacex', 'Total']);
    expect(added.destination).toBe('Space!A5');
    expect(added.message).toMatch(/Written to Space!A5/);
  });

  it('keeps a new tab each run when no mode is given, as before', () => {
    runOverlap(typed('nasa\nesa', {}));
    runOverlap(typed('nasa\nesa', { tabMode: 'new' }));
    expect(tabNames()).toEqual(['Creators', 'Space', 'Space (2)']);
  });

  it('names the tab after the platform when the name is blank', () => {
    const outcome = runOverlap(typed('nasa\nesa', { tabName: '  ', tabMode: 'replace' }));
    expect(outcome.sheetName).toBe('Overlap (instagram)');
  });

  it('pays for nothing when the tab it would add to holds another table', () => {
    env.fakes.spreadsheet
      .insertSheet('Space')
      .getRange('A1:B1')
      .setValues([['Handle', 'E-mail']]);
    expect(() => runOverlap(typed('nasa\nesa', { tabMode: 'append' }))).toThrow(
      'The tab "Space" holds another table: its column B is "E-mail" in row 1, where this overlap writes "User id". ' +
        'Nothing was started: choose "replace", another tab, or a new tab.',
    );
    expect(env.worker.calls('api/overlap')).toEqual([]);
  });

  it('refuses to replace the tab the selected creators are read from, before paying', () => {
    env.fakes.spreadsheetApp.select('Creators!A1:A4');
    expect(() =>
      runOverlap({
        ...typed('', { tabName: 'creators', tabMode: 'replace' }),
        creators: { kind: 'selection' },
      }),
    ).toThrow(
      'The input is read from the tab "Creators": writing the results there would delete it. Choose another tab.',
    );
    expect(firstColumn('Creators')).toEqual(['Handle', 'nasa', 'esa', 'jaxa']);
    expect(env.worker.calls('api/overlap')).toEqual([]);
  });
});
