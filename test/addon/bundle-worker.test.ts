import type { BulkStart, JobView } from '../../addon/bridge-contract/sidebar-api';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import { EXCEEDED_MAXIMUM_EXECUTION_TIME } from '../../worker/playground/apps-script/runtime/runtime';
import type { FakeSheet } from '../../worker/playground/apps-script/spreadsheet/sheet';
import type { WriteRecord } from '../../worker/playground/apps-script/spreadsheet/write-log';
import { upstreamCalls, useBundleWorld } from './bundle-world';

/**
 * The built Code.js in a vm with the fakes, against the real worker and sandbox in a child process
 * (one build and one worker for the whole file: they are most of its time). Formulas are evaluated
 * by the fake Sheets; sidebar calls go through google.script.run's rules. The sandbox counts what
 * reached the paid API, and each test uses inputs no other test asked for, so the worker's cache
 * does not blur its counts.
 */

const FINAL = ['done', 'failed', 'cancelled'];
/** A loaded CI machine may be slow; these are bounds, not the expected times (seconds each). */
const SLOW_TEST_MS = 90_000;

const world = useBundleWorld();

const realDelay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A tab with `header` in A1 and `values` below it, tall enough for them. */
function columnTab(fakes: AppsScriptFakes, name: string, header: string, values: string[]): FakeSheet {
  const sheet = fakes.spreadsheet.insertSheet(name);
  if (values.length + 1 > sheet.getMaxRows())
    sheet.insertRowsAfter(sheet.getMaxRows(), values.length + 1 - sheet.getMaxRows());
  sheet.getRange(1, 1).setValue(header);
  sheet.getRange(2, 1, values.length, 1).setValues(values.map((value) => [value]));
  return sheet;
}

interface WorkerRows {
  rows: { position: number; row: (string | number | boolean | null)[] }[];
  next: number | null;
}

/** Every row of the job as the worker holds it, in order. */
async function workerRows(jobId: string): Promise<(string | number | boolean | null)[][]> {
  const rows: (string | number | boolean | null)[][] = [];
  for (let after = 0; ;) {
    const page = await world.api<WorkerRows>(`/api/jobs/${jobId}/rows?after=${after}&limit=1000`);
    rows.push(...page.rows.map((entry) => entry.row));
    if (page.next === null || page.rows.length === 0) return rows;
    after = page.next;
  }
}

describe('INFLUENCER_REPORT from the built bundle', () => {
  it(
    'pays for a 500-cell range once, however often Sheets recalculates it',
    async () => {
      const fakes = world.load();
      fakes.evaluateFormulas();
      const handles = world.handles.instagram.slice(0, 500).map((handle) => `@${handle}`);
      const sheet = columnTab(fakes, 'Creators', 'Handle', handles);
      await world.resetStats();

      sheet.getRange('B1').setFormula('=INFLUENCER_REPORT(A2:A501, "instagram")');
      // Rows the worker could not fetch by its deadline go on in its background and fill in on a
      // later recalculation; wait for them, however slow the machine.
      for (let waited = 0; waited < 30_000; waited += 200) {
        if (upstreamCalls(await world.stats(), 'report') >= handles.length) break;
        await realDelay(200);
      }
      for (let recalculation = 2; recalculation <= 10; recalculation++) {
        // CacheService may drop entries whenever it likes: then the worker's cache answers.
        if (recalculation === 6) expect(fakes.cacheService.document.vanish()).toBeGreaterThan(0);
        fakes.spreadsheetApp.recalculate();
      }

      expect(fakes.evaluator.errors).toEqual([]);
      expect(fakes.evaluator.runs.get('INFLUENCER_REPORT')).toBe(10);
      const values = sheet.getDataRange().getValues();
      expect(values).toHaveLength(501);
      const header = values[0].slice(1);
      const handleColumn = header.indexOf('Handle') + 1;
      const followersColumn = header.indexOf('Followers') + 1;
      expect([handleColumn, followersColumn].every((column) => column > 0)).toBe(true);
      // One row per input row, in order, every one a report.
      expect(values.slice(1).map((row) => `@${String(row[handleColumn])}`)).toEqual(handles);
      expect(values.slice(1).every((row) => typeof row[followersColumn] === 'number')).toBe(true);

      const stats = await world.stats();
      expect(upstreamCalls(stats, 'report')).toBe(500);
      expect(stats.rejected.rate_limited).toBe(0);
      // One request per range, never one per cell; recalculations come from CacheService, and
      // once it lost the entry, from the worker's cache (a second request, nothing paid).
      expect(fakes.urlFetchApp.requests.length).toBeGreaterThanOrEqual(2);
      expect(fakes.urlFetchApp.requests.length).toBeLessThanOrEqual(10);

      // Refresh formulas (the menu item) recalculates it once more, for free as well.
      fakes.runtime.call('onOpen', [], 'auth-none');
      fakes.ui.click('Creator Sheets', 'Refresh formulas');
      expect(fakes.spreadsheet.toasts.map((toast) => toast.message)).toEqual([
        'Refreshed 1 Creator Sheets formula.',
      ]);
      expect(fakes.evaluator.runs.get('INFLUENCER_REPORT')).toBe(11);
      expect(sheet.getDataRange().getValues()).toEqual(values);
      expect(upstreamCalls(await world.stats(), 'report')).toBe(500);
    },
    SLOW_TEST_MS,
  );
});

