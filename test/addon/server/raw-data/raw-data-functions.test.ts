import {
  getRawAllowance,
  getRawFeedUsage,
  startRawPull,
} from '../../../../addon/server/raw-data/raw-data-functions';
import { readRunLines } from '../../../../addon/server/saved-work/run-history';
import type { RawPullRequest } from '../../../../addon/bridge-contract/raw-data-api';
import { rawColumns } from '../../../../shared/rows/raw-rows';
import { workerError, type RecordedRequest } from '../scripted-worker';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;

beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Sheet1'] } });
  env.connect();
});
afterEach(() => env.restore());

const feed = (overrides: Partial<RawPullRequest> = {}): RawPullRequest => ({
  operation: 'rawIgUserFeed',
  query: { url: '@nasa' },
  pages: 3,
  allFields: false,
  tabName: '',
  ...overrides,
});

const userInfo = (overrides: Partial<RawPullRequest> = {}): RawPullRequest => ({
  operation: 'rawIgUserInfo',
  query: { url: '@nasa' },
  pages: 1,
  allFields: false,
  tabName: '',
  ...overrides,
});

/** A raw-feed job on the scripted worker: created running, with `rows` rows finished. */
function serveFeedJob(rows: (string | number | null)[][], status = 'done'): void {
  const columns = rawColumns('rawIgUserFeed');
  let total = 0;
  env.worker.on('post', 'api/jobs', (request) => {
    total = (request.body as { input: { maxItems: number } }).input.maxItems;
    return { status: 202, body: { id: 'raw-1', status: 'running', total } };
  });
  env.worker.on('get', 'api/jobs/raw-1', () => ({
    body: {
      id: 'raw-1',
      kind: 'raw-feed',
      status,
      done: rows.length,
      total: status === 'done' ? rows.length : total,
      creditsSpent: 0,
      errors: 0,
      header: columns.map((col) => col.label),
      columns,
    },
  }));
  env.worker.on('get', 'api/jobs/raw-1/rows', (request: RecordedRequest) => {
    const after = Number(request.query.after ?? 0);
    return {
      body: { rows: rows.slice(after).map((row, i) => ({ position: after + i, row })), next: rows.length },
    };
  });
}

function postRow(id: string): (string | number | null)[] {
  return [
    id,
    `C${id}`,
    'feed',
    'nasa',
    `Post ${id}`,
    null,
    10,
    2,
    300,
    `https://www.instagram.com/p/C${id}/`,
  ];
}

describe('getRawAllowance', () => {
  it('reads the raw requests left from the account, in one call', () => {
    env.worker.on('get', 'api/account', {
      body: { email: 'ana@team.com', api: { billing: { credits: 12.5, rawRequests: 8990 } } },
    });

    expect(getRawAllowance()).toEqual({ rawRequestsLeft: 8990, limitedBy: 'account', accountHidden: false });
    expect(env.worker.requests).toHaveLength(1);
  });

  it("reads what a member's raw budget leaves, and that the account's allowance is hidden", () => {
    env.worker.on('get', 'api/account', {
      body: { email: 'ana@team.com', role: 'member', api: null, rawLeft: { left: 40, of: 'budget' } },
    });
    expect(getRawAllowance()).toEqual({ rawRequestsLeft: 40, limitedBy: 'budget', accountHidden: true });

    env.worker.on('get', 'api/account', {
      body: { email: 'ana@team.com', role: 'member', api: null, rawLeft: { left: null, of: null } },
    });
    expect(getRawAllowance()).toEqual({ rawRequestsLeft: null, limitedBy: null, accountHidden: true });
  });

  it('says unknown when the API account does not report raw requests', () => {
    env.worker.on('get', 'api/account', {
      body: { email: 'ana@team.com', api: { billing: { credits: 3 } } },
    });

    expect(getRawAllowance()).toEqual({ rawRequestsLeft: null, limitedBy: null, accountHidden: false });
  });
});

