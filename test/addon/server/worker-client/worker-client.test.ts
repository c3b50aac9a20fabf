import { WORKER_ROUTES } from '../../../../shared/worker-api/routes';
import { callRoute, queryString } from '../../../../addon/server/worker-client/worker-client';
import { NOT_CONNECTED, WorkerCallError } from '../../../../addon/server/worker-client/worker-failure';
import { workerError } from '../scripted-worker';
import { installServerGlobals, TEST_KEY, TEST_WORKER_URL, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals();
});
afterEach(() => env.restore());

function failure(call: () => unknown): WorkerCallError {
  try {
    call();
  } catch (error) {
    if (error instanceof WorkerCallError) return error;
    throw error;
  }
  throw new Error('expected a WorkerCallError');
}

describe('callRoute', () => {
  it('sends JSON with the stored worker key as the bearer, exceptions muted', () => {
    env.connect();
    env.worker.on('post', 'api/reports', { body: { rows: [] } });
    expect(callRoute(WORKER_ROUTES.reports, { body: { handles: ['@a'] } })).toEqual({
      rows: [],
    });
    const [request] = env.worker.requests;
    expect(request.url).toBe(`${TEST_WORKER_URL}api/reports`);
    expect(request.headers.Authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(request.body).toEqual({ handles: ['@a'] });
    expect(request.muted).toBe(true);
  });

  it('says "Not connected" and sends nothing without a key', () => {
    const error = failure(() => callRoute(WORKER_ROUTES.health, {}));
    expect(error.message).toBe(NOT_CONNECTED);
    expect(env.worker.requests).toHaveLength(0);
  });

  it("passes the worker's 402 budget sentence on as it is", () => {
    env.connect();
    env.worker.on(
      'post',
      'api/reports',
      workerError(402, 'budget_exceeded', 'Budget for today reached (50 credits)'),
    );
    expect(failure(() => callRoute(WORKER_ROUTES.reports, { body: { handles: [] } })).message).toBe(
      'Budget for today reached (50 credits)',
    );
  });

  it('asks to connect again when the worker refuses the key', () => {
    env.connect();
    env.worker.on(
      'get',
      'api/health',
      workerError(
        401,
        'unauthenticated',
        'the worker key is unknown or revoked: open the sidebar to get a new one',
      ),
    );
    const error = failure(() => callRoute(WORKER_ROUTES.health, {}));
    expect(error.status).toBe(401);
    expect(error.message).toMatch(
      /^Not connected: the worker refused this spreadsheet's key \(the worker key is unknown or revoked/,
    );
    expect(error.message).toContain('connect again');
  });

  it('says the worker did not answer when the fetch itself fails, naming the URL to check', () => {
    env.connect();
    env.worker.on('get', 'api/health', { throws: 'Address unavailable: http://localhost:8787/api/health' });
    expect(failure(() => callRoute(WORKER_ROUTES.health, {})).message).toBe(
      `The worker did not answer: check the URL in Settings (${TEST_WORKER_URL}).`,
    );
  });

  it('explains a URL outside the manifest allow-list', () => {
    env.connect();
    env.worker.on('get', 'api/health', {
      throws: 'Exception: You do not have permission to call UrlFetchApp.fetch. urlFetchWhitelist',
    });
    expect(failure(() => callRoute(WORKER_ROUTES.health, {})).message).toMatch(
      /^This add-on may not call http:\/\/localhost:8787\//,
    );
  });

  it('reads a 5xx without a JSON body, and a server that is not the worker, as sentences', () => {
    env.connect();
    env.worker.on('get', 'api/health', { status: 502, text: '<html>Bad gateway</html>' });
    expect(failure(() => callRoute(WORKER_ROUTES.health, {})).message).toMatch(
      /^The worker failed \(HTTP 502\): try again in a minute/,
    );
    env.worker.on('get', 'api/account', { status: 200, text: '<html>hello</html>' });
    expect(failure(() => callRoute(WORKER_ROUTES.account, {})).message).toMatch(
      /is not the worker's: check the URL in Settings/,
    );
    expect(failure(() => callRoute(WORKER_ROUTES.budgets, {})).message).toMatch(
      /is not a Creator Sheets worker of this version/,
    );
  });

  it('never shows the key, even when the worker quotes it', () => {
    env.connect();
    env.worker.on(
      'get',
      'api/health',
      workerError(400, 'bad_request', `Unexpected token ${TEST_KEY} in header`),
    );
    const error = failure(() => callRoute(WORKER_ROUTES.health, {}));
    expect(error.message).not.toContain(TEST_KEY);
    expect(error.message).toContain('[key]');
  });

  it('does not send the key to another worker than the one that issued it', () => {
    env.connect();
    env.fakes.propertiesService.document.setProperty('creatorSheets.workerUrl', 'http://localhost:9999/');
    expect(failure(() => callRoute(WORKER_ROUTES.health, {})).message).toBe(NOT_CONNECTED);
    expect(env.worker.requests).toHaveLength(0);
  });
});

describe('path parameters and queryString', () => {
  it('encode ids and query values without URL or URLSearchParams', () => {
    env.connect();
    env.worker.on('get', 'api/jobs/a%2Fb%20c/rows', { body: { rows: [] } });
    expect(callRoute(WORKER_ROUTES.jobRows, { params: { id: 'a/b c' }, query: { after: 500 } })).toEqual({
      rows: [],
    });
    expect(() => callRoute(WORKER_ROUTES.job, { params: { id: undefined as unknown as string } })).toThrow(
      'GET /api/jobs/:id needs its "id"',
    );
    expect(queryString({ after: 500, limit: 500, query: 'São Paulo & co', skip: undefined })).toBe(
      '?after=500&limit=500&query=S%C3%A3o%20Paulo%20%26%20co',
    );
    expect(queryString({})).toBe('');
  });
});