describe('formula rows beside their input, from the built bundle (issue 15)', () => {
  it('answers =INFLUENCER_REPORT(A2:A4) typed in C2 with A2’s report in row 2, numbers as the sidebar shows them', () => {
    const fakes = world.load();
    fakes.evaluateFormulas();
    const handles = world.handles.instagram.slice(500, 503).map((handle) => `@${handle}`);
    const sheet = columnTab(fakes, 'Aligned', 'Handle', handles);

    sheet
      .getRange('C2')
      .setFormula('=INFLUENCER_REPORT(A2:A4, "instagram", "handle, followers, engagement_rate")');

    expect(fakes.evaluator.errors).toEqual([]);
    const rows = sheet.getRange('C1:E4').getValues();
    // Row 1 stays empty: no header unless asked for or above the input.
    expect(rows[0]).toEqual(['', '', '']);
    expect(rows.slice(1).map((row) => `@${String(row[0])}`)).toEqual(handles);
    for (const [, followers, rate] of rows.slice(1)) {
      expect(Number.isInteger(followers)).toBe(true);
      // A fraction a percent format shows with two places: 0.0416 for 4.16%.
      expect(typeof rate).toBe('number');
      expect(Math.abs((rate as number) * 10_000 - Math.round((rate as number) * 10_000))).toBeLessThan(1e-6);
    }
  });
});

describe('EMAIL_SEARCH from the built bundle', () => {
  it('looks up 5,000 addresses with 5 calls to the API or fewer', async () => {
    const fakes = world.load();
    fakes.evaluateFormulas();
    const known = world.emails.slice(0, 150);
    const emails = Array.from({ length: 5000 }, (_, i) =>
      i % 20 === 0 && i / 20 < known.length ? known[i / 20] : `formula.${i}@prospects${i % 7}.example`,
    );
    const sheet = columnTab(fakes, 'Leads', 'E-mail', emails);
    await world.resetStats();

    sheet.getRange('B1').setFormula('=EMAIL_SEARCH(A2:A5001)');

    expect(fakes.evaluator.errors).toEqual([]);
    const values = sheet.getRange(1, 2, 5001, 9).getValues();
    expect(values[0].slice(0, 2)).toEqual(['E-mail', 'Status']);
    expect(values.slice(1).map((row) => row[0])).toEqual(emails);
    const matched = values.slice(1).filter((row) => row[1] === 'matched');
    expect(matched.length).toBeGreaterThanOrEqual(known.length);
    const stats = await world.stats();
    expect(upstreamCalls(stats, 'emailSearch')).toBeGreaterThan(0);
    expect(upstreamCalls(stats, 'emailSearch')).toBeLessThanOrEqual(5);
    expect(fakes.urlFetchApp.requests).toHaveLength(1);
  });
});

