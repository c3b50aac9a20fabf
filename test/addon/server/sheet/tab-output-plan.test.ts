import { startCollaborations } from '../../../../addon/server/collaborations/collaborations-functions';
import { pollJobRows, startEmailEnrichment, startSearchJob } from '../../../../addon/server/jobs/jobs';
import { writeListToTab } from '../../../../addon/server/lists/lists-actions';
import { readRunLines } from '../../../../addon/server/saved-work/run-history';
import { writeTableToTab } from '../../../../addon/server/sheet/table-tab';
import { planTabOutput } from '../../../../addon/server/sheet/tab-output-plan';
import type { SearchForm } from '../../../../addon/bridge-contract/sidebar-api';
import { COLLABORATION_SUMMARY_COLUMNS } from '../../../../shared/rows/collaboration-rows';
import type { Column } from '../../../../shared/rows/columns';
import { SEARCH_COLUMNS } from '../../../../shared/rows/search-rows';
import { JobService } from '../jobs/job-service';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

/**
 * Issue 15: a table into a tab of the user's naming, replaced or added to below its table, with
 * everything that can refuse checked before the worker is asked for anything.
 */

const COLUMNS: Column[] = [
  { id: 'name', label: 'Name', format: 'text' },
  { id: 'followers', label: 'Followers', format: 'integer' },
];

let env: ServerGlobals;
let jobs: JobService;

beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Leads'] } });
  env.connect();
  jobs = new JobService(env.worker);
  jobs.columnsByKind['search-pages'] = SEARCH_COLUMNS.map((col) => ({ ...col }));
});
afterEach(() => env.restore());

function tabNames(): string[] {
  return env.fakes.spreadsheet.getSheets().map((sheet) => sheet.getName());
}

function values(tab: string, a1: string): unknown[][] {
  return env.fakes.spreadsheet.requireSheet(tab).getRange(a1).getValues();
}

function writeTable(mode: 'new' | 'replace' | 'append', rows: (string | number)[][], name = 'Picks') {
  const place = planTabOutput({
    output: { name, mode },
    fallbackName: 'Overlap',
    width: COLUMNS.length,
    header: COLUMNS.map((col) => col.label),
    what: 'this overlap',
  });
  return writeTableToTab(place, COLUMNS, rows, { kind: 'overlap', credits: 0.5 });
}

describe('a table into a named tab', () => {
  it('makes the tab when it is missing, then replaces its contents: one tab, only the new rows', () => {
    writeTable('replace', [
      ['ana', 10],
      ['bo', 20],
      ['cy', 30],
    ]);
    const second = writeTable('replace', [['dee', 40]]);

    expect(tabNames()).toEqual(['Leads', 'Picks']);
    expect(second).toMatchObject({ sheetName: 'Picks', destination: 'Picks!A2', rows: 1, mode: 'replace' });
    expect(values('Picks', 'A1:B4')).toEqual([
      ['Name', 'Followers'],
      ['dee', 40],
      ['', ''],
      ['', ''],
    ]);
    expect(env.fakes.spreadsheet.requireSheet('Picks').getFrozenRows()).toBe(1);
  });

  it('adds below the table without a second header, and a name in another case is the same tab', () => {
    writeTable('new', [['ana', 10]]);
    const added = writeTable('append', [['bo', 20]], 'picks');

    expect(tabNames()).toEqual(['Leads', 'Picks']);
    expect(added.destination).toBe('Picks!A3');
    expect(values('Picks', 'A1:B3')).toEqual([
      ['Name', 'Followers'],
      ['ana', 10],
      ['bo', 20],
    ]);
  });

  it('refuses to add below a table whose header differs, naming the column, before anything is written', () => {
    env.fakes.spreadsheet
      .requireSheet('Leads')
      .getRange('A1:B2')
      .setValues([
        ['Name', 'E-mail'],
        ['ana', 'ana@example.com'],
      ]);
    expect(() => writeTable('append', [['bo', 20]], 'Leads')).toThrow(
      'The tab "Leads" holds another table: its column B is "E-mail" in row 1, where this overlap writes "Followers". Nothing was started: choose "replace", another tab, or a new tab.',
    );
    expect(values('Leads', 'A3:B3')).toEqual([['', '']]);
  });

  it('keeps a new tab each run as before: a number added to a name taken', () => {
    writeTable('new', [['ana', 10]]);
    writeTable('new', [['bo', 20]]);
    expect(tabNames()).toEqual(['Leads', 'Picks', 'Picks (2)']);
  });

  it("writes a line in the document's run history for each table", () => {
    writeTable('replace', [['ana', 10]]);
    expect(readRunLines()).toEqual([
      expect.objectContaining({
        kind: 'overlap',
        who: 'ana@team.com',
        tab: 'Picks',
        place: 'Picks!A2',
        mode: 'replace',
        rows: 1,
        credits: 0.5,
        outcome: 'done',
      }),
    ]);
  });
});

