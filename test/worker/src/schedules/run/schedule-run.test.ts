import { calendarDay } from '../../../../../shared/time-zone';
import type { FakeSheet } from '../../../../../worker/playground/apps-script/spreadsheet/sheet';
import {
  runSchedule,
  type ScheduleRunDeps,
  type ScheduleToRun,
} from '../../../../../worker/src/schedules/run/schedule-run';
import { HISTORY_HEADER, HISTORY_TAB } from '../../../../../worker/src/schedules/run/schedule-run-history';
import { createSheetsPacer, type SheetsPacer } from '../../../../../worker/src/google/sheets-pacer';
import { skippedWaits } from '../../../../support/skipped-waits';
import { callsOf } from '../../worker-fixture';
import { scheduleToRun, SCHEDULE_OWNER } from './schedule-run-fixture';
import {
  addresses,
  SHEET_ID,
  startDeliveryWorld,
  type DeliveryWorld,
} from '../../jobs/delivery/server-delivery-fixture';

/**
 * Scheduled shared reports (issue 14, part 3): runSchedule through the whole worker (sandbox
 * upstream) and its service account, writing into the Sheets API emulator's spreadsheet, read
 * back as the Apps Script fakes see it.
 */

jest.setTimeout(120_000);

const DAY = 24 * 60 * 60 * 1000;
const OWNER = SCHEDULE_OWNER;

// The runs take their turns on the worker's pace (a call every 1.02 s per quota group), on a clock
// the emulator's quota minutes read too, whose waits pass at once: the turns are those of
// production, without the 80 s this file spent waiting for them.
const waits = skippedWaits();
let env: DeliveryWorld;
let pacer: SheetsPacer;
/** Told after each write the emulator applied, before its answer leaves. */
let afterWrite: (() => void) | null = null;
beforeAll(async () => {
  env = await startDeliveryWorld({ clock: waits.clock, onWrite: () => afterWrite?.() });
  pacer = createSheetsPacer(waits.clock, waits.sleep);
  // A document's formulas may spend 5 credits a day by default: these runs spend more.
  await env.world.deps.store.formulaAllowances.set(SHEET_ID, null, OWNER);
});
afterAll(async () => {
  await env.close();
});

function schedule(tab: string, over: Partial<ScheduleToRun> = {}): ScheduleToRun {
  return scheduleToRun(tab, { fields: ['handle', 'followers'], ...over });
}

/** The worker's deps with the file's pacer, and its clock moved on by `offsetMs` (a later run). */
function depsAt(offsetMs: number): ScheduleRunDeps {
  return { ...env.world.deps, sheetsPacer: pacer, clock: { now: () => Date.now() + offsetMs } };
}

function tab(name: string): FakeSheet {
  return env.fakes.spreadsheet.getSheetByName(name) ?? env.fakes.spreadsheet.insertSheet(name);
}

function setInput(sheet: FakeSheet, cells: string[], clearTo = 0): void {
  if (clearTo > 0) sheet.getRange(2, 1, clearTo, 1).setValues(Array.from({ length: clearTo }, () => ['']));
  sheet.getRange(2, 1, cells.length, 1).setValues(cells.map((cell) => [cell]));
}

function historyLines(): unknown[][] {
  return env.fakes.spreadsheet.requireSheet(HISTORY_TAB).getDataRange().getValues();
}

function scheduleLogs(): string {
  return env.world
    .logs()
    .split('\n')
    .filter((line) => line.includes('"component":"schedule"'))
    .join('\n');
}

const STAMP = /^Last refreshed \d{4}-\d\d-\d\d \d\d:\d\d \(Europe\/Berlin\)$/;

