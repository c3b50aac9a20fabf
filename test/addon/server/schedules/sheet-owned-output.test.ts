import { runSheetSchedule } from '../../../../addon/server/schedules/sheet-schedule-run';
import type { ScheduleRun } from '../../../../shared/worker-api/schedules';
import { EMAIL_COLUMNS } from '../../../../shared/rows/email-rows';
import type { RecordedRequest } from '../scripted-worker';
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

  describe('an e-mail schedule', () => {
    const LABELS = EMAIL_COLUMNS.map((column) => column.label);

    /** The scripted worker's e-mail search: a matched creator per address, in the worker's columns. */
    function emailAnswer(request: RecordedRequest) {
      const { emails } = request.body as { emails: string[] };
      const rows = emails.map((email) =>
        LABELS.map((label, i) => (i === 0 ? email : `${label} of ${email}`)),
      );
      return {
        status: 200,
        body: {
          header: LABELS,
          columns: EMAIL_COLUMNS,
          rows: [LABELS, ...rows],
          pending: 0,
          awaitingApproval: 0,
        },
      };
    }

    beforeEach(() => {
      w.env.worker.on('post', 'api/email-search', emailAnswer);
      w.env.fakes.propertiesService.document.setProperty(
        'creatorSheets.documentKey',
        'csk_docs_fedcba9876543210fedcba9876543210',
      );
      w.env.fakes.spreadsheet
        .requireSheet('Creators')
        .getRange('A2:A3')
        .setValues([['ana@brand.example.com'], ['bo@brand.example.com']]);
    });

    it("claims its own columns (the e-mail table and its stamp), not a report's: a note beside them stays", () => {
      // A report's default table would reach column U; an e-mail table ends at I, its stamp in J.
      growthTab().getRange('M2').setValue('Checked by Carl');
      expect(run({ kind: 'email-search' })).toMatchObject({ outcome: 'ok', rows: 2 });
      expect(growthTab().getRange('A1:A3').getValues()).toEqual([
        ['E-mail'],
        ['ana@brand.example.com'],
        ['bo@brand.example.com'],
      ]);
      expect(String(growthTab().getRange('J1').getValue())).toMatch(/^Last refreshed /);
      expect(growthTab().getRange('M2').getValue()).toBe('Checked by Carl');
      // Its stamp's column is in its band: a person's cell there, below the table, stops the next run unpaid.
      growthTab().getRange('J5').setValue('mine');
      expect(run({ kind: 'email-search' }).message).toMatch(
        /^'Growth'!J5:J5 holds 1 cell this schedule did not write/,
      );
      expect(w.env.worker.calls('api/email-search')).toHaveLength(1);
    });

    it('adopts its own e-mail table from before the rule, known by its header', () => {
      growthTab()
        .getRange(1, 1, 2, LABELS.length)
        .setValues([LABELS, LABELS.map((label) => `old ${label}`)]);
      expect(run({ kind: 'email-search' })).toMatchObject({ outcome: 'ok', rows: 2 });
      expect(growthTab().getRange('A2').getValue()).toBe('ana@brand.example.com');
    });
  });
});
