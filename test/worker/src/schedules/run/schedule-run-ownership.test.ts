import type { ScheduleRequest } from '../../../../../shared/worker-api/schedules';
import type { FakeSheet } from '../../../../../worker/playground/apps-script/spreadsheet/sheet';
import { runSchedule, type ScheduleToRun } from '../../../../../worker/src/schedules/run/schedule-run';
import { HISTORY_TAB } from '../../../../../worker/src/schedules/run/schedule-run-history';
import {
  claimOutput,
  claimSummaryTab,
  plannedHeader,
  plannedLayout,
} from '../../../../../worker/src/schedules/run/schedule-run-ownership';
import { ScheduleRefused } from '../../../../../worker/src/schedules/run/schedule-run-fetch';
import type { ScheduleTab } from '../../../../../worker/src/schedules/run/schedule-run-sheet';
import { scheduleAnswer } from '../../../../../worker/src/store/rows/schedule-rows';
import { callsOf } from '../../worker-fixture';
import { scheduleToRun, SCHEDULE_OWNER } from './schedule-run-fixture';
import {
  SHEET_ID,
  startDeliveryWorld,
  type DeliveryWorld,
} from '../../jobs/delivery/server-delivery-fixture';

/**
 * Owned output (issue 22): a schedule writes only into cells it wrote before, empty cells, or a
 * tab the worker made; anything else stops the run, before anything is fetched or charged, with a
 * sentence naming the cells.
 */

jest.setTimeout(120_000);

const TAB: ScheduleTab = { sheetId: 7, title: 'Report', index: 0, rows: 1000, columns: 26, charts: [] };
const replace = scheduleToRun('Report', { fields: ['handle', 'followers'] });

describe('claimOutput', () => {
  it('lets an empty place through, and the rectangle the last run wrote', () => {
    expect(claimOutput(replace, TAB, null, []).width).toBe(3);
    const owned = { sheetId: 7, row: 1, column: 3, rows: 4, columns: 3 };
    const table = [
      ['Handle', 'Followers', 'Last refreshed x'],
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ];
    expect(claimOutput(replace, TAB, owned, table).existing).toBe(table);
  });

  it('refuses, before anything is fetched, cells it did not write, naming where they are', () => {
    const payroll = [['Name', 'Salary'], ['Ann', 81000], ['Ben', 64000], [], ['', 'Total']];
    expect(() => claimOutput(replace, TAB, null, payroll)).toThrow(
      new ScheduleRefused(
        "'Report'!C1:D5 holds 7 cells this schedule did not write (C1, D1, C2, and 4 more): clear or move them, or point the schedule at an empty place or a new tab. Nothing was fetched or charged.",
      ),
    );
  });

  it('refuses a cell below its own table, and one on a tab of the same name that is not the one it wrote', () => {
    const owned = { sheetId: 7, row: 1, column: 3, rows: 2, columns: 3 };
    const below = [['Handle', 'Followers', 'Last refreshed x'], ['a', 1], [], ['note']];
    expect(() => claimOutput(replace, TAB, owned, below)).toThrow(/'Report'!C4:C4 holds 1 cell .*\(C4\)/);
    const table = [
      ['Handle', 'Followers', 'Last refreshed x'],
      ['a', 1],
    ];
    const recreated = { ...TAB, sheetId: 8 };
    // What it owns is on the tab it wrote, by id: the same name on another tab is not its.
    expect(() => claimOutput(replace, recreated, owned, table)).toThrow(ScheduleRefused);
    // A table written before the rule (nothing on record) is recognised by its own header.
    expect(claimOutput(replace, recreated, null, table).existing).toBe(table);
    expect(() => claimOutput(replace, recreated, null, [['Name'], ['Ann']])).toThrow(ScheduleRefused);
  });

  it("claims a narrow table's stamp beside it and no chart block, a wide table's columns only, and the input column of a merge of reports", () => {
    const snapshot = { ...replace, mode: 'append-snapshot' as const };
    expect(plannedHeader(snapshot)).toEqual([
      'Date',
      'Handle',
      'Followers',
      'Followers gained',
      'Followers change',
    ]);
    // C to G and the stamp in H: the chart floats below the stamp, its data on the summary tab.
    expect(plannedLayout(snapshot)).toMatchObject({
      wide: false,
      band: 6,
      stamp: { summary: false, row: 1, column: 8 },
      summaryTab: 'Report (Creator Sheets)',
      chart: { anchor: { summary: false, row: 2, column: 8 } },
    });
    expect(plannedHeader({ ...replace, mode: 'merge' })).toEqual(['Input', 'Handle', 'Followers']);
    expect(plannedLayout(replace)).toMatchObject({ wide: false, band: 3, summaryTab: null, chart: null });
    // Every default column from C: past J, so stamp and chart go on the summary tab.
    const wide = { ...snapshot, fields: undefined };
    const columns = plannedHeader(wide).length;
    expect(plannedLayout(wide)).toMatchObject({
      wide: true,
      band: columns,
      stamp: { summary: true, row: 1, column: 1 },
      chart: { anchor: { summary: true, row: 3, column: 1 } },
    });
  });

  it('writes on a summary tab only the worker made', () => {
    const snapshot = { ...replace, mode: 'append-snapshot' as const };
    const summary = { ...TAB, sheetId: 9, title: 'Report (Creator Sheets)' };
    expect(claimSummaryTab(snapshot, [TAB, summary], new Set([9]))).toEqual({
      title: 'Report (Creator Sheets)',
      sheetId: 9,
      tab: summary,
    });
    const made = claimSummaryTab(snapshot, [TAB], new Set());
    expect(made).toMatchObject({ title: 'Report (Creator Sheets)', tab: null });
    expect(made?.sheetId).not.toBe(TAB.sheetId);
    expect(() => claimSummaryTab(snapshot, [TAB, summary], new Set())).toThrow(
      new ScheduleRefused(
        `A tab named "Report (Creator Sheets)" that Creator Sheets did not make is in the way of this schedule's "Last refreshed" stamp and chart: rename it, and the next run makes its own. Nothing was fetched or charged.`,
      ),
    );
    expect(claimSummaryTab(replace, [TAB, summary], new Set())).toBeNull();
  });
});