describe('e-mail enrichment job from the built bundle', () => {
  it(
    'writes 10,000 rows one setValues per block and survives the 6-minute cut-off',
    async () => {
      const ROWS = 10_000;
      const fakes = world.load();
      const known = world.emails.slice(150, 300);
      const emails = Array.from({ length: ROWS }, (_, i) =>
        i % 50 === 0 && i / 50 < known.length ? known[i / 50] : `enrich.${i}@prospects${i % 11}.example`,
      );
      const sheet = columnTab(fakes, 'Leads', 'E-mail', emails);
      fakes.spreadsheetApp.writes.clear();
      await world.resetStats();

      // The user selects column A (header included) and enriches it.
      fakes.spreadsheetApp.select('Leads!A:A');
      const start: BulkStart = {
        source: { kind: 'selection' },
        target: { kind: 'beside' },
        confirmedCost: true,
        confirmedOverwrite: false,
      };
      // Each fetch takes 30 s on the run's clock, so a poll writes only what fits in its time budget.
      fakes.urlFetchApp.latencyMs = 30_000;
      let view = fakes.runtime.callFromClient('startEnrichment', [start]) as JobView;
      expect(view).toMatchObject({ kind: 'email-enrichment', total: ROWS });
      expect(view.rowsWritten).toBeLessThan(ROWS);

      // Let the worker finish, so that every poll has blocks to write.
      for (let i = 0; i < 300; i++) {
        const progress = await world.api<{ status: string }>(`/api/jobs/${view.id}`);
        if (FINAL.includes(progress.status)) break;
        await realDelay(100);
      }

      const cutOffs = [
        // The limit strikes right after a block was written, before the add-on noted it...
        () => fakes.runtime.cutOffAfter('Range.setValues', 3),
        // ... and right after a block was fetched, before it was written.
        () => fakes.runtime.cutOffAfter('UrlFetchApp.fetch', 3),
      ];
      const failures: string[] = [];
      let polls = 0;
      while (!(FINAL.includes(view.status) && view.rowsWritten >= view.total)) {
        polls += 1;
        if (polls > 40) throw new Error(`the job did not finish writing: ${JSON.stringify(view)}`);
        if (fakes.runtime.pendingCutOff === null) cutOffs.shift()?.();
        try {
          view = fakes.runtime.callFromClient('pollJob', [view.id]) as JobView;
        } catch (error) {
          failures.push((error as Error).message);
        }
      }

      expect(failures).toEqual([EXCEEDED_MAXIMUM_EXECUTION_TIME, EXCEEDED_MAXIMUM_EXECUTION_TIME]);
      expect(view).toMatchObject({ status: 'done', rowsWritten: ROWS, total: ROWS });

      // Every input row has its result beside it, exactly the worker's row, none missing or doubled.
      const expected = await workerRows(view.id);
      expect(expected).toHaveLength(ROWS);
      const width = expected[0].length;
      const written = sheet.getRange(2, 2, ROWS, width).getValues();
      // Beside the addresses, the rows start after them: no address written again (issue 15).
      expect(written.filter((row) => emails.includes(String(row[0])))).toEqual([]);
      expect(written).toEqual(expected.map((row) => row.map((cell) => (cell === null ? '' : cell))));
      expect(sheet.getRange(1, 1, 1, 3).getValues()).toEqual([['E-mail', 'Status', 'Platform']]);
      expect(sheet.getLastRow()).toBe(ROWS + 1);

      // One setValues per block of rows; only the block written just before the cut-off was written
      // again, to the same place.
      const blocks = fakes.spreadsheetApp.writes
        .of('Range.setValues', 'Leads')
        .filter((w) => !/^[A-Z]+1(:|$)/.test(w.a1));
      const byPlace = new Map<string, WriteRecord[]>();
      for (const block of blocks) byPlace.set(block.a1, [...(byPlace.get(block.a1) ?? []), block]);
      const rewritten = [...byPlace.values()].filter((writes) => writes.length > 1);
      expect(rewritten).toHaveLength(1);
      expect(rewritten[0]).toHaveLength(2);
      expect([...byPlace.values()].reduce((rows, writes) => rows + writes[0].rows, 0)).toBe(ROWS);
      expect(Math.max(...blocks.map((block) => block.rows))).toBeLessThanOrEqual(500);
      expect(fakes.spreadsheetApp.writes.count('Range.setValue')).toBe(0);

      // 10,000 addresses, 1,000 per call: the cut-offs and resumed polls paid nothing again.
      const stats = await world.stats();
      expect(upstreamCalls(stats, 'emailSearch')).toBe(10);
    },
    SLOW_TEST_MS,
  );
});
