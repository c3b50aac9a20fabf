import { startCollaborations } from '../../../../addon/server/collaborations/collaborations-functions';
import { startCollaborationsRun } from '../../../../addon/server/collaborations/collaborations-run';
import type {
  CollaborationsRequest,
  CollaborationsStart,
} from '../../../../addon/bridge-contract/collaborations-api';
import type { JobView } from '../../../../addon/bridge-contract/sidebar-api';
import {
  COLLABORATION_POST_COLUMNS,
  COLLABORATION_SUMMARY_COLUMNS,
} from '../../../../shared/rows/collaboration-rows';
import type { Column, Row } from '../../../../shared/rows/columns';
import { workerError, type RecordedRequest } from '../scripted-worker';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

/**
 * The Collaborations section's server functions against a scripted worker and the Sheets fakes:
 * posts start a `collaboration-posts` job whose rows the shared job writer puts into a new tab; a
 * summary is one call written at once.
 */

const JOBS_PATH = 'api/jobs';
const SUMMARY_PATH = 'api/collaborations/summary';
const POST_COLUMNS: Column[] = [
  ...COLLABORATION_POST_COLUMNS,
  { id: 'creator', label: 'Creator', format: 'text' },
];

let globals: ServerGlobals;
beforeEach(() => {
  globals = installServerGlobals();
  globals.connect();
});
afterEach(() => globals.restore());

function postsRequest(pages: number, extra: Partial<CollaborationsRequest> = {}): CollaborationsRequest {
  return {
    kind: 'posts',
    subject: 'influencer',
    platform: 'instagram',
    id: '@Ana',
    pages,
    ...extra,
  } as CollaborationsRequest;
}

function postRow(index: number): Row {
  return [`=p${index}`, '2024-05-01', 'Paid', 'Title', null, null, 10, 1, 100, null, 2, 'Nike', null, 'ana'];
}

/**
 * A `collaboration-posts` job on the scripted worker: created with the most rows its pages can
 * hold, `rows` finished, in `status`, with the columns the worker fixed.
 */
function serveJob(rows: Row[], columns: Column[] = POST_COLUMNS, status = 'done'): void {
  let total = 0;
  globals.worker.on('post', JOBS_PATH, (request) => {
    total = (request.body as { input: { maxPages: number } }).input.maxPages * 100;
    return { status: 202, body: { id: 'collab-1', status: 'running', total } };
  });
  globals.worker.on('get', 'api/jobs/collab-1', () => ({
    body: {
      id: 'collab-1',
      kind: 'collaboration-posts',
      status,
      done: rows.length,
      total: status === 'done' ? rows.length : total,
      creditsSpent: 0.6,
      errors: 0,
      ...(status === 'done' ? {} : { lastError: null }),
      header: columns.map((col) => col.label),
      columns,
    },
  }));
  globals.worker.on('get', 'api/jobs/collab-1/rows', (request: RecordedRequest) => {
    const after = Number(request.query.after ?? 0);
    return {
      body: { rows: rows.slice(after).map((row, i) => ({ position: after + i, row })), next: rows.length },
    };
  });
}

function jobPosts(): RecordedRequest[] {
  return globals.worker.calls(JOBS_PATH).filter((call) => call.method === 'post');
}

function jobOf(start: CollaborationsStart): JobView {
  if (start.kind !== 'job') throw new Error(`expected a job, got ${JSON.stringify(start)}`);
  return start.job;
}

function tab(name: string) {
  const sheet = globals.fakes.spreadsheet.getSheetByName(name);
  if (sheet === null) throw new Error(`no tab ${name}`);
  return sheet;
}

