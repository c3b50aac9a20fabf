import { runSheetSchedule } from '../../../../addon/server/schedules/sheet-schedule-run';
import { HISTORY_HEADER, HISTORY_TAB } from '../../../../shared/worker-api/schedule-runs/schedule-history';
import { useSheetRunWorld, type SheetRunWorld } from './sheet-run-world';

/**
 * Issue 26 on the add-on's runner, as the worker's runner does it: a wide table's stamp on its
 * summary tab, and the history tab's 1,000 newest lines.
 */

const world = useSheetRunWorld();
let w: SheetRunWorld;

beforeEach(() => {
  w = world();
});

const STAMP = /^Last refreshed \d{4}-\d\d-\d\d \d\d:\d\d \(Europe\/Berlin\)$/;

describe("the add-on runner's stamp", () => {
  it('stays right of a narrow table, and goes to A1 of the summary tab for one past column J', () => {
    w.fillInputs(2);
    runSheetSchedule(w.schedule({ mode: 'replace' }), Date.now() + 60_000);
    // Handle and Followers in A:B, the stamp in C1; no summary tab for a table without a chart.
    expect(w.tab('Growth')[0]).toEqual(['Handle', 'Followers', expect.stringMatching(STAMP)]);
    expect(w.env.fakes.spreadsheet.sheet('Growth (Creator Sheets)')).toBeNull();

    const wide = w.schedule({ mode: 'replace', output: { sheetName: 'Wide', row: 1, column: 9 } });
    w.env.fakes.spreadsheet.insertSheet('Wide');
    runSheetSchedule(wide, Date.now() + 60_000);
    const wideTab = w.env.fakes.spreadsheet.requireSheet('Wide');
    expect(wideTab.getRange(1, 9, 1, 3).getValues()[0]).toEqual(['Handle', 'Followers', '']);
    const summary = w.env.fakes.spreadsheet.requireSheet('Wide (Creator Sheets)');
    expect(summary.getIndex()).toBe(wideTab.getIndex() + 1);
    expect(summary.getRange('A1').getValue()).toMatch(STAMP);
  });
});

describe("the add-on runner's history tab", () => {
  it('keeps the 1,000 newest lines: the oldest goes when a run adds one', () => {
    const tab = w.env.fakes.spreadsheet.insertSheet(HISTORY_TAB);
    const old = Array.from({ length: 1000 }, (_, i) => [
      `2026-01-01 09:00`,
      'Daily creators',
      'ana@team.com',
      i,
      0,
      'ok',
      `old line ${i + 1}`,
    ]);
    tab.insertRowsAfter(tab.getMaxRows(), 1);
    tab.getRange(1, 1, 1, HISTORY_HEADER.length).setValues([[...HISTORY_HEADER]]);
    tab.getRange(2, 1, old.length, HISTORY_HEADER.length).setValues(old);
    w.fillInputs(2);
    runSheetSchedule(w.schedule({ mode: 'replace' }), Date.now() + 60_000);

    const lines = w.tab(HISTORY_TAB);
    expect(lines).toHaveLength(1001);
    expect(lines[0]).toEqual([...HISTORY_HEADER]);
    expect(lines[1][6]).toBe('old line 2');
    expect(lines[999][6]).toBe('old line 1000');
    expect(lines[1000].slice(1, 7)).toEqual([
      'Daily creators',
      'ana@team.com',
      2,
      2,
      'ok',
      'Refreshed 2 rows.',
    ]);
  });
});