describe('replace', () => {
  it('writes header and rows, stamps, logs a line; the next day costs nothing; a smaller input clears leftovers', async () => {
    const { world } = env;
    const sheet = tab('Replace');
    const handles = world.handles(30, 'instagram', 40);
    setInput(sheet, handles);
    await world.resetStats();

    const first = await runSchedule(depsAt(0), schedule('Replace'), 0);
    expect(first.run).toMatchObject({ outcome: 'ok', rows: 30 });
    expect(first.rowsWritten).toBe(30);
    expect(first.run.credits).toBeGreaterThan(0);
    expect(callsOf(await world.stats(), 'report')).toBe(30);

    const header = sheet.getRange(1, 3, 1, 3).getValues()[0];
    expect(header.slice(0, 2)).toEqual(['Handle', 'Followers']);
    expect(String(header[2])).toMatch(STAMP);
    const body = sheet.getRange(2, 3, 30, 2).getValues();
    expect(body.map((row) => String(row[0]).toLowerCase())).toEqual(handles.map((h) => h.toLowerCase()));
    expect(body.every((row) => typeof row[1] === 'number')).toBe(true);

    const lines = historyLines();
    expect(lines[0]).toEqual(HISTORY_HEADER);
    expect(lines[1]).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      'Creators of Replace',
      OWNER,
      30,
      first.run.credits,
      'ok',
      'Refreshed 30 rows.',
    ]);

    // The next day: every report from the cache.
    await world.resetStats();
    const second = await runSchedule(depsAt(DAY), schedule('Replace'), first.rowsWritten);
    expect(second.run).toMatchObject({ outcome: 'ok', rows: 30, credits: 0 });
    expect(callsOf(await world.stats(), 'report')).toBe(0);

    // 10 creators left: rows 12 to 31 are cleared.
    setInput(sheet, handles.slice(0, 10), 30);
    const third = await runSchedule(depsAt(DAY), schedule('Replace'), second.rowsWritten);
    expect(third).toMatchObject({ rowsWritten: 10, run: { outcome: 'ok', credits: 0 } });
    expect(
      sheet
        .getRange(2, 3, 10, 1)
        .getValues()
        .flat()
        .every((cell) => cell !== ''),
    ).toBe(true);
    expect(
      sheet
        .getRange(12, 3, 20, 3)
        .getValues()
        .flat()
        .every((cell) => cell === ''),
    ).toBe(true);
    expect(historyLines()).toHaveLength(4);

    // The run's own log lines carry no handle (the upstream client's debug lines name its paths).
    const logs = scheduleLogs();
    for (const handle of handles) expect(logs).not.toContain(handle);
  });
});