describe('startRawPull of a paged operation', () => {
  it('starts one raw-feed job with the pages and a row limit, into a new tab named after the operation', () => {
    serveFeedJob([postRow('1'), postRow('2')]);

    const start = startRawPull(feed(), true);

    const posts = env.worker.calls('api/jobs').filter((call) => call.method === 'post');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toMatchObject({
      kind: 'raw-feed',
      input: { operation: 'rawIgUserFeed', query: { url: '@nasa' }, maxPages: 3, maxItems: 300 },
    });
    expect(start.kind).toBe('job');
    if (start.kind !== 'job') return;
    expect(start.job).toMatchObject({
      kind: 'raw-feed',
      status: 'done',
      rowsWritten: 2,
      destination: "'Instagram user posts @nasa'!A2",
    });
    const tab = env.fakes.spreadsheet.requireSheet('Instagram user posts @nasa');
    expect(tab.getRange(1, 1, 1, 3).getValues()).toEqual([['Id', 'Code', 'Type']]);
    expect(tab.getRange(2, 1, 2, 2).getValues()).toEqual([
      ['1', 'C1'],
      ['2', 'C2'],
    ]);
  });

  it('says in the run history what a finished feed used: its raw requests, not "0 credits"', () => {
    serveFeedJob([postRow('1'), postRow('2')]);
    env.worker.on('get', 'api/raw/jobs/raw-1', {
      body: { id: 'raw-1', status: 'done', operation: 'rawIgUserFeed', pages: 2, rawUnits: 2, more: false },
    });

    startRawPull(feed(), true);

    expect(readRunLines()).toEqual([
      expect.objectContaining({ kind: 'raw-feed', outcome: 'done', rows: 2, credits: 0, rawRequests: 2 }),
    ]);
  });

  it('sends "until done" as the job page limit and the most rows a pull writes', () => {
    serveFeedJob([], 'running');

    startRawPull(feed({ pages: null, tabName: 'My feed' }), true);

    const [post] = env.worker.calls('api/jobs');
    expect((post.body as { input: unknown }).input).toEqual({
      operation: 'rawIgUserFeed',
      query: { url: '@nasa' },
      maxPages: 10_000,
      maxItems: 10_000,
      timeZone: 'Europe/Berlin',
    });
    expect(env.fakes.spreadsheet.getSheets().map((sheet) => sheet.getName())).toContain('My feed');
  });

  it('answers a double click with the job already running, and starts nothing twice', () => {
    serveFeedJob([], 'running');

    const first = startRawPull(feed(), true);
    const second = startRawPull(feed(), true);

    expect(env.worker.calls('api/jobs').filter((call) => call.method === 'post')).toHaveLength(1);
    expect(first.kind === 'job' && second.kind === 'job' && first.job.id === second.job.id).toBe(true);
    expect(env.fakes.spreadsheet.getSheets()).toHaveLength(2);
  });

  it('refuses a pull of more than 50 raw requests, or until done, without consent, and sends nothing', () => {
    serveFeedJob([]);

    expect(() => startRawPull(feed({ pages: 51 }), false)).toThrow(
      'This pull may use up to 51 raw requests: tick "I accept using up to 51 raw requests (no credits)" first.',
    );
    expect(() => startRawPull(feed({ pages: null }), false)).toThrow(
      'This pull may use up to 10,000 raw requests: tick "I accept using up to 10,000 raw requests (no credits)" first.',
    );
    expect(env.worker.requests).toHaveLength(0);
    expect(env.fakes.spreadsheet.getSheets()).toHaveLength(1);
  });

  it('pulls a few pages without a tick: they cost no credits', () => {
    serveFeedJob([]);

    expect(startRawPull(feed({ pages: 3 }), false)).toMatchObject({ kind: 'job' });
    expect(env.worker.requests.filter((request) => request.path === 'api/jobs')).toHaveLength(1);
  });

  it('refuses what the form would have refused, naming the field, and sends nothing', () => {
    expect(() => startRawPull(feed({ query: { url: '   ' } }), true)).toThrow(
      'Instagram user posts: Account is required.',
    );
    expect(() => startRawPull(feed({ pages: 0 }), true)).toThrow(
      'Instagram user posts: Pages must be a whole number from 1 to 10,000, got "0".',
    );
    expect(() =>
      startRawPull({ ...feed(), operation: 'rawIgStories' } as unknown as RawPullRequest, true),
    ).toThrow('Raw data: Pick an operation. Unknown raw operation "rawIgStories": reload the sidebar.');
    expect(env.worker.requests).toHaveLength(0);
  });
});