describe('posts', () => {
  it('starts one collaboration-posts job with the posts route body and the pages, writing into a new tab', () => {
    const rows = Array.from({ length: 36 }, (_, index) => postRow(index));
    serveJob(rows);

    const job = jobOf(startCollaborations(postsRequest(12), true));

    expect(jobPosts().map((call) => call.body)).toEqual([
      {
        kind: 'collaboration-posts',
        // The fakes' sheet is in Berlin: the worker reads the window's days and writes dates there.
        input: { id: 'ana', platform: 'instagram', timeZone: 'Europe/Berlin', maxPages: 12 },
        idempotencyKey: expect.stringMatching(/^cs-/),
      },
    ]);
    expect(job).toMatchObject({
      kind: 'collaboration-posts',
      status: 'done',
      rowsWritten: 36,
      destination: "'Collabs posts @ana'!A2",
      message: 'Done: 36 rows written, 0.6 credits spent.',
    });
    const values = tab('Collabs posts @ana').getDataRange().getValues();
    expect(values[0]).toEqual(POST_COLUMNS.map((col) => col.label));
    // Every post once, in order, and a caption that looks like a formula stays text.
    expect(values.slice(1).map((row) => row[0])).toEqual(rows.map((row) => row[0]));
    expect(tab('Collabs posts @ana').getRange('A37').getNumberFormat()).toBe('@');
    // No sidebar-side paging: the posts route is never called from the add-on.
    expect(globals.worker.calls('api/collaborations/posts')).toHaveLength(0);
  });

  it('answers a double click with the job already running, and starts nothing twice', () => {
    serveJob([], POST_COLUMNS, 'running');

    const first = jobOf(startCollaborations(postsRequest(3), false));
    const second = jobOf(startCollaborations(postsRequest(3), false));

    expect(jobPosts()).toHaveLength(1);
    expect(second.id).toBe(first.id);
    expect(first.status).toBe('running');
    expect(globals.fakes.spreadsheet.getSheets()).toHaveLength(2);
  });

  it('refuses a cost above 1 credit that was not accepted, before any call', () => {
    serveJob([]);
    expect(() => startCollaborations(postsRequest(6), false)).toThrow(
      'This can cost up to 1.2 credits: confirm the estimate to start.',
    );
    expect(globals.worker.requests).toHaveLength(0);
    expect(globals.fakes.spreadsheet.getSheets()).toHaveLength(1);
  });

  it('refuses a window in the future or the wrong way round, in sentences, before any call', () => {
    expect(() => startCollaborations(postsRequest(1, { from: '2999-01-01' }), true)).toThrow(
      /^From must not be after today \(\d{4}-\d{2}-\d{2}\), got 2999-01-01\.$/,
    );
    expect(() =>
      startCollaborations(postsRequest(1, { from: '2024-05-02', to: '2024-05-01' }), true),
    ).toThrow('To must be on or after From (2024-05-02), got 2024-05-01.');
    expect(globals.worker.requests).toHaveLength(0);
  });

  it('sends the window and the brand as the API takes them', () => {
    serveJob([]);
    startCollaborations(
      postsRequest(1, { from: '2024-01-01', to: '2024-06-30', collaborator: 'https://www.Nike.com/' }),
      false,
    );
    expect((jobPosts()[0].body as { input: unknown }).input).toEqual({
      id: 'ana',
      platform: 'instagram',
      collaboratorId: 'nike.com',
      from: '2024-01-01',
      to: '2024-06-30',
      timeZone: 'Europe/Berlin',
      maxPages: 1,
    });
  });

  it('says so when the worker refuses, and makes no tab', () => {
    globals.worker.on(
      'post',
      JOBS_PATH,
      workerError(
        402,
        'budget_exceeded',
        'Your daily budget of 5 credits is spent: ask an admin to raise it.',
      ),
    );
    expect(() => startCollaborations(postsRequest(1), false)).toThrow(/daily budget of 5 credits is spent/);
    expect(globals.fakes.spreadsheet.getSheets()).toHaveLength(1);
  });
});

describe('summary', () => {
  it("groups an influencer's brands by domain in one call, partners then totals", () => {
    const rows: Row[] = [
      ['Nike', '1', 30, 300, null, 3, null],
      ['Adidas', '2', 10, 100, null, 1, null],
      ['Total', null, 40, 400, null, 4, null],
    ];
    globals.worker.on('post', SUMMARY_PATH, {
      body: { header: [], columns: COLLABORATION_SUMMARY_COLUMNS, rows, side: 'influencer', credits: 0.2 },
    });

    const start = startCollaborations(
      {
        kind: 'summary',
        subject: 'influencer',
        platform: 'tiktok',
        id: 'ana',
        groupByDomain: true,
        from: '2024-01-01',
      },
      false,
    );

    expect(globals.worker.calls(SUMMARY_PATH).map((call) => call.body)).toEqual([
      {
        id: 'ana',
        platform: 'tiktok',
        from: '2024-01-01',
        timeZone: 'Europe/Berlin',
        groupBrandCollaborations: true,
      },
    ]);
    expect(start).toMatchObject({ kind: 'table', side: 'influencer', rows: 3, credits: 0.2 });
    expect(start.kind === 'table' && start.message).toBe(
      "Wrote the totals of 2 brands and a total row into 'Collabs summary @ana'!A2 (0.2 credits).",
    );
    expect(tab('Collabs summary @ana').getDataRange().getValues()).toEqual([
      COLLABORATION_SUMMARY_COLUMNS.map((col) => col.label),
      ...rows.map((row) => row.map((cell) => cell ?? '')),
    ]);
    expect(globals.worker.calls(JOBS_PATH)).toHaveLength(0);
  });

  it("sends no grouping for a brand's summary", () => {
    globals.worker.on('post', SUMMARY_PATH, {
      body: {
        columns: COLLABORATION_SUMMARY_COLUMNS,
        rows: [['Total', null, 0, 0, 0, 0, 0]],
        side: 'brand',
        credits: 0.2,
      },
    });
    startCollaborations(
      { kind: 'summary', subject: 'brand', platform: 'youtube', id: 'https://nike.com', groupByDomain: true },
      false,
    );
    expect(globals.worker.calls(SUMMARY_PATH)[0].body).toEqual({
      id: 'nike.com',
      platform: 'youtube',
      timeZone: 'Europe/Berlin',
    });
  });

  it('notes when the id named a brand rather than an influencer', () => {
    globals.worker.on('post', SUMMARY_PATH, {
      body: {
        columns: COLLABORATION_SUMMARY_COLUMNS,
        rows: [
          ['ana', '7', 1, 1, 1, 1, 1],
          ['Total', null, 1, 1, 1, 1, 1],
        ],
        side: 'brand',
        credits: 0.2,
      },
    });
    const start = startCollaborations(
      { kind: 'summary', subject: 'influencer', platform: 'instagram', id: 'nike', groupByDomain: false },
      false,
    );
    expect(start.kind === 'table' && start.message).toBe(
      'Wrote the totals of 1 influencer and a total row into \'Collabs summary @nike\'!A2 (0.2 credits). Note: "nike" is a brand, so these are the influencers who posted for it.',
    );
  });
});