describe('append-snapshot', () => {
  /** The table's rows below its header, as the fakes read them (dates as serial numbers). */
  function tableRows(sheet: FakeSheet, from: number, width: number): unknown[][] {
    const rows = sheet.getRange(2, from, sheet.getMaxRows() - 1, width).getValues();
    while (rows.length > 0 && rows[rows.length - 1].every((cell) => cell === '')) rows.pop();
    return rows;
  }

  it("backfills the first run from the reports' history, then appends one block dated to the minute per run, with change columns", async () => {
    const sheet = tab('Snapshot');
    // Creators no test before read: their reports are bought by this run.
    const handles = env.world.handles(4, 'instagram', 400);
    setInput(sheet, handles);
    const snap = schedule('Snapshot', { mode: 'append-snapshot', timeZone: 'UTC' });
    await env.world.resetStats();
    const day1 = await runSchedule(depsAt(0), snap, 0);
    const firstCalls = callsOf(await env.world.stats(), 'report');
    const day2 = await runSchedule(depsAt(DAY), snap, day1.rowsWritten);
    expect(day1.run).toMatchObject({ outcome: 'ok', rows: 4 });
    expect(day2).toMatchObject({ rowsWritten: 4, run: { outcome: 'ok', credits: 0 } });
    // The backfill is read back from the cache: no call beyond the run's 4 reports.
    expect(firstCalls).toBe(4);

    const header = sheet.getRange(1, 3, 1, 6).getValues()[0];
    expect(header.slice(0, 5)).toEqual([
      'Date',
      'Handle',
      'Followers',
      'Followers gained',
      'Followers change',
    ]);
    expect(String(header[5])).toMatch(/^Last refreshed .* \(UTC\)$/);
    const rows = tableRows(sheet, 3, 5);
    const backfilled = rows.length - 8;
    // Up to 11 months before this one per creator: the current month is the run's own row.
    expect(backfilled).toBeGreaterThan(4);
    expect(backfilled).toBeLessThanOrEqual(44);
    expect(day1.rowsWritten).toBe(4);

    // The history's months first, oldest first, each dated the 1st at 00:00; then the runs.
    const serial = (millis: number) => millis / DAY + 25569;
    const history = rows.slice(0, backfilled);
    const monthStarts = history.map((row) => row[0] as number);
    expect(monthStarts).toEqual([...monthStarts].sort((a, b) => a - b));
    for (const start of monthStarts)
      expect(new Date((start - 25569) * DAY).toISOString()).toMatch(/-01T00:00:00\.000Z$/);
    expect(Math.max(...monthStarts)).toBeLessThan(serial(Date.now()));
    const runs = rows.slice(backfilled);
    for (const row of runs.slice(0, 4)) expect(row[0]).toBeCloseTo(serial(Date.now()), 2);
    for (const row of runs.slice(4)) expect(row[0]).toBeCloseTo(serial(Date.now() + DAY), 2);
    expect(runs.map((row) => String(row[1]).toLowerCase())).toEqual(
      [...handles, ...handles].map((handle) => handle.toLowerCase()),
    );

    // Each run's row against the creator's row before it: the last month, then the first run.
    const lastOf = (handle: string, before: number) =>
      rows
        .slice(0, before)
        .filter((row) => String(row[1]).toLowerCase() === handle.toLowerCase())
        .at(-1);
    runs.forEach((row, i) => {
      const previous = lastOf(String(row[1]), backfilled + i);
      if (previous === undefined) {
        expect(row.slice(3)).toEqual(['', '']);
        return;
      }
      const gained = (row[2] as number) - (previous[2] as number);
      expect(row[3]).toBe(gained);
      expect(row[4]).toBeCloseTo(gained / (previous[2] as number), 10);
    });

    // As the sidebar shows them: date and time, thousands, a signed count, a percent.
    const shown = sheet.getRange(2 + backfilled, 3, 1, 5).getDisplayValues()[0];
    expect(shown[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(shown[2]).toBe((runs[0][2] as number).toLocaleString('en-US'));
    expect(sheet.getRange(2 + backfilled, 3, 1, 5).getNumberFormats()[0]).toEqual([
      'yyyy-mm-dd hh:mm',
      '@',
      '#,##0',
      '#,##0',
      '0.00%',
    ]);
  });

  it('draws a growth chart beside the table from its data on the summary tab, updates the same chart on later runs, and adds it again once deleted', async () => {
    const sheet = tab('Growth');
    const handles = env.world.handles(12, 'instagram', 40);
    setInput(sheet, handles);
    const snap = schedule('Growth', { mode: 'append-snapshot', timeZone: 'UTC' });
    const day1 = await runSchedule(depsAt(0), snap, 0);
    expect(day1.run.message).toMatch(
      /^Added a snapshot of 12 rows\. The chart shows followers of 10 creators on \d+ dates\.$/,
    );
    const charts = () => env.emulator.charts(SHEET_ID).filter((chart) => chart.sheetId === sheet.id);
    expect(charts()).toHaveLength(1);
    const summary = env.fakes.spreadsheet.requireSheet('Growth (Creator Sheets)');
    // Next to the table's tab, in the tab strip.
    expect(env.fakes.spreadsheet.sheetNames.indexOf('Growth (Creator Sheets)')).toBe(
      env.fakes.spreadsheet.sheetNames.indexOf('Growth') + 1,
    );

    const day2 = await runSchedule(depsAt(DAY), snap, day1.rowsWritten);
    expect(day2.run.outcome).toBe('ok');
    const [chart] = charts();
    expect(charts()).toHaveLength(1);
    // Beside the table's top: C..G, the stamp in H1, the chart from H2.
    expect(chart.position).toMatchObject({
      overlayPosition: { anchorCell: { sheetId: sheet.id, rowIndex: 1, columnIndex: 7 } },
    });
    expect(String(sheet.getRange(1, 8).getValue())).toMatch(/^Last refreshed /);

    // The block, on the summary tab at J3: dates down (the backfilled months, then the two
    // runs), the 10 creators with the most followers on the latest run across.
    const latest = new Map(
      sheet
        .getRange(2, 4, sheet.getLastRow() - 1, 2)
        .getValues()
        .slice(-12)
        .map((row) => [String(row[0]), row[1] as number]),
    );
    const blockRows = summary.getLastRow() - 2;
    const block = summary.getRange(3, 10, blockRows, 11).getValues();
    expect(block[0][0]).toBe('Date (Followers)');
    const top = [...latest.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 10);
    expect(block[0].slice(1)).toEqual(top.map(([handle]) => handle));
    const dates = block.slice(1).map((row) => row[0] as number);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(dates.at(-1)).toBeCloseTo(Date.now() / DAY + DAY / DAY + 25569, 2);
    expect(block.at(-1)?.slice(1)).toEqual(top.map(([, count]) => count));
    expect(summary.getRange(4, 10).getDisplayValue()).toMatch(/^\d{4}-\d\d-01 00:00$/);

    // The chart draws that block: dates as its domain, one series per creator, names from row 3.
    const basic = chart.spec.basicChart as {
      chartType: string;
      headerCount: number;
      domains: { domain: { sourceRange: { sources: Record<string, number>[] } } }[];
      series: { series: { sourceRange: { sources: Record<string, number>[] } } }[];
    };
    expect(basic).toMatchObject({ chartType: 'LINE', headerCount: 1 });
    expect(basic.domains[0].domain.sourceRange.sources[0]).toEqual({
      sheetId: summary.id,
      startRowIndex: 2,
      endRowIndex: 2 + blockRows,
      startColumnIndex: 9,
      endColumnIndex: 10,
    });
    expect(basic.series).toHaveLength(10);
    expect(basic.series[9].series.sourceRange.sources[0]).toMatchObject({
      startColumnIndex: 19,
      endColumnIndex: 20,
    });
    expect(chart.spec.title).toBe('Followers over time');

    // Someone deletes the chart: the next run adds it again, with the schedule's own id.
    env.emulator.deleteChart(SHEET_ID, chart.chartId);
    const day3 = await runSchedule(depsAt(2 * DAY), snap, day2.rowsWritten);
    expect(day3.run.outcome).toBe('ok');
    expect(charts()).toHaveLength(1);
    expect(charts()[0].chartId).toBe(chart.chartId);
  });

  it("keeps the chart's id and what the user styled: a run changes only the ranges it draws (issue 26)", async () => {
    const sheet = tab('Styled');
    setInput(sheet, env.world.handles(4, 'instagram', 60));
    const snap = schedule('Styled', { mode: 'append-snapshot', timeZone: 'UTC' });
    const day1 = await runSchedule(depsAt(0), snap, 0);
    const charts = () => env.emulator.charts(SHEET_ID).filter((chart) => chart.sheetId === sheet.id);
    const [added] = charts();
    // A person retitles it, rewrites its alt text (the worker's mark gone), colours a line and
    // moves the legend, in the Sheets UI.
    env.emulator.editChart(SHEET_ID, added.chartId, (spec) => {
      spec.title = 'Our creators';
      spec.altText = 'Growth of the creators we work with';
      const basic = spec.basicChart as { legendPosition: string; series: Record<string, unknown>[] };
      basic.legendPosition = 'BOTTOM_LEGEND';
      basic.series[0].color = { red: 1 };
    });
    const sources = (spec: Record<string, unknown>) =>
      (spec.basicChart as { domains: { domain: { sourceRange: { sources: { endRowIndex: number }[] } } }[] })
        .domains[0].domain.sourceRange.sources[0].endRowIndex;
    const before = sources(charts()[0].spec);

    const day2 = await runSchedule(depsAt(DAY), snap, day1.rowsWritten);
    expect(day2.run.outcome).toBe('ok');
    // Still one chart, the same one: found by its id, not its alt text.
    expect(charts()).toHaveLength(1);
    const [after] = charts();
    expect(after.chartId).toBe(added.chartId);
    expect(after.spec).toMatchObject({
      title: 'Our creators',
      altText: 'Growth of the creators we work with',
      basicChart: { legendPosition: 'BOTTOM_LEGEND' },
    });
    expect((after.spec.basicChart as { series: { color?: unknown }[] }).series[0].color).toEqual({ red: 1 });
    // Its ranges reach the new run's date.
    expect(sources(after.spec)).toBe(before + 1);
  });

  it('draws no chart for a table without a metric to draw', async () => {
    const sheet = tab('NoMetric');
    setInput(sheet, env.world.handles(3, 'instagram', 40));
    const snap = schedule('NoMetric', { mode: 'append-snapshot', fields: ['handle', 'country'] });
    const run = await runSchedule(depsAt(0), snap, 0);
    expect(run.run).toMatchObject({ outcome: 'ok', message: 'Added a snapshot of 3 rows.' });
    expect(env.emulator.charts(SHEET_ID).filter((chart) => chart.sheetId === sheet.id)).toEqual([]);
    expect(env.fakes.spreadsheet.getSheetByName('NoMetric (Creator Sheets)')).toBeNull();
  });
});

describe('readable tables and where the stamp and chart go', () => {
  it('writes number formats as the sidebar shows the columns: thousands, percent, dates as dates', async () => {
    const sheet = tab('Formatted');
    setInput(sheet, env.world.handles(3, 'instagram', 500));
    const fields = ['handle', 'followers', 'engagement_rate', 'report_date'];
    const result = await runSchedule(depsAt(0), schedule('Formatted', { fields }), 0);
    expect(result.run.outcome).toBe('ok');
    const body = sheet.getRange(2, 3, 3, 4);
    expect(body.getNumberFormats()).toEqual(
      Array.from({ length: 3 }, () => ['@', '#,##0', '0.00%', 'yyyy-mm-dd']),
    );
    const values = body.getValues();
    const shown = body.getDisplayValues();
    values.forEach((row, r) => {
      // Full precision kept, shown rounded: 0.0415944 reads 4.16%.
      expect(shown[r][1]).toBe((row[1] as number).toLocaleString('en-US'));
      expect(shown[r][2]).toBe(`${((row[2] as number) * 100).toFixed(2)}%`);
      // A real date (a serial number), not the text of one.
      expect(typeof row[3]).toBe('number');
      expect(shown[r][3]).toBe(calendarDay(Date.now(), 'Europe/Berlin'));
    });
  });

  it("puts a wide table's stamp and chart on a tab of their own, and moves them there when the table widens", async () => {
    const sheet = tab('Widening');
    setInput(sheet, env.world.handles(3, 'instagram', 520));
    // Stored, so that its runs record what they own (the store keeps it for a schedule it holds).
    const record = await env.world.deps.store.schedules.create(
      SHEET_ID,
      { ...schedule('Widening', { mode: 'append-snapshot', timeZone: 'UTC' }), name: 'Widening' },
      OWNER,
      Date.now(),
    );
    const narrow = { ...schedule('Widening', { mode: 'append-snapshot', timeZone: 'UTC' }), id: record.id };
    const first = await runSchedule(depsAt(0), narrow, 0);
    expect(first.run.outcome).toBe('ok');
    const charts = () =>
      env.emulator.charts(SHEET_ID).filter((chart) => chart.position.overlayPosition !== undefined);
    const mine = () => charts().filter((chart) => String(chart.spec.altText).includes(narrow.id));
    expect(mine()[0].sheetId).toBe(sheet.id);
    expect(String(sheet.getRange(1, 8).getValue())).toMatch(/^Last refreshed/);

    // The same schedule with every default column: past J, so the stamp and the chart leave the table.
    const wide = { ...narrow, fields: undefined };
    const second = await runSchedule(depsAt(DAY), wide, first.rowsWritten);
    expect(second.run.outcome).toBe('ok');
    const summary = env.fakes.spreadsheet.requireSheet('Widening (Creator Sheets)');
    expect(String(summary.getRange(1, 1).getValue())).toMatch(/^Last refreshed .* \(UTC\)$/);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]).toMatchObject({
      sheetId: summary.id,
      position: { overlayPosition: { anchorCell: { sheetId: summary.id, rowIndex: 2, columnIndex: 0 } } },
    });
    // No stamp in the table's header row: every cell of it is a column's name.
    const header = sheet
      .getRange(1, 3, 1, sheet.getMaxColumns() - 2)
      .getValues()[0]
      .filter((cell) => cell !== '');
    expect(header.some((cell) => String(cell).startsWith('Last refreshed'))).toBe(false);
  });
});

