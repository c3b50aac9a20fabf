import { runSheetSchedule } from '../../../../addon/server/schedules/sheet-schedule-run';
import type { ScheduleRun } from '../../../../shared/worker-api/schedules';
import { DAY, useSheetRunWorld, type SheetRunWorld } from './sheet-run-world';

/**
 * Issue 26, item 3 of the add-on's runner: a failed run leaves the worker's banner in the cell of
 * the table's stamp, the next good run clears it, and a person's words there are left alone.
 */

const world = useSheetRunWorld();
let w: SheetRunWorld;

beforeEach(() => {
  w = world();
});

const GONE =
  'The tab "Gone" is no longer in this spreadsheet (renamed or deleted): edit the schedule to point at a tab.';
const MINUTE = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d';

function run(overrides: Parameters<SheetRunWorld['schedule']>[0] = {}): ScheduleRun {
  const end = runSheetSchedule(w.schedule({ mode: 'replace', ...overrides }), Date.now() + 60_000);
  if (end.kind !== 'recorded') throw new Error('the run paused');
  return end.run;
}

const failing = { input: { sheetName: 'Gone', row: 2, column: 1 } };

/** What the last run told the worker of its banner (the alert's banner channel). */
function bannerTold(): unknown {
  return (w.recorded.at(-1) as { banner?: boolean } | undefined)?.banner;
}

function stampCell(): unknown {
  return w.env.fakes.spreadsheet.requireSheet('Growth').getRange('C1').getValue();
}

describe("the add-on runner's failure banner", () => {
  it("says in the stamp's cell that the table is stale and why, and the next good run clears it", () => {
    w.fillInputs(2);
    const good = run();
    w.advance(DAY);
    run({ ...failing, lastRun: good, runs: [good] });
    expect(stampCell()).toMatch(
      new RegExp(
        `^⚠ Not refreshed: the run of ${MINUTE} \\(Europe/Berlin\\) failed: ${GONE.replace(/[().]/g, '\\$&')} Last refreshed ${MINUTE}\\.$`,
      ),
    );
    expect(bannerTold()).toBe(true);
    w.advance(DAY);
    run();
    expect(stampCell()).toMatch(/^Last refreshed /);
  });

  it('says the schedule is paused on the third failure in a row', () => {
    w.fillInputs(2);
    run();
    run({ ...failing, failuresInARow: 2 });
    expect(stampCell()).toMatch(
      /^⚠ Paused after 3 failed runs \(the last .*\): .* It has not refreshed yet\. Resume it in Extensions > Creator Sheets > Schedules\.$/,
    );
  });

  it("leaves a person's words in that cell alone, and writes nowhere before a good run", () => {
    run(failing);
    expect(w.tab('Growth')).toEqual([['']]);
    expect(bannerTold()).toBe(false);
    w.fillInputs(2);
    run();
    w.env.fakes.spreadsheet.requireSheet('Growth').getRange('C1').setValue('Checked by Ana');
    run(failing);
    expect(stampCell()).toBe('Checked by Ana');
    expect(bannerTold()).toBe(false);
  });

  it("goes to A1 of a wide table's summary tab, where its stamp is", () => {
    w.fillInputs(2);
    const wide = { output: { sheetName: 'Growth', row: 1, column: 9 } };
    run(wide);
    run({ ...wide, ...failing });
    const summary = w.env.fakes.spreadsheet.requireSheet('Growth (Creator Sheets)');
    expect(summary.getRange('A1').getValue()).toMatch(/^⚠ Not refreshed: /);
    expect(w.env.fakes.spreadsheet.requireSheet('Growth').getRange('K1').getValue()).toBe('');
  });
});