describe('a search into a named tab', () => {
  const form: SearchForm = {
    platform: 'instagram',
    title: 'Vegan',
    influencer: { keywords: 'vegan' },
    audience: {},
    sort: { field: 'followers', direction: 'desc' },
    pages: 1,
  };

  it('re-run with replace leaves one tab with the new rows; with append adds them below', () => {
    startSearchJob({ ...form, tabMode: 'replace' }, true);
    startSearchJob({ ...form, pages: 2, tabMode: 'replace' }, true);
    expect(tabNames()).toEqual(['Leads', 'Vegan']);
    // Two pages of 15: 30 rows and nothing below them.
    expect(values('Vegan', 'A31:A32')).toEqual([['creator 29'], ['']]);

    const view = startSearchJob({ ...form, tabMode: 'append' }, true);
    expect(view.destination).toBe('Vegan!A32');
    // Fifteen rows below the thirty: rows 32 to 46.
    expect(values('Vegan', 'A31:A47').map((row) => row[0])).toEqual([
      'creator 29',
      ...Array.from({ length: 15 }, (_, i) => `creator ${i}`),
      '',
    ]);
    expect(values('Vegan', 'A1:B1')).toEqual([[SEARCH_COLUMNS[0].label, SEARCH_COLUMNS[1].label]]);
    expect(tabNames()).toEqual(['Leads', 'Vegan']);
  });

  it('asks the worker for nothing when the tab it would add to holds another table', () => {
    env.fakes.spreadsheet
      .requireSheet('Leads')
      .getRange('A1')
      .setValues([['Email']]);
    expect(() => startSearchJob({ ...form, title: 'Leads', tabMode: 'append' }, true)).toThrow(
      `The tab "Leads" holds another table: its column A is "Email" in row 1, where this search writes "${SEARCH_COLUMNS[0].label}".`,
    );
    expect(env.worker.calls('api/jobs')).toEqual([]);
  });

  it('refuses a tab a job of this document is still writing into', () => {
    jobs.finishOnCreate = false;
    startSearchJob({ ...form, tabMode: 'replace' }, true);
    expect(() => startSearchJob({ ...form, pages: 2, tabMode: 'replace' }, true)).toThrow(
      'A job is still writing into the tab "Vegan": wait until it is done (see the jobs list), or choose another tab.',
    );
    expect(env.worker.calls('api/jobs')).toHaveLength(1);
  });

  it('records the run: running once accepted, then rows, credits and outcome when its rows are in', () => {
    jobs.finishOnCreate = false;
    const view = startSearchJob({ ...form, tabMode: 'replace' }, true);
    expect(readRunLines()).toEqual([
      expect.objectContaining({
        id: view.id,
        kind: 'search-pages',
        tab: 'Vegan',
        outcome: 'running',
        rows: 0,
      }),
    ]);
    jobs.finish(view.id, 0, 15);
    pollJobRows(view.id);
    expect(readRunLines()).toEqual([
      expect.objectContaining({
        id: view.id,
        who: 'ana@team.com',
        mode: 'replace',
        rows: 15,
        credits: 0.2,
        outcome: 'done',
        endedAt: expect.any(String),
      }),
    ]);
  });
});

