import { runSheetSchedule } from '../../../../addon/server/schedules/sheet-schedule-run';
import type { ScheduleRun } from '../../../../shared/worker-api/schedules';
import { useSheetRunWorld, type SheetRunWorld } from './sheet-run-world';

/**
 * Issue 26, item 2 on the add-on's runner: owned output as the worker's runner keeps it. A run
 * writes only into cells its schedule wrote or empty ones; anything else stops it before a report
 * is fetched, in the worker's sentence.
 */

const world = useSheetRunWorld();
let w: SheetRunWorld;

beforeEach(() => {
  w = world();
});

function run(overrides: Parameters<SheetRunWorld['schedule']>[0] = {}): ScheduleRun {
  const end = runSheetSchedule(w.schedule({ mode: 'replace', ...overrides }), Date.now() + 60 * 60_000);
  if (end.kind !== 'recorded') throw new Error('the run paused');
  return end.run;
}

function growthTab() {
  return w.env.fakes.spreadsheet.requireSheet('Growth');
}

describe("the add-on runner's owned output", () => {
  it("stops before fetching when a person's cells are in its place, and names them", () => {
    growthTab()
      .getRange('A3:B4')
      .setValues([
        ['Budget', 100],
        ['Spent', 40],
      ]);
    w.fillInputs(2);
    const refused = run();
    expect(refused).toMatchObject({ outcome: 'failed', rows: 0, credits: 0 });
    expect(refused.message).toBe(
      "'Growth'!A3:B4 holds 4 cells this schedule did not write (A3, B3, A4, and 1 more): clear or move them, or point the schedule at an empty place or a new tab. Nothing was fetched or charged.",
    );
    expect(w.env.worker.calls('api/reports')).toHaveLength(0);
    expect(growthTab().getRange('A3').getValue()).toBe('Budget');
  });

  it('rewrites its own table run after run, but not a note someone put below it', () => {
    w.fillInputs(2);
    expect(run()).toMatchObject({ outcome: 'ok' });
    expect(run()).toMatchObject({ outcome: 'ok' });
    growthTab().getRange('A6').setValue('Totals');
    const refused = run();
    expect(refused.message).toMatch(/^'Growth'!A6:A6 holds 1 cell this schedule did not write \(A6\)/);
    expect(w.env.worker.calls('api/reports')).toHaveLength(2);
  });

  it('owns the rows of a run that failed part-way, so the next run writes over them', () => {
    w.fillInputs(150);
    w.awaitingOn = 2;
    expect(run()).toMatchObject({ outcome: 'failed' });
    expect(growthTab().getLastRow()).toBe(101);
    // Approved: the next run goes over its own first 100 rows.
    const again = run();
    expect(again).toMatchObject({ outcome: 'ok', rows: 150 });
  });

  it('adopts its own table from before the rule, known by its header', () => {
    growthTab()
      .getRange('A1:B2')
      .setValues([
        ['Handle', 'Followers'],
        ['creator1', 1],
      ]);
    w.fillInputs(2);
    expect(run({ fields: ['handle', 'followers'] })).toMatchObject({ outcome: 'ok', rows: 2 });
    // Once adopted, its rectangle is what it wrote: a cell someone adds below still stops it.
    growthTab().getRange('A4').setValue('Someone');
    expect(run({ fields: ['handle', 'followers'] })).toMatchObject({ outcome: 'failed' });
  });
});