describe('a run stopped mid-write (issue 23 meets 22)', () => {
  it('owns the tab and the cells it writes before Google applies them: a stopped writer leaves nothing the next run refuses', async () => {
    const sheet = tab('Stopped');
    setInput(sheet, env.world.handles(3, 'instagram', 560));
    const request = {
      ...schedule('Stopped', { mode: 'append-snapshot', timeZone: 'UTC' }),
      fields: undefined,
    };
    const record = await env.world.deps.store.schedules.create(
      SHEET_ID,
      { ...request, name: 'Stopped' },
      OWNER,
      Date.now(),
    );
    const wide = { ...request, id: record.id };
    const { sheetOwnership } = env.world.deps.store;
    // What the store says at the moment each write is applied (an instance stopped right then,
    // SIGTERM or a kill, never reads the answer, nor records anything after it).
    const seen: Promise<[Set<number>, Awaited<ReturnType<typeof sheetOwnership.extentOf>>]>[] = [];
    afterWrite = () =>
      seen.push(Promise.all([sheetOwnership.tabsOf(SHEET_ID), sheetOwnership.extentOf(wide.id)]));
    const run = await runSchedule(depsAt(0), wide, 0);
    afterWrite = null;
    expect(run.run.outcome).toBe('ok');
    const summary = env.fakes.spreadsheet.requireSheet('Stopped (Creator Sheets)');
    const [[tabsAtBatch, extentAtBatch], [, extentAtValues]] = await Promise.all(seen);
    // The summary tab was the schedule's as Google made it, and so were the table's cells.
    expect(tabsAtBatch.has(summary.id)).toBe(true);
    for (const extent of [extentAtBatch, extentAtValues]) {
      expect(extent).toMatchObject({ sheetId: sheet.id, row: 1, column: 3 });
      expect(extent?.rows).toBeGreaterThanOrEqual(1 + sheet.getLastRow() - 1);
    }
  });
});