describe('the older API', () => {
  it('starts the same job kind on the deprecated endpoint, with its own columns', () => {
    const columns: Column[] = [
      { id: 'brand', label: 'Brand', format: 'text' },
      { id: 'domain', label: 'Domain', format: 'text' },
      { id: 'other_fields', label: 'Other fields (JSON)', format: 'text' },
    ];
    serveJob([['Nike', 'nike.com', null]], columns);

    const job = jobOf(
      startCollaborations(
        {
          kind: 'older',
          subject: 'influencer',
          platform: 'youtube',
          id: '@ana',
          groupByDomain: true,
          pages: 7,
        },
        true,
      ),
    );

    expect((jobPosts()[0].body as { input: unknown }).input).toEqual({
      api: 'deprecated',
      kind: 'influencer',
      platform: 'youtube',
      id: 'ana',
      groupedBrands: true,
      maxPages: 7,
      timeZone: 'Europe/Berlin',
    });
    expect(job.destination).toBe("'Collabs (older API) @ana'!A2");
    expect(tab('Collabs (older API) @ana').getDataRange().getValues()).toEqual([
      ['Brand', 'Domain', 'Other fields (JSON)'],
      ['Nike', 'nike.com', ''],
    ]);
  });

  it('sends no grouping for a brand', () => {
    serveJob([]);
    startCollaborations(
      { kind: 'older', subject: 'brand', platform: 'tiktok', id: 'nike.com', groupByDomain: true, pages: 1 },
      false,
    );
    expect((jobPosts()[0].body as { input: unknown }).input).toEqual({
      api: 'deprecated',
      kind: 'brand',
      platform: 'tiktok',
      id: 'nike.com',
      maxPages: 1,
      timeZone: 'Europe/Berlin',
    });
  });

  it('refuses the brand variant on YouTube before any call', () => {
    expect(() =>
      startCollaborations(
        {
          kind: 'older',
          subject: 'brand',
          platform: 'youtube',
          id: 'nike.com',
          groupByDomain: false,
          pages: 1,
        },
        true,
      ),
    ).toThrow(/brand collaborations on Instagram and TikTok only/);
    expect(globals.worker.requests).toHaveLength(0);
  });
});

describe("the sheet's time zone", () => {
  it('is read once per run, sent with the job, and sets what "today" the window may reach', () => {
    globals.restore();
    globals = installServerGlobals({ spreadsheet: { timeZone: 'Pacific/Pago_Pago' } });
    globals.connect();
    serveJob([]);
    const reads = jest.spyOn(globals.fakes.spreadsheet, 'getSpreadsheetTimeZone');
    // 10:30 UTC on 2026-11-21 is 23:30 on 2026-11-20 in Pago Pago (UTC-11): the 21st is tomorrow there.
    const now = Date.UTC(2026, 10, 21, 10, 30);

    expect(() => startCollaborationsRun(postsRequest(1, { to: '2026-11-21' }), true, now)).toThrow(
      'To must not be after today (2026-11-20), got 2026-11-21.',
    );
    startCollaborationsRun(postsRequest(1, { from: '2026-11-01', to: '2026-11-20' }), true, now);

    expect(reads).toHaveBeenCalledTimes(2);
    // The refused run started nothing.
    expect(jobPosts()).toHaveLength(1);
    expect((jobPosts()[0].body as { input: unknown }).input).toEqual({
      id: 'ana',
      platform: 'instagram',
      from: '2026-11-01',
      to: '2026-11-20',
      timeZone: 'Pacific/Pago_Pago',
      maxPages: 1,
    });
  });
});