describe('an enrichment into a named tab', () => {
  it('never replaces the tab its addresses come from', () => {
    const leads = env.fakes.spreadsheet.requireSheet('Leads');
    leads.getRange('A1:A3').setValues([['Email'], ['a@example.com'], ['b@example.com']]);
    expect(() =>
      startEmailEnrichment({
        source: { kind: 'column', sheetName: 'Leads', column: 'A', firstRow: 1 },
        target: { kind: 'newTab', name: 'Leads', mode: 'replace' },
        confirmedCost: true,
        confirmedOverwrite: false,
      }),
    ).toThrow(
      'The input is read from the tab "Leads": writing the results there would delete it. Choose another tab.',
    );
    expect(values('Leads', 'A2:A3')).toEqual([['a@example.com'], ['b@example.com']]);
    expect(env.worker.calls('api/jobs')).toEqual([]);
  });
});

describe('a collaborations summary into a named tab', () => {
  const SUMMARY_PATH = 'api/collaborations/summary';
  const summary = (tabMode: 'replace' | 'append') =>
    startCollaborations(
      {
        kind: 'summary',
        subject: 'influencer',
        platform: 'instagram',
        id: 'ana',
        groupByDomain: false,
        tab: { name: 'Collabs', mode: tabMode },
      },
      true,
    );

  it('adds a second summary below the first, and pays for none when the tab holds another table', () => {
    env.worker.on('post', SUMMARY_PATH, {
      body: {
        header: [],
        columns: COLLABORATION_SUMMARY_COLUMNS,
        rows: [['Nike', '1', 30, 300, null, 3, null]],
        side: 'influencer',
        credits: 0.2,
      },
    });
    summary('replace');
    const second = summary('append');
    expect(second.kind === 'table' && second.destination).toBe('Collabs!A3');
    expect(values('Collabs', 'A1:A4').map((row) => row[0])).toEqual(['Partner', 'Nike', 'Nike', '']);

    env.fakes.spreadsheet
      .requireSheet('Collabs')
      .getRange('A1')
      .setValues([['Brand']]);
    expect(() => summary('append')).toThrow(
      /its column A is "Brand" in row 1, where this summary writes "Partner"/,
    );
    expect(env.worker.calls(SUMMARY_PATH)).toHaveLength(2);
  });
});

describe("a list's members into a named tab", () => {
  it('replaces the tab with the members, read for free, and says where they went', () => {
    env.worker.on('get', 'api/ai/lists/list-1', {
      body: {
        list: {
          id: 'list-1',
          name: 'Summer',
          platform: 'instagram',
          createdAt: '2025-05-01T00:00:00Z',
          updatedAt: '2025-05-01T00:00:00Z',
        },
      },
    });
    env.worker.on('get', 'api/ai/lists/list-1/members', {
      body: {
        header: ['User id', 'Handle'],
        columns: [
          { id: 'user_id', label: 'User id', format: 'text' },
          { id: 'handle', label: 'Handle', format: 'text' },
        ],
        rows: [
          ['1', 'ana'],
          ['2', 'bo'],
        ],
        total: 2,
        members: ['1', '2'],
      },
    });
    env.fakes.spreadsheet
      .insertSheet('Summer picks')
      .getRange('A1:A5')
      .setValues([['old'], ['1'], ['2'], ['3'], ['4']]);
    const written = writeListToTab('list-1', { name: 'Summer picks', mode: 'replace' });
    expect(written.sheetName).toBe('Summer picks');
    expect(values('Summer picks', 'A1:B4')).toEqual([
      ['User id', 'Handle'],
      ['1', 'ana'],
      ['2', 'bo'],
      ['', ''],
    ]);
    expect(readRunLines()[0]).toMatchObject({ kind: 'list-members', mode: 'replace', rows: 2, credits: 0 });
  });
});