describe('merge', () => {
  it('updates rows whose key is in the input in place, appends new keys, leaves the others', async () => {
    const sheet = tab('Merge');
    const handles = env.world.handles(7, 'instagram', 40);
    setInput(sheet, handles.slice(0, 5));
    const merge = schedule('Merge', { mode: 'merge' });
    const first = await runSchedule(depsAt(0), merge, 0);
    expect(first).toMatchObject({ rowsWritten: 5, run: { outcome: 'ok' } });
    expect(sheet.getRange(1, 3, 1, 3).getValues()[0].slice(0, 3)).toEqual(['Input', 'Handle', 'Followers']);

    // Someone marks two rows by hand: the row whose key stays is rewritten, the other kept.
    sheet.getRange(2, 5).setValue('old'); // handles[0], leaves the input
    sheet.getRange(4, 5).setValue('old'); // handles[2], stays
    setInput(sheet, handles.slice(2, 7), 5);
    const second = await runSchedule(depsAt(0), merge, first.rowsWritten);
    expect(second).toMatchObject({ rowsWritten: 5, run: { outcome: 'ok' } });

    const rows = sheet.getRange(2, 3, 8, 3).getValues();
    expect(rows.map((row) => row[0])).toEqual([...handles, '']);
    expect(rows[0][2]).toBe('old');
    expect(typeof rows[2][2]).toBe('number');
    expect(rows.slice(0, 7).every((row) => String(row[1]).length > 0)).toBe(true);
  });
});

