import {
  cancelJobRun,
  estimateEmailSource,
  listActiveJobViews,
  pollJobRows,
  startEmailEnrichment,
  startSearchJob,
} from '../../../../addon/server/jobs/jobs';
import { JOB_PROPERTY_PREFIX } from '../../../../addon/server/jobs/job-records';
import type { BulkStart, SearchForm } from '../../../../addon/bridge-contract/sidebar-api';
import type { FakeSheet } from '../../../../worker/playground/apps-script/spreadsheet/sheet';
import { JobService } from './job-service';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;
let jobs: JobService;
let sheet: FakeSheet;

/** An "Emails" tab: a header in A1, then `count` addresses. */
function emailsTab(count: number): FakeSheet {
  const tab = env.fakes.spreadsheet.requireSheet('Emails');
  if (count + 1 > tab.getMaxRows()) tab.insertRowsAfter(tab.getMaxRows(), count + 1 - tab.getMaxRows());
  const values = [['Email'], ...Array.from({ length: count }, (_, i) => [`creator${i}@example.com`])];
  tab.getRange(1, 1, values.length, 1).setValues(values);
  env.fakes.spreadsheetApp.writes.clear();
  return tab;
}

function beside(overrides: Partial<BulkStart> = {}): BulkStart {
  return {
    source: { kind: 'column', sheetName: 'Emails', column: 'A', firstRow: 1 },
    target: { kind: 'beside' },
    confirmedCost: true,
    confirmedOverwrite: false,
    ...overrides,
  };
}

function column(tab: FakeSheet, letter: string, from: number, to: number): unknown[] {
  return tab
    .getRange(`${letter}${from}:${letter}${to}`)
    .getValues()
    .map((row) => row[0]);
}

beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Emails'] } });
  env.connect();
  jobs = new JobService(env.worker);
  sheet = emailsTab(10);
});
afterEach(() => env.restore());

describe('startEmailEnrichment', () => {
  it('sends the column without its header and writes the rows beside it, header beside the header', () => {
    const view = startEmailEnrichment(beside());
    const [post] = env.worker.calls('api/jobs');
    expect(post.body).toMatchObject({
      kind: 'email-enrichment',
      // Beside the addresses, the rows need not repeat them (issue 15).
      input: { emails: column(sheet, 'A', 2, 11), withInput: false },
    });
    expect((post.body as { idempotencyKey: string }).idempotencyKey).toMatch(/^cs-[A-Za-z0-9_-]{43}$/);
    expect(view).toMatchObject({ status: 'done', rowsWritten: 10, destination: 'Emails!B2' });
    expect(sheet.getRange('B1:J1').getValues()[0]).toEqual([
      'E-mail',
      'Status',
      'Platform',
      'Handle',
      'Name',
      'Followers',
      'Engagement rate',
      'URL',
      'Other accounts',
    ]);
    expect(column(sheet, 'B', 2, 11)).toEqual(column(sheet, 'A', 2, 11));
    expect(column(sheet, 'E', 2, 3)).toEqual(['h0', 'h1']);
    // Number formats from the column hints, set with the rows: text, thousands, percent.
    expect(sheet.getRange('B2').getNumberFormat()).toBe('@');
    expect(sheet.getRange('G11').getNumberFormat()).toBe('#,##0');
    expect(sheet.getRange('H2').getNumberFormat()).toBe('0.00%');
    // One setValues for the header, one for the block of rows; one format call for the block, not one per column.
    expect(env.fakes.spreadsheetApp.writes.count('Range.setValues')).toBe(2);
    expect(env.fakes.spreadsheetApp.writes.count('Range.setNumberFormats')).toBe(1);
    // The header's, as plain text.
    expect(env.fakes.spreadsheetApp.writes.count('Range.setNumberFormat')).toBe(1);
  });

  it('refuses to overwrite cells that hold data unless the user confirmed, and sends nothing', () => {
    sheet.getRange('D5').setValues([['keep me']]);
    expect(() => startEmailEnrichment(beside())).toThrow(
      '1 cell of Emails!B1:I11 already holds data: confirm overwriting, or write the results to a new tab.',
    );
    expect(env.worker.calls('api/jobs')).toHaveLength(0);
    expect(sheet.getRange('D5').getValues()[0][0]).toBe('keep me');
    startEmailEnrichment(beside({ confirmedOverwrite: true }));
    expect(sheet.getRange('D5').getValues()[0][0]).toBe('instagram');
  });

  it('asks for the address column too when the rows go to a new tab, where nothing else shows it', () => {
    startEmailEnrichment(beside({ target: { kind: 'newTab' } }));
    const [post] = env.worker.calls('api/jobs');
    expect((post.body as { input: Record<string, unknown> }).input).not.toHaveProperty('withInput');
  });

  it('asks for confirmation above the threshold before anything is sent', () => {
    sheet = emailsTab(100); // at most 100 x 0.02 = 2 credits
    expect(() => startEmailEnrichment(beside({ confirmedCost: false }))).toThrow(
      'This can cost up to 2 credits: confirm the estimate to start.',
    );
    expect(env.worker.calls('api/jobs')).toHaveLength(0);
  });

  it('estimates with the header left out and says what "beside" would overwrite', () => {
    sheet.getRange('C3').setValues([['x']]);
    expect(
      estimateEmailSource({ kind: 'column', sheetName: 'Emails', column: 'A', firstRow: 1 }),
    ).toMatchObject({
      rows: 10,
      unique: 10,
      maxCredits: 0.2,
      needsConfirmation: false,
      besideOccupied: 1,
      besideRange: 'Emails!B1:I11',
    });
  });

  it('answers a repeated start of a job still running with that job, not a second one', () => {
    jobs.finishOnCreate = false;
    const first = startEmailEnrichment(beside());
    const second = startEmailEnrichment(beside());
    expect(second.id).toBe(first.id);
    expect(env.worker.calls('api/jobs')).toHaveLength(1);
  });
});

