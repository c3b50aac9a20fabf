import { runSheetSchedule } from '../../../../addon/server/schedules/sheet-schedule-run';
import { useSheetRunWorld, DAY, type SheetRunWorld } from './sheet-run-world';

/**
 * Issue 26 on the add-on's runner: a first snapshot starts with its creators' monthly history, as
 * the worker's runner backfills it (growth-backfill.ts): dated the 1st of each past month, oldest
 * first, identity copied, the history's numbers, change columns over the whole table; asked once,
 * free, at the run's end, even when the run spans firings. A later snapshot adds none.
 */

const world = useSheetRunWorld();
let w: SheetRunWorld;

beforeEach(() => {
  w = world();
  w.historyMonths = 3;
});

function growth(): unknown[][] {
  return w.tab('Growth');
}

/** How the 1st of the month `ago` months before the fake clock's shows in the Date column. */
function firstOf(ago: number): string {
  const now = new Date(w.env.fakes.clock.now());
  return `${new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - ago, 1)).toISOString().slice(0, 7)}-01 00:00`;
}

/** What row `row` (1-based, in the table's data) shows in its Date column. */
function shownDate(row: number): string {
  return w.env.fakes.spreadsheet
    .requireSheet('Growth')
    .getRange(1 + row, 1)
    .getDisplayValue();
}

describe("the add-on runner's first snapshot", () => {
  it('starts with N months of history rows in order, above the run rows, across two firings', () => {
    w.fillInputs(150);
    const schedule = w.schedule();
    // The first firing has time for one block of 100: the run pauses and goes on at the next.
    expect(runSheetSchedule(schedule, Date.now() + 500)).toEqual({ kind: 'paused', next: 100 });
    expect(w.historyCalls).toBe(0);
    const end = runSheetSchedule(schedule, Date.now() + 60 * 60_000);

    expect(end).toMatchObject({ kind: 'recorded', run: { outcome: 'ok', rows: 150 } });
    expect(w.historyCalls).toBe(1);
    expect(w.env.worker.calls('api/reports/history')[0].body).toMatchObject({ platform: 'instagram' });
    const rows = growth();
    expect(rows[0].slice(0, 5)).toEqual([
      'Date',
      'Handle',
      'Followers',
      'Followers gained',
      'Followers change',
    ]);
    expect(rows).toHaveLength(1 + 3 * 150 + 150);
    // Oldest month first, each month in the input's order.
    expect(rows[1].slice(1, 3)).toEqual(['creator1', 501]);
    expect(shownDate(1)).toBe(firstOf(3));
    expect(rows[150].slice(1, 3)).toEqual(['creator150', 650]);
    expect(shownDate(150)).toBe(firstOf(3));
    expect(rows[151].slice(1, 3)).toEqual(['creator1', 502]);
    expect(shownDate(151)).toBe(firstOf(2));
    expect(rows[3 * 150].slice(1, 3)).toEqual(['creator150', 652]);
    expect(shownDate(3 * 150)).toBe(firstOf(1));
    // A creator's first month has nothing to compare with; the next month gained one follower.
    expect(rows[1].slice(3, 5)).toEqual(['', '']);
    expect(rows[151][3]).toBe(1);
    // The run's own rows follow, dated now, each against its creator's last month.
    const run = rows[1 + 3 * 150];
    expect(run[0]).toBeInstanceOf(Date);
    expect(run[1]).toBe('creator1');
    expect(run[3]).toBe((run[2] as number) - 503);
    expect(w.env.fakes.spreadsheet.requireSheet('Growth').getRange(2, 1).getNumberFormat()).toBe(
      'yyyy-mm-dd hh:mm',
    );
  });

  it('adds no history on the second snapshot, and writes it below the table it owns', () => {
    w.fillInputs(2);
    expect(runSheetSchedule(w.schedule(), Date.now() + 60 * 60_000)).toMatchObject({
      run: { outcome: 'ok' },
    });
    expect(growth()).toHaveLength(1 + 3 * 2 + 2);
    w.advance(DAY);

    const second = runSheetSchedule(w.schedule(), Date.now() + 60 * 60_000);

    expect(second).toMatchObject({ run: { outcome: 'ok', rows: 2 } });
    expect(w.historyCalls).toBe(1);
    const rows = growth();
    expect(rows).toHaveLength(1 + 3 * 2 + 2 + 2);
    expect(rows.slice(-2).map((row) => row[1])).toEqual(['creator1', 'creator2']);
    expect(rows.slice(-2).every((row) => row[0] instanceof Date)).toBe(true);
  });

  it('writes no history rows when the reports carry no months', () => {
    w.fillInputs(2);
    w.historyMonths = 0;
    runSheetSchedule(w.schedule(), Date.now() + 60 * 60_000);
    expect(w.historyCalls).toBe(1);
    expect(growth()).toHaveLength(1 + 2);
  });

  it('keeps a run whose history the worker could not give: its rows stand, the message says so', () => {
    w.fillInputs(2);
    w.env.worker.on('post', 'api/reports/history', {
      status: 503,
      body: { error: { code: 'unavailable', message: 'The worker is restarting: try again in a minute.' } },
    });

    const end = runSheetSchedule(w.schedule(), Date.now() + 60 * 60_000);

    expect(end).toMatchObject({ kind: 'recorded', run: { outcome: 'ok', rows: 2 } });
    if (end.kind !== 'recorded') return;
    expect(end.run.message).toMatch(
      /The creators' monthly history was not added above the first snapshot: .*restarting/,
    );
    expect(growth()).toHaveLength(1 + 2);
  });
});
