import {
  connectToWorker,
  disconnectFromWorker,
  readSettings,
  saveWorkerUrlAndRead,
  testWorkerConnection,
} from '../../../../addon/server/settings/settings';
import { NOT_CONNECTED } from '../../../../addon/server/worker-client/worker-failure';
import {
  WORKER_CONNECTION_PROPERTY,
  WORKER_KEY_PROPERTY,
} from '../../../../addon/server/worker-client/worker-key';
import { workerError } from '../scripted-worker';
import { installServerGlobals, TEST_KEY, TEST_WORKER_URL, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals();
});
afterEach(() => env.restore());

const NEW_KEY = 'csk_new_fedcba9876543210fedcba9876543210';
const NEW_DOCUMENT_KEY = 'csk_doc_00112233445566778899aabbccddeeff';

function issueKeys(): void {
  env.worker.on('post', 'api/keys', {
    status: 201,
    body: {
      key: NEW_KEY,
      id: 'key-2',
      email: 'ana@team.com',
      role: 'admin',
      document: {
        key: NEW_DOCUMENT_KEY,
        id: 'key-3',
        documentId: 'doc',
        email: 'ana@team.com',
        expiresAt: 1,
      },
    },
  });
  env.worker.on('delete', /^api\/keys\//, { body: { key: {} } });
}

/** Cy's key for the sidebar only: the formulas stay on the key of whoever connected them. */
function issueSidebarOnlyKey(): void {
  env.worker.on('post', 'api/keys', {
    status: 201,
    body: {
      key: 'csk_sidebar_only_0011223344556677889900aa',
      id: 'key-4',
      email: 'cy@team.com',
      role: 'member',
    },
  });
}

describe('connect', () => {
  it("buys a key with the user's ID token and keeps it in user properties, tied to the worker", () => {
    issueKeys();
    expect(connectToWorker()).toEqual({
      formulasKeptBy: null,
      workerUrl: TEST_WORKER_URL,
      connected: true,
      email: 'ana@team.com',
      role: 'admin',
      formulas: { email: 'ana@team.com', byYou: true },
      // No formulas in this spreadsheet to refresh.
      formulaRefresh: { refreshed: 0, skipped: [] },
    });
    const [post] = env.worker.calls('api/keys');
    expect(post.headers.Authorization).toBe(`Bearer ${env.fakes.scriptApp.identityTokens[0]}`);
    // The title names the document in lists of documents (issue 25).
    expect(post.body).toEqual({ documentId: env.fakes.spreadsheet.getId(), documentTitle: 'Creators' });
    // The document's formulas get their own key, in document properties, which formulas can read.
    expect(env.fakes.propertiesService.document.getProperty('creatorSheets.documentKey')).toBe(
      NEW_DOCUMENT_KEY,
    );
    expect(env.fakes.propertiesService.user.getProperty(WORKER_KEY_PROPERTY)).toBe(NEW_KEY);
    expect(
      JSON.parse(env.fakes.propertiesService.user.getProperty(WORKER_CONNECTION_PROPERTY) ?? '{}'),
    ).toEqual({
      keyId: 'key-2',
      email: 'ana@team.com',
      role: 'admin',
      workerUrl: TEST_WORKER_URL,
    });
  });

  it("leaves the document's formulas on whoever connected them, unless told to take them over", () => {
    issueKeys();
    connectToWorker();
    issueSidebarOnlyKey();
    expect(connectToWorker().formulas).toEqual({ email: 'ana@team.com', byYou: false });
    expect(env.worker.calls('api/keys').filter((call) => call.method === 'post')[1].body).toEqual({});
    expect(env.fakes.propertiesService.document.getProperty('creatorSheets.documentKey')).toBe(
      NEW_DOCUMENT_KEY,
    );

    issueKeys();
    connectToWorker(true);
    const posts = env.worker.calls('api/keys').filter((call) => call.method === 'post');
    expect(posts[2].body).toEqual({
      documentId: env.fakes.spreadsheet.getId(),
      documentTitle: 'Creators',
      takeOver: true,
    });
  });

  it('refreshes at once the formulas that said "Not connected", once they have the new key (issue 15)', () => {
    const sheet = env.fakes.spreadsheet.requireSheet('Sheet1');
    const runs: string[] = [];
    env.fakes.spreadsheetApp.formulaEvaluator = (formula) => {
      runs.push(formula);
      if (formula.includes('AUDIENCE_OVERLAP')) return 'rows from a cache';
      const key = env.fakes.propertiesService.document.getProperty('creatorSheets.documentKey');
      return key === null ? NOT_CONNECTED : 'rows';
    };
    sheet.getRange('B2').setFormula('=INFLUENCER_REPORT(A2:A4, "instagram")');
    sheet.getRange('B9').setFormula('=EMAIL_SEARCH(A9:A12)');
    sheet.getRange('B20').setFormula('=AUDIENCE_OVERLAP(A2:A4, "instagram")');
    runs.length = 0;

    issueKeys();
    expect(connectToWorker().formulaRefresh).toEqual({ refreshed: 2, skipped: [] });
    expect(runs).toEqual(['=INFLUENCER_REPORT(A2:A4, "instagram")', '=EMAIL_SEARCH(A9:A12)']);
    expect(
      sheet
        .getRange('B2:B9')
        .getValues()
        .map(([value]) => value),
    ).toEqual(['rows', ...Array<string>(6).fill(''), 'rows']);

    // Connecting for the sidebar only leaves the formulas on their key: nothing to refresh.
    issueSidebarOnlyKey();
    expect(connectToWorker().formulaRefresh).toBeNull();
  });

  it('revokes the key it replaces', () => {
    env.connect();
    issueKeys();
    connectToWorker();
    const revoke = env.worker.calls('api/keys/key-1');
    expect(revoke).toHaveLength(1);
    expect(revoke[0].method).toBe('delete');
    expect(revoke[0].headers.Authorization).toBe(`Bearer ${TEST_KEY}`);
  });

  it('says why when the worker refuses the sign-in, and keeps nothing', () => {
    env.worker.on(
      'post',
      'api/keys',
      workerError(403, 'forbidden', 'ana@other.com is not on the allow-list'),
    );
    expect(() => connectToWorker()).toThrow(
      'The worker refused your Google sign-in: ana@other.com is not on the allow-list',
    );
    expect(readSettings().connected).toBe(false);
  });

  it('explains a missing identity token (the openid scope)', () => {
    (globalThis as unknown as { ScriptApp: unknown }).ScriptApp = { getIdentityToken: () => null };
    expect(() => connectToWorker()).toThrow(/Google gave no identity token/);
    expect(env.worker.requests).toHaveLength(0);
  });
});

describe('disconnect', () => {
  it('revokes the key on the worker and forgets it', () => {
    env.connect();
    env.worker.on('delete', /^api\/keys\//, { body: {} });
    expect(disconnectFromWorker().connected).toBe(false);
    expect(env.worker.calls('api/keys/key-1')).toHaveLength(1);
    expect(env.fakes.propertiesService.user.getProperty(WORKER_KEY_PROPERTY)).toBeNull();
  });

  it('forgets the key even when the worker cannot be reached', () => {
    env.connect();
    env.worker.on('delete', /^api\/keys\//, { throws: 'Address unavailable' });
    expect(disconnectFromWorker().connected).toBe(false);
  });
});

describe('saveWorkerUrl', () => {
  it('saves a normalized URL in document properties; the key of another worker is not used there', () => {
    env.connect();
    const settings = saveWorkerUrlAndRead('  HTTPS://Creator-Sheets.Example.com/base ');
    expect(settings).toMatchObject({
      workerUrl: 'https://creator-sheets.example.com/base/',
      connected: false,
    });
    expect(env.fakes.propertiesService.document.getProperty('creatorSheets.workerUrl')).toBe(
      'https://creator-sheets.example.com/base/',
    );
    expect(saveWorkerUrlAndRead('')).toMatchObject({ workerUrl: TEST_WORKER_URL, connected: true });
  });

  it('refuses what is not a plain http(s) URL', () => {
    expect(() => saveWorkerUrlAndRead('ftp://x.example.com')).toThrow(/must be a plain http\(s\) address/);
    expect(() => saveWorkerUrlAndRead('https://user:pw@x.example.com/')).toThrow(
      /must be a plain http\(s\) address/,
    );
    expect(() => saveWorkerUrlAndRead('https://x.example.com/?a=1')).toThrow(
      /must be a plain http\(s\) address/,
    );
  });
});

describe('testConnection', () => {
  it('says who the worker says this user is and how healthy things are', () => {
    env.connect();
    env.worker.on('get', 'api/account/usage', {
      body: { email: 'ana@team.com', role: 'member', today: {}, month: {} },
    });
    env.worker.on('get', 'api/health', {
      body: {
        status: 'ok',
        api: { reachable: true, status: 'Healthy', groups: { search: 'Healthy' } },
        worker: { mode: 'sandbox', uptimeSeconds: 42 },
      },
    });
    const test = testWorkerConnection();
    expect(test).toMatchObject({ ok: true, email: 'ana@team.com', role: 'member' });
    expect(test.message).toBe(
      `Connected to ${TEST_WORKER_URL} as ana@team.com (member). The worker is ok (sandbox mode) and the Discovery API is healthy.`,
    );
    expect(test.health?.api.groups).toEqual([{ name: 'search', status: 'Healthy' }]);
  });

  it('fails with the sentence of the failure', () => {
    expect(testWorkerConnection()).toMatchObject({ ok: false, health: null });
    env.connect();
    env.worker.on('get', 'api/account/usage', { throws: 'refused' });
    expect(testWorkerConnection().message).toBe(
      `The worker did not answer: check the URL in Settings (${TEST_WORKER_URL}).`,
    );
  });
});

describe('reading settings', () => {
  it('reads each property store once, however many facts Settings shows', () => {
    env.connect();
    let reads = 0;
    env.fakes.runtime.onExecutionEnd((execution) => {
      for (const [call, n] of execution.calls) if (/^Properties\.get/.test(call)) reads += n;
    });
    const settings = env.fakes.runtime.run('full', () => readSettings());
    expect(settings.connected).toBe(true);
    expect(reads).toBe(2);
  });
});