describe('a run into a place that holds cells it did not write', () => {
  let env: DeliveryWorld;
  beforeAll(async () => {
    env = await startDeliveryWorld({ env: { LOG_LEVEL: 'warn' } });
    await env.world.deps.store.formulaAllowances.set(SHEET_ID, null, SCHEDULE_OWNER);
  });
  afterAll(async () => {
    await env.close();
  });

  const tab = (name: string): FakeSheet =>
    env.fakes.spreadsheet.getSheetByName(name) ?? env.fakes.spreadsheet.insertSheet(name);

  /** A schedule stored as the routes store one, so its runs record what they own. */
  async function stored(name: string, over: Partial<ScheduleRequest> = {}): Promise<ScheduleToRun> {
    const request: ScheduleRequest = {
      name,
      kind: 'reports',
      input: { sheetName: name, row: 2, column: 1 },
      platform: 'instagram',
      fields: ['handle', 'followers'],
      output: { sheetName: name, row: 1, column: 3 },
      mode: 'replace',
      cadence: { every: 'day', hour: 9 },
      timeZone: 'Europe/Berlin',
      ...over,
    };
    const record = await env.world.deps.store.schedules.create(SHEET_ID, request, SCHEDULE_OWNER, Date.now());
    return { ...scheduleAnswer(record), billTo: { email: SCHEDULE_OWNER, documentId: SHEET_ID } };
  }

  it('writes nothing, fetches nothing and charges nothing, and says which cells to free', async () => {
    const sheet = tab('Payroll');
    sheet.getRange(2, 1, 3, 1).setValues(env.world.handles(3, 'instagram', 60).map((handle) => [handle]));
    sheet.getRange(1, 3, 3, 2).setValues([
      ['Name', 'Salary'],
      ['Ann', 81000],
      ['Ben', 64000],
    ]);
    const before = sheet.getDataRange().getValues();
    const schedule = await stored('Payroll');
    await env.world.resetStats();

    const result = await runSchedule(env.world.deps, schedule, 0);

    expect(result.run).toMatchObject({ outcome: 'failed', rows: 0, credits: 0 });
    expect(result.run.message).toBe(
      "'Payroll'!C1:D3 holds 6 cells this schedule did not write (C1, D1, C2, and 3 more): clear or move them, or point the schedule at an empty place or a new tab. Nothing was fetched or charged.",
    );
    expect(sheet.getDataRange().getValues()).toEqual(before);
    expect(callsOf(await env.world.stats(), 'report')).toBe(0);
    expect(await env.world.deps.store.sheetOwnership.extentOf(schedule.id)).toBeNull();

    // Freed, the place takes the table, and the schedule now owns what it wrote.
    sheet.getRange(1, 3, 3, 2).clearContent();
    const freed = await runSchedule(env.world.deps, schedule, 0);
    expect(freed.run).toMatchObject({ outcome: 'ok', rows: 3 });
    expect(await env.world.deps.store.sheetOwnership.extentOf(schedule.id)).toEqual({
      sheetId: sheet.getSheetId(),
      row: 1,
      column: 3,
      rows: 4,
      columns: 3,
    });
  });

  it('rewrites its own table, edits in it included, and stops at a note typed below it', async () => {
    const sheet = tab('Own');
    sheet.getRange(2, 1, 2, 1).setValues(env.world.handles(2, 'instagram', 70).map((handle) => [handle]));
    const schedule = await stored('Own');
    expect((await runSchedule(env.world.deps, schedule, 0)).run.outcome).toBe('ok');
    // Someone overtypes a follower count: the table is the schedule's, the next run rewrites it.
    sheet.getRange(2, 4).setValue('typed over');
    expect((await runSchedule(env.world.deps, schedule, 2)).run.outcome).toBe('ok');
    expect(sheet.getRange(2, 4).getValue()).not.toBe('typed over');
    // A note below the table, in its columns, is not the schedule's: the run stops and keeps it.
    sheet.getRange(6, 3).setValue('my note');
    const stopped = await runSchedule(env.world.deps, schedule, 2);
    expect(stopped.run).toMatchObject({ outcome: 'failed', credits: 0 });
    expect(stopped.run.message).toMatch(/^'Own'!C6:C6 holds 1 cell this schedule did not write \(C6\)/);
    expect(sheet.getRange(6, 3).getValue()).toBe('my note');
  });

  it("moves an older version's stamp, chart block and chart beside the table, blanking the cells it no longer writes", async () => {
    const sheet = tab('Legacy');
    const handles = env.world.handles(2, 'instagram', 110);
    sheet.getRange(2, 1, 2, 1).setValues(handles.map((handle) => [handle]));
    const schedule = await stored('Legacy', { mode: 'append-snapshot', timeZone: 'UTC' });
    // What a run before issue 25 left: its table (text dates), the stamp right of the header, the
    // chart block after an empty column (H..R), its chart far right, and the rectangle it owned.
    sheet.getRange(1, 3, 3, 4).setValues([
      ['Date', 'Handle', 'Followers', 'Last refreshed 2026-11-20 09:00 (UTC)'],
      ['2026-11-20', handles[0], 1000, ''],
      ['2026-11-20', handles[1], 2000, ''],
    ]);
    sheet.getRange(1, 8, 2, 3).setValues([
      ['Date (Followers)', handles[1], handles[0]],
      ['2026-11-20', 2000, 1000],
    ]);
    await env.world.deps.store.sheetOwnership.setExtent(schedule.id, {
      sheetId: sheet.getSheetId(),
      row: 1,
      column: 3,
      rows: 3,
      columns: 16,
    });
    const access = env.world.deps.sheetAccess;
    if (access === null) throw new Error('the delivery world has a service account');
    const { sheets } = await access.api();
    await sheets.spreadsheets.batchUpdate({
      spreadsheetId: SHEET_ID,
      requestBody: {
        requests: [
          {
            addChart: {
              chart: {
                spec: {
                  title: 'Followers over time',
                  altText: `Followers of 2 creators [creator-sheets:${schedule.id}]`,
                },
                position: {
                  overlayPosition: {
                    anchorCell: { sheetId: sheet.getSheetId(), rowIndex: 0, columnIndex: 20 },
                  },
                },
              },
            },
          },
        ],
      },
    });

    const result = await runSchedule(env.world.deps, schedule, 2);
    expect(result.run).toMatchObject({ outcome: 'ok', rows: 2 });
    // The table gains its change columns (C..G), the stamp moves beside it (H1), H2:R3 are blank.
    expect(sheet.getRange(1, 3, 1, 5).getValues()[0]).toEqual([
      'Date',
      'Handle',
      'Followers',
      'Followers gained',
      'Followers change',
    ]);
    expect(String(sheet.getRange(1, 8).getValue())).toMatch(/^Last refreshed /);
    expect(
      sheet
        .getRange(2, 8, 2, 11)
        .getValues()
        .flat()
        .every((cell) => cell === ''),
    ).toBe(true);
    expect(
      sheet
        .getRange(1, 9, 1, 10)
        .getValues()[0]
        .every((cell) => cell === ''),
    ).toBe(true);
    // Each new row compares with the creator's row of the older run.
    const newRows = sheet.getRange(4, 3, 2, 5).getValues();
    const older = new Map([
      [handles[0].toLowerCase(), 1000],
      [handles[1].toLowerCase(), 2000],
    ]);
    for (const row of newRows) {
      const before = older.get(String(row[1]).toLowerCase()) ?? NaN;
      expect(row[3]).toBe((row[2] as number) - before);
    }
    // The same chart, now below the stamp, drawing its block on the summary tab.
    const summary = env.fakes.spreadsheet.requireSheet('Legacy (Creator Sheets)');
    const charts = env.emulator
      .charts(SHEET_ID)
      .filter((chart) => String(chart.spec.altText).includes(schedule.id));
    expect(charts).toHaveLength(1);
    expect(charts[0].position).toMatchObject({
      overlayPosition: { anchorCell: { sheetId: sheet.getSheetId(), rowIndex: 1, columnIndex: 7 } },
    });
    expect(JSON.stringify(charts[0].spec)).toContain(`"sheetId":${summary.getSheetId()}`);
    expect(await env.world.deps.store.sheetOwnership.extentOf(schedule.id)).toEqual({
      sheetId: sheet.getSheetId(),
      row: 1,
      column: 3,
      rows: 5,
      columns: 6,
    });
  });

  it("reads its place only as far as the tab's grid reaches (Google refuses past it)", async () => {
    // Every report column, a snapshot's date, stamp and chart block: far wider than 26 columns.
    const sheet = tab('Narrow');
    sheet.getRange(2, 1).setValue(env.world.handles(1, 'instagram', 90)[0]);
    const snapshot = await stored('Narrow', {
      mode: 'append-snapshot',
      fields: undefined,
      output: { sheetName: 'Narrow', row: 1, column: 2 },
    });
    expect(sheet.getMaxColumns()).toBe(26);
    const result = await runSchedule(env.world.deps, snapshot, 0);
    expect(result.run).toMatchObject({ outcome: 'ok', rows: 1 });
    expect(sheet.getRange(1, 2).getValue()).toBe('Date');
  });

  it('writes no history line into a tab of that name it did not make, and says so', async () => {
    const history = env.fakes.spreadsheet.getSheetByName(HISTORY_TAB);
    // The runs above made the history tab: the worker owns that one. Replace it with someone's own.
    if (history !== null) env.fakes.spreadsheet.deleteSheet(history);
    const theirs = env.fakes.spreadsheet.insertSheet(HISTORY_TAB);
    theirs.getRange(1, 1, 2, 2).setValues([
      ['My log', 'of things'],
      ['keep', 'this'],
    ]);
    const sheet = tab('Logged');
    sheet.getRange(2, 1).setValue(env.world.handles(1, 'instagram', 80)[0]);
    const result = await runSchedule(env.world.deps, await stored('Logged'), 0);
    expect(result.run.outcome).toBe('ok');
    expect(result.run.message).toContain(
      `No history line was written: a tab named "${HISTORY_TAB}" that Creator Sheets did not make is in the way`,
    );
    expect(theirs.getDataRange().getValues()).toEqual([
      ['My log', 'of things'],
      ['keep', 'this'],
    ]);
  });
});