describe("bulk enrichment into a tab of the user's naming (issue 15)", () => {
  const into = (name: string, mode: 'replace' | 'append'): BulkStart =>
    beside({ target: { kind: 'newTab', name, mode } });
  /** Other addresses in the Emails tab, `count` of them. */
  const otherAddresses = (count: number): FakeSheet => {
    env.fakes.spreadsheet.requireSheet('Emails').clear();
    return emailsTab(count);
  };
  /** The addresses a tab's rows were made from, column A below its header. */
  const firstColumn = (name: string): unknown[] => {
    const tab = env.fakes.spreadsheet.requireSheet(name);
    return column(tab, 'A', 2, tab.getLastRow());
  };

  it('replaces the named tab on each run: one tab, one header, only the new rows', () => {
    startEmailEnrichment(into('Enriched', 'replace'));
    sheet = otherAddresses(4);
    const view = startEmailEnrichment(into('Enriched', 'replace'));

    expect(view.destination).toBe('Enriched!A2');
    expect(env.fakes.spreadsheet.getSheets().map((tab) => tab.getName())).toEqual(['Emails', 'Enriched']);
    const tab = env.fakes.spreadsheet.requireSheet('Enriched');
    expect(tab.getRange('A1:B1').getValues()[0]).toEqual(['E-mail', 'Status']);
    expect(firstColumn('Enriched')).toEqual(column(sheet, 'A', 2, 5));
  });

  it('adds the rows of another run below the table, under its one header', () => {
    startEmailEnrichment(into('Enriched', 'append'));
    sheet = otherAddresses(3);
    const view = startEmailEnrichment(into('enriched', 'append'));

    expect(view.destination).toBe('Enriched!A12');
    expect(firstColumn('Enriched')).toHaveLength(13);
    expect(firstColumn('Enriched').filter((value) => value === 'E-mail')).toHaveLength(0);
  });

  it("refuses the input's own tab, and a tab holding another table, before anything is sent", () => {
    expect(() => startEmailEnrichment(into('Emails', 'replace'))).toThrow(
      'The input is read from the tab "Emails": writing the results there would delete it. Choose another tab.',
    );
    const other = env.fakes.spreadsheet.insertSheet('Picks');
    other.getRange('A1:B1').setValues([['Handle', 'Followers']]);
    expect(() => startEmailEnrichment(into('Picks', 'append'))).toThrow(
      'The tab "Picks" holds another table: its column A is "Handle" in row 1, where this enrichment writes "E-mail". Nothing was started: choose "replace", another tab, or a new tab.',
    );
    expect(env.worker.calls('api/jobs')).toHaveLength(0);
  });
});

describe('pollJobRows', () => {
  it('resumes from document properties: 1,200 rows over several polls, none missing or doubled', () => {
    sheet = emailsTab(1200);
    jobs.finishOnCreate = false;
    const started = startEmailEnrichment(beside());
    expect(started.rowsWritten).toBe(0);

    jobs.finish(started.id, 0, 700);
    expect(pollJobRows(started.id).rowsWritten).toBe(700);
    const stored = env.fakes.propertiesService.document.getProperty(JOB_PROPERTY_PREFIX + started.id);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ rowsWritten: 700, finishedAt: null });

    // The sidebar closed; it opens again and lists what is still writing.
    expect(listActiveJobViews().map((view) => view.id)).toEqual([started.id]);
    jobs.finish(started.id, 700, 1200);
    const view = pollJobRows(started.id);
    expect(view).toMatchObject({ status: 'done', rowsWritten: 1200 });
    expect(view.message).toBe('Done: 1,200 rows written, 0.2 credits spent.');
    expect(column(sheet, 'B', 2, 1201)).toEqual(column(sheet, 'A', 2, 1201));
    // Blocks of at most 500 rows, one setValues each (plus the header).
    const blocks = env.fakes.spreadsheetApp.writes
      .of('Range.setValues')
      .filter((w) => w.columns === 9 && w.rows > 1);
    expect(blocks.map((w) => w.a1)).toEqual(['B2:J501', 'B502:J701', 'B702:J1201']);
    expect(listActiveJobViews()).toEqual([]);
  });

  it('writes nothing while another poll of this document holds the lock', () => {
    jobs.finishOnCreate = false;
    const started = startEmailEnrichment(beside());
    jobs.finish(started.id, 0, 10);
    env.fakes.lockService.holdElsewhere('document');
    expect(pollJobRows(started.id).rowsWritten).toBe(0);
    env.fakes.lockService.releaseElsewhere('document');
    expect(pollJobRows(started.id).rowsWritten).toBe(10);
  });

  it('does not list jobs other users started in this document', () => {
    jobs.finishOnCreate = false;
    startEmailEnrichment(beside());
    env.connect(undefined, 'bo@team.com');
    expect(listActiveJobViews()).toEqual([]);
  });
});