describe('startRawPull of a one-request operation', () => {
  it('writes the answer into a new tab at once and reports the raw request it spent', () => {
    const columns = rawColumns('rawIgUserInfo');
    env.worker.on('post', 'api/raw', {
      body: {
        operation: 'rawIgUserInfo',
        columns,
        header: columns.map((col) => col.label),
        rows: [
          ['17841', 'nasa', 'NASA', 97_000_000, 80, 4000, 'Explore the universe', null, true, false, null],
        ],
        pages: 1,
        more: false,
        cursor: null,
        rawUnits: 1,
        rawRequestsLeft: 8989,
      },
    });

    const start = startRawPull(userInfo(), false);

    const [call] = env.worker.calls('api/raw');
    expect(call.body).toEqual({
      operation: 'rawIgUserInfo',
      query: { url: '@nasa' },
      maxPages: 1,
      layout: 'table',
      timeZone: 'Europe/Berlin',
    });
    expect(env.worker.requests).toHaveLength(1);
    expect(start).toEqual({
      kind: 'table',
      sheetName: 'Instagram user info @nasa',
      destination: "'Instagram user info @nasa'!A2",
      rows: 1,
      usage: { pages: 1, rawUnits: 1, rawRequestsLeft: 8989, limitedBy: 'account' },
    });
    const tab = env.fakes.spreadsheet.requireSheet('Instagram user info @nasa');
    expect(tab.getRange(1, 1, 2, 4).getValues()).toEqual([
      ['Id', 'Username', 'Name', 'Followers'],
      ['17841', 'nasa', 'NASA', 97_000_000],
    ]);
  });

  it('asks for every field when "All fields" is ticked, and keeps a header when nothing came back', () => {
    env.worker.on('post', 'api/raw', {
      body: { columns: [], rows: [], pages: 1, rawUnits: 1, rawRequestsLeft: 10 },
    });

    const start = startRawPull(userInfo({ allFields: true }), false);

    expect((env.worker.calls('api/raw')[0].body as { layout: string }).layout).toBe('flat');
    expect(start).toMatchObject({ kind: 'table', rows: 0, usage: { rawUnits: 1 } });
    const tab = env.fakes.spreadsheet.requireSheet('Instagram user info @nasa');
    expect(tab.getRange(1, 1, 1, 2).getValues()).toEqual([['Id', 'Username']]);
  });

  it('says that a not-found answer still spent a raw request, and what to check', () => {
    env.worker.on(
      'post',
      'api/raw',
      workerError(404, 'handle_not_found', 'Unknown handle "@nosuch" on instagram'),
    );

    expect(() => startRawPull(userInfo({ query: { url: '@nosuch' } }), false)).toThrow(
      'Unknown handle "@nosuch" on instagram. That request spent 1 raw request: check the account and pull again.',
    );
    expect(env.fakes.spreadsheet.getSheets()).toHaveLength(1);
  });
});

describe('getRawFeedUsage', () => {
  it("reads the job's pages, raw requests and where the feed goes on", () => {
    env.worker.on('get', 'api/raw/jobs/raw%201', {
      body: {
        id: 'raw 1',
        status: 'done',
        operation: 'rawIgUserFeed',
        pages: 3,
        rawUnits: 3,
        more: true,
        cursor: 'QVFE',
        cursorParam: 'after',
        rawRequestsLeft: 8987,
        rawLeftOf: 'budget',
      },
    });

    expect(getRawFeedUsage('raw 1')).toEqual({
      jobId: 'raw 1',
      status: 'done',
      operation: 'rawIgUserFeed',
      pages: 3,
      rawUnits: 3,
      more: true,
      cursor: 'QVFE',
      cursorParam: 'after',
      rawRequestsLeft: 8987,
      limitedBy: 'budget',
    });
    expect(env.worker.requests).toHaveLength(1);
  });

  it("passes on the worker's sentence for a job it does not know", () => {
    env.worker.on('get', 'api/raw/jobs/gone', workerError(404, 'job_not_found', 'No raw feed job "gone"'));

    expect(() => getRawFeedUsage('gone')).toThrow('No raw feed job "gone"');
  });
});

describe("the sheet's time zone", () => {
  it('goes with a feed job and with a one-request pull, read once per pull', () => {
    env.restore();
    env = installServerGlobals({ spreadsheet: { sheets: ['Sheet1'], timeZone: 'America/Los_Angeles' } });
    env.connect();
    serveFeedJob([], 'running');
    env.worker.on('post', 'api/raw', {
      body: { columns: [], rows: [], pages: 1, rawUnits: 1, rawRequestsLeft: 10 },
    });
    const reads = jest.spyOn(env.fakes.spreadsheet, 'getSpreadsheetTimeZone');

    startRawPull(feed(), true);
    startRawPull(userInfo(), true);

    expect(reads).toHaveBeenCalledTimes(2);
    const [job] = env.worker.calls('api/jobs').filter((call) => call.method === 'post');
    expect(job.body).toMatchObject({ kind: 'raw-feed', input: { timeZone: 'America/Los_Angeles' } });
    expect(env.worker.calls('api/raw')[0].body).toMatchObject({
      operation: 'rawIgUserInfo',
      timeZone: 'America/Los_Angeles',
    });
  });
});