describe('e-mail search', () => {
  it('writes one row per address', async () => {
    const sheet = tab('Emails');
    const emails = addresses(20, 'scheduled');
    setInput(sheet, emails);
    const result = await runSchedule(depsAt(0), schedule('Emails', { kind: 'email-search' }), 0);
    expect(result).toMatchObject({ rowsWritten: 20, run: { outcome: 'ok' } });
    expect(sheet.getRange(1, 3, 1, 1).getValues()[0][0]).toBe('E-mail');
    expect(
      sheet
        .getRange(2, 3, 20, 1)
        .getValues()
        .map((row) => row[0]),
    ).toEqual(emails);
    for (const email of emails) expect(scheduleLogs()).not.toContain(email);
  });
});

describe('refusals', () => {
  it('answers a deleted tab as a failed run with a sentence, and still logs the line', async () => {
    const sheet = tab('Gone');
    setInput(sheet, env.world.handles(2, 'instagram', 40));
    env.fakes.spreadsheet.deleteSheet(sheet);
    const result = await runSchedule(depsAt(0), schedule('Gone'), 0);
    expect(result).toEqual({
      rowsWritten: 0,
      run: expect.objectContaining({
        outcome: 'failed',
        rows: 0,
        credits: 0,
        message: expect.stringContaining('The tab "Gone" is no longer in this spreadsheet'),
      }),
    });
    const last = historyLines().at(-1) ?? [];
    expect(last.slice(1, 7)).toEqual(['Creators of Gone', OWNER, 0, 0, 'failed', result.run.message]);
  });

  it('fails with "Needs approval" past the formula allowance, writing nothing', async () => {
    const { store } = env.world.deps;
    await store.formulaAllowances.set(SHEET_ID, 1, OWNER);
    try {
      const sheet = tab('Allowance');
      setInput(sheet, env.world.handles(5, 'instagram', 300));
      await env.world.resetStats();
      const result = await runSchedule(depsAt(0), schedule('Allowance'), 0);
      expect(result.run.outcome).toBe('failed');
      expect(result.run.message).toMatch(/^Needs approval/);
      expect(callsOf(await env.world.stats(), 'report')).toBe(0);
      expect(
        sheet
          .getRange(1, 3, 7, 4)
          .getValues()
          .flat()
          .every((cell) => cell === ''),
      ).toBe(true);
      expect(historyLines().at(-1)?.[5]).toBe('failed');
    } finally {
      await store.formulaAllowances.set(SHEET_ID, null, OWNER);
    }
  });

  it('fails without a service account', async () => {
    const result = await runSchedule({ ...depsAt(0), sheetAccess: null }, schedule('Replace'), 0);
    expect(result.run).toMatchObject({
      outcome: 'failed',
      message: expect.stringContaining('service account'),
    });
  });
});