describe('cancelJobRun', () => {
  it('cancels on the worker and still writes the rows finished before', () => {
    jobs.finishOnCreate = false;
    const started = startEmailEnrichment(beside());
    jobs.finish(started.id, 0, 4);
    const view = cancelJobRun(started.id);
    expect(env.worker.calls(`api/jobs/${started.id}`).some((r) => r.method === 'delete')).toBe(true);
    expect(view).toMatchObject({ status: 'cancelled', rowsWritten: 4 });
    // Cancelling a job that already ended is no error.
    expect(cancelJobRun(started.id).status).toBe('cancelled');
  });
});

describe('startSearchJob', () => {
  const form: SearchForm = {
    platform: 'instagram',
    title: 'Vegan food creators',
    influencer: { followersMin: 10_000, keywords: 'vegan' },
    audience: {},
    sort: { field: 'followers', direction: 'desc' },
    pages: 2,
  };

  it('writes into a new tab named after the search, header frozen', () => {
    sheet.getRange('A1').setValues([['Vegan food creators']]);
    env.fakes.spreadsheet.insertSheet('Vegan food creators');
    const view = startSearchJob(form, true);
    const [post] = env.worker.calls('api/jobs');
    expect(post.body).toMatchObject({
      kind: 'search-pages',
      input: {
        platform: 'instagram',
        filter: { influencer: { followers: { min: 10_000 }, keywords: 'vegan' } },
        sort: { field: 'followers', direction: 'desc' },
        pages: 2,
      },
    });
    const tab = env.fakes.spreadsheet.requireSheet('Vegan food creators (2)');
    expect(view.destination).toBe("'Vegan food creators (2)'!A2");
    expect(tab.getFrozenRows()).toBe(1);
    expect(tab.getRange('A1:C1').getValues()[0]).toEqual(['Match', 'Handle', 'Followers']);
    expect(tab.getRange('A31:B31').getValues()[0]).toEqual(['creator 29', 'matched']);
  });
});

describe('a start after a cancel', () => {
  it('makes a new job rather than answering the cancelled one', () => {
    jobs.finishOnCreate = false;
    const first = startEmailEnrichment(beside());
    cancelJobRun(first.id);
    const second = startEmailEnrichment(beside({ confirmedOverwrite: true }));
    expect(second.id).not.toBe(first.id);
    const keys = env.worker
      .calls('api/jobs')
      .map((r) => (r.body as { idempotencyKey: string }).idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });
});

describe('a column starting below its header', () => {
  it('gets the results header beside the header above it, and none when data is above', () => {
    const view = startEmailEnrichment(
      beside({ source: { kind: 'column', sheetName: 'Emails', column: 'A', firstRow: 2 } }),
    );
    expect(view.rowsWritten).toBe(10);
    expect(sheet.getRange('B1:C1').getValues()[0]).toEqual(['E-mail', 'Status']);

    sheet = emailsTab(10);
    sheet.getRange('B1:J11').setValues(Array.from({ length: 11 }, () => Array(9).fill('')));
    env.fakes.spreadsheetApp.select('Emails!A5:A8');
    const middle = startEmailEnrichment(beside({ source: { kind: 'selection' } }));
    expect(middle).toMatchObject({ rowsWritten: 4, destination: 'Emails!B5' });
    expect(
      sheet
        .getRange('B4:B8')
        .getValues()
        .map((row) => row[0]),
    ).toEqual([
      '',
      'creator3@example.com',
      'creator4@example.com',
      'creator5@example.com',
      'creator6@example.com',
    ]);
  });
});

describe('a job whose tab was deleted', () => {
  it('says so on poll, and can still be cancelled', () => {
    jobs.finishOnCreate = false;
    const started = startSearchJob(
      {
        platform: 'youtube',
        title: 'Gone soon',
        influencer: { followersMin: 1000 },
        audience: {},
        sort: { field: 'followers', direction: 'desc' },
        pages: 1,
      },
      true,
    );
    jobs.finish(started.id, 0, 5);
    env.fakes.spreadsheet.deleteSheet(env.fakes.spreadsheet.requireSheet('Gone soon'));
    expect(() => pollJobRows(started.id)).toThrow(
      'The tab "Gone soon" that this job writes into is gone: cancel the job, or undo the deletion.',
    );
    expect(cancelJobRun(started.id).status).toBe('cancelled');
    expect(listActiveJobViews()).toEqual([]);
  });
});