describe('history', () => {
  it('keeps the newest lines up to the cap', async () => {
    const before = historyLines().length - 1;
    expect(before).toBeGreaterThan(3);
    const emails = schedule('Emails', { kind: 'email-search', name: 'Capped' });
    for (let i = 0; i < 3; i++) {
      const result = await runSchedule(depsAt(0), emails, 20, { historyCap: 3 });
      expect(result.run.outcome).toBe('ok');
    }
    const lines = historyLines();
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual(HISTORY_HEADER);
    expect(lines.slice(1).map((line) => line[1])).toEqual(['Capped', 'Capped', 'Capped']);
    expect(
      env.fakes.spreadsheet
        .requireSheet(HISTORY_TAB)
        .getRange(5, 1, 10, 7)
        .getValues()
        .flat()
        .every((cell) => cell === ''),
    ).toBe(true);
  });
});

describe('more refusals', () => {
  it('refuses an input column longer than a scheduled report takes, before fetching anything', async () => {
    const sheet = tab('TooMany');
    sheet.insertRowsAfter(sheet.getMaxRows(), 1200);
    setInput(
      sheet,
      Array.from({ length: 2001 }, (_, i) => `creator${i}`),
    );
    await env.world.resetStats();
    const result = await runSchedule(depsAt(0), schedule('TooMany'), 0);
    expect(result.run).toMatchObject({
      outcome: 'failed',
      message: expect.stringContaining('a scheduled report takes at most 2,000'),
    });
    expect(callsOf(await env.world.stats(), 'report')).toBe(0);
    expect(sheet.getRange(1, 3).getValue()).toBe('');
  });

  it('answers Google refusing the spreadsheet (not shared) as a failed run, in words', async () => {
    env.emulator.unshare(SHEET_ID, env.account.clientEmail);
    try {
      const result = await runSchedule(depsAt(0), schedule('Replace'), 0);
      expect(result).toMatchObject({ rowsWritten: 0, run: { outcome: 'failed', rows: 0 } });
      expect(result.run.message).toMatch(
        new RegExp(
          `^This spreadsheet is not shared with ${env.account.clientEmail.replace(/\./g, '\\.')}: share it`,
        ),
      );
    } finally {
      env.emulator.share(SHEET_ID, env.account.clientEmail, 'writer');
    }
  });
});

describe('Sheets calls a run', () => {
  /** The emulator's calls by method while `run` runs. */
  async function callsDuring(run: () => Promise<unknown>): Promise<Record<string, number>> {
    env.emulator.reset();
    await run();
    return env.emulator.stats().byMethod;
  }

  it('makes 5 for a replace run, as README counts them', async () => {
    const sheet = tab('Counted replace');
    setInput(sheet, env.world.handles(5, 'instagram', 40));
    const replace = schedule('Counted replace');
    // The first run may make the history tab (one more call); later runs make none.
    const first = await runSchedule(depsAt(0), replace, 0);
    const calls = await callsDuring(() => runSchedule(depsAt(DAY), replace, first.rowsWritten));
    expect(calls).toEqual({
      'spreadsheets.get': 1,
      // The input column and the table's place, read together before anything is paid for.
      'spreadsheets.values.batchGet': 1,
      // The number formats of the rows (percent, thousands, dates), one request per block of columns.
      'spreadsheets.batchUpdate': 1,
      // Header, stamp and rows.
      'spreadsheets.values.update': 1,
      'spreadsheets.values.append': 1,
    });
  });

  it('makes 5 for a snapshot run with its growth chart, as README counts them', async () => {
    const sheet = tab('Counted snapshot');
    setInput(sheet, env.world.handles(5, 'instagram', 40));
    const snap = schedule('Counted snapshot', { mode: 'append-snapshot', timeZone: 'UTC' });
    const first = await runSchedule(depsAt(0), snap, 0);
    const calls = await callsDuring(() => runSchedule(depsAt(DAY), snap, first.rowsWritten));
    expect(calls).toEqual({
      'spreadsheets.get': 1,
      // The input column with the table's place and the chart block's height (before paying).
      'spreadsheets.values.batchGet': 1,
      // The formats of the new rows, the chart updated: one batch.
      'spreadsheets.batchUpdate': 1,
      // The stamp, the dated rows below the table and the chart block, in one write.
      'spreadsheets.values.batchUpdate': 1,
      // The history line.
      'spreadsheets.values.append': 1,
    });
  });
});
