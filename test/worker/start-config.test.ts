import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseStartConfig } from '../../worker/start-config';
import { WorkerConfigError } from '../../worker/src/config';

/** The worker's settings with the sandbox's beside them, as the composition root reads both. */
function parseWorkerConfig(env: Readonly<Record<string, string | undefined>>) {
  const { worker, sandbox } = parseStartConfig(env);
  return { ...worker, sandbox };
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseWorkerConfig(env);
  } catch (error) {
    if (error instanceof WorkerConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('parseStartConfig', () => {
  it('runs in sandbox mode with nothing set', () => {
    const config = parseWorkerConfig({});

    expect(config).toMatchObject({
      port: 8787,
      mode: 'sandbox',
      dataDir: resolve('./data'),
      googleClientIds: [],
      reportCacheDays: 30,
      budgets: { user: { day: null, month: null }, team: { day: null, month: null } },
      devKey: null,
      logLevel: 'info',
      emailBatchConcurrency: 2,
      reportFetchConcurrency: 4,
      formulaDeadlineMs: 25_000,
      warnings: [],
    });
    expect(config.upstream).toMatchObject({ baseUrl: null, timeoutMs: 30_000, maxAttempts: 5 });
    expect(config.sandbox?.creatorsPerPlatform).toBe(20_000);
    // The worker paces just under the sandbox's own limits.
    expect(config.upstream.rates).toEqual({ ai: 1, discovery: 2, dictionaryFast: 10 });
  });

  it('gives the mounted sandbox a token of its own, unless one is set', () => {
    const config = parseWorkerConfig({});
    expect(config.upstream.token).toMatch(/^sandbox-[\w-]{16}$/);
    expect(config.sandbox?.accounts[0].token).toBe(config.upstream.token);
    expect(parseWorkerConfig({}).upstream.token).not.toBe(config.upstream.token);
    expect(parseWorkerConfig({ SANDBOX_TOKEN: 'mine' }).upstream.token).toBe('mine');
  });

  it('reads every setting', () => {
    const config = parseWorkerConfig({
      PORT: '9000',
      DATA_DIR: '/var/lib/creator-sheets',
      GOOGLE_CLIENT_IDS: 'a.apps.googleusercontent.com, b.apps.googleusercontent.com',
      ALLOWED_DOMAINS: '@Team.com, other.org',
      ALLOWED_EMAILS: 'Guest@Example.com',
      ADMIN_EMAILS: 'boss@team.com',
      REPORT_CACHE_DAYS: '14',
      BUDGET_USER_DAY: '50',
      BUDGET_USER_MONTH: '500.5',
      BUDGET_TEAM_DAY: 'unlimited',
      BUDGET_TEAM_MONTH: '0',
      WORKER_DEV_KEY: 'a-dev-key-of-mine',
      LOG_LEVEL: 'debug',
      UPSTREAM_TIMEOUT_MS: '5000',
      UPSTREAM_MAX_ATTEMPTS: '3',
      UPSTREAM_RATE_DISCOVERY: '1.5',
      UPSTREAM_RATE_FREE: 'off',
      EMAIL_BATCH_CONCURRENCY: '4',
      FORMULA_DEADLINE_MS: '20000',
      SANDBOX_CREATORS: '1000',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/var/lib/creator-sheets',
      googleClientIds: ['a.apps.googleusercontent.com', 'b.apps.googleusercontent.com'],
      allowedDomains: ['team.com', 'other.org'],
      allowedEmails: ['guest@example.com'],
      adminEmails: ['boss@team.com'],
      reportCacheDays: 14,
      budgets: { user: { day: 50, month: 500.5 }, team: { day: null, month: 0 } },
      devKey: 'a-dev-key-of-mine',
      logLevel: 'debug',
      emailBatchConcurrency: 4,
      formulaDeadlineMs: 20_000,
    });
    expect(config.upstream).toMatchObject({ timeoutMs: 5000, maxAttempts: 3 });
    expect(config.upstream.rates).toMatchObject({ discovery: 1.5, free: null });
    expect(config.sandbox?.creatorsPerPlatform).toBe(1000);
  });

  it('uses the real API when both its URL and token are set', () => {
    const config = parseWorkerConfig({
      DISCOVERY_API_URL: 'https://api.example.com/v1/',
      DISCOVERY_API_TOKEN: 'tok_123',
    });
    expect(config.mode).toBe('live');
    expect(config.upstream).toMatchObject({
      baseUrl: 'https://api.example.com/v1',
      token: 'tok_123',
      rates: {},
    });
    expect(config.sandbox).toBeNull();
    expect(config.devKey).toBeNull();
  });

  it('warns that sandbox settings do nothing next to a real API', () => {
    const config = parseWorkerConfig({
      DISCOVERY_API_URL: 'https://api.example.com/v1',
      DISCOVERY_API_TOKEN: 'tok_123',
      SANDBOX_LATENCY_MS: '200',
    });
    expect(config.warnings).toEqual([
      'SANDBOX_LATENCY_MS ignored: the sandbox runs only without DISCOVERY_API_URL',
    ]);
  });

  it('wants the URL and the token together', () => {
    expect(problemsOf({ DISCOVERY_API_URL: 'https://api.example.com/v1' })).toEqual([
      'DISCOVERY_API_URL is set without DISCOVERY_API_TOKEN: set both for the real API, or neither for the sandbox',
    ]);
    expect(problemsOf({ DISCOVERY_API_TOKEN: 'tok_123' })).toEqual([
      'DISCOVERY_API_TOKEN is set without DISCOVERY_API_URL: set both for the real API, or neither for the sandbox',
    ]);
  });

  it('refuses a development key next to a real token', () => {
    expect(
      problemsOf({
        DISCOVERY_API_URL: 'https://api.example.com/v1',
        DISCOVERY_API_TOKEN: 'tok_123',
        WORKER_DEV_KEY: 'a-dev-key-of-mine',
      }),
    ).toEqual([
      'WORKER_DEV_KEY is only for sandbox mode: with a real API token nothing is reachable without a Google identity',
    ]);
  });

  it('lists every problem at once, each with the value it got', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      BUDGET_TEAM_MONTH: '-1',
      EMAIL_BATCH_CONCURRENCY: '0',
      LOG_LEVEL: 'loud',
      ADMIN_EMAILS: 'boss@team.com, boss',
    });
    expect(problems).toEqual([
      'PORT must be a whole number from 0 to 65535, got "eighty"',
      'ADMIN_EMAILS holds "boss", not e-mail addresses, got "boss@team.com, boss"',
      'BUDGET_TEAM_MONTH must be credits (0 or more, at most 3 decimals) or "unlimited", got "-1"',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
      'EMAIL_BATCH_CONCURRENCY must be a whole number from 1 to 16, got "0"',
    ]);
  });

  it("lists the sandbox's problems with the worker's", () => {
    expect(problemsOf({ PORT: 'eighty', SANDBOX_CREATORS: '5' })).toEqual([
      'PORT must be a whole number from 0 to 65535, got "eighty"',
      'SANDBOX_CREATORS must be a whole number from 500 to 2000000, got "5"',
    ]);
  });

  it('refuses unknown settings under its own prefixes and near misses, with a guess', () => {
    const problems = problemsOf({
      BUDGET_USER_DAYS: '5',
      WORKER_PORT: '1',
      LOG_LEVL: 'debug',
      SANDBOX_CREDIT: '5',
    });
    expect(problems[0]).toMatch(
      /^BUDGET_USER_DAYS is not a worker setting \(did you mean BUDGET_USER_DAY\?\); known: PORT, /,
    );
    expect(problems[1]).toMatch(/^WORKER_PORT is not a worker setting; known:/);
    expect(problems[2]).toMatch(/^LOG_LEVL is not a worker setting \(did you mean LOG_LEVEL\?\)/);
    expect(problems[3]).toMatch(
      /^SANDBOX_CREDIT is not a sandbox setting \(did you mean SANDBOX_CREDITS\?\)/,
    );
  });

  it("leaves other programs' variables alone", () => {
    expect(() =>
      parseWorkerConfig({
        PATH: '/usr/bin',
        HOME: '/root',
        CI: 'true',
        NODE_ENV: 'test',
        GOOGLE_CLOUD_PROJECT: 'x',
      }),
    ).not.toThrow();
  });

  it('never quotes the token back', () => {
    const error = (() => {
      try {
        parseWorkerConfig({
          DISCOVERY_API_URL: 'https://api.example.com/v1',
          DISCOVERY_API_TOKEN: 'secret value',
        });
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('expected a refusal');
    })();
    expect(error.message).toContain('DISCOVERY_API_TOKEN must not contain spaces');
    expect(error.message).not.toContain('secret value');
  });

  it("fetches Google's certificates from GOOGLE_CERTS_URL when set, from Google's otherwise", () => {
    expect(parseWorkerConfig({}).googleCertsUrl).toBeNull();
    expect(
      parseWorkerConfig({ GOOGLE_CERTS_URL: ' http://127.0.0.1:9000/oauth2/v1/certs ' }).googleCertsUrl,
    ).toBe('http://127.0.0.1:9000/oauth2/v1/certs');
    expect(parseWorkerConfig({ GOOGLE_CERTS_URL: 'https://certs.team.com/google' }).googleCertsUrl).toBe(
      'https://certs.team.com/google',
    );
    for (const url of ['certs.team.com/google', 'localhost:9000', 'ftp://certs.team.com/']) {
      expect(problemsOf({ GOOGLE_CERTS_URL: url })).toEqual([
        `GOOGLE_CERTS_URL must be an absolute http(s) URL such as https://www.googleapis.com/oauth2/v1/certs, got "${url}"`,
      ]);
    }
    const typos = problemsOf({
      GOOGLE_CERT_URL: 'https://a.team.com/',
      GOOGLE_CERTS_ENDPOINT: 'https://b.team.com/',
    });
    expect(typos[0]).toMatch(/^GOOGLE_CERT_URL is not a worker setting \(did you mean GOOGLE_CERTS_URL\?\)/);
    expect(typos[1]).toMatch(/^GOOGLE_CERTS_ENDPOINT is not a worker setting/);
  });

  it('checks the URL', () => {
    expect(problemsOf({ DISCOVERY_API_URL: 'api.example.com', DISCOVERY_API_TOKEN: 't' })[0]).toBe(
      'DISCOVERY_API_URL the Discovery API base URL must be an absolute http(s) URL such as https://HOST/v1, got "api.example.com"',
    );
  });

  describe('exposure and abuse settings (issue 11)', () => {
    const live = { DISCOVERY_API_URL: 'https://api.example.com/v1', DISCOVERY_API_TOKEN: 'tok' };

    it('listens on loopback in sandbox mode and on every interface with the real API, unless HOST says', () => {
      expect(parseWorkerConfig({}).host).toBe('127.0.0.1');
      expect(parseWorkerConfig(live).host).toBeNull();
      expect(parseWorkerConfig({ ...live, HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
      expect(parseWorkerConfig({ HOST: 'localhost' })).toMatchObject({ host: 'localhost', warnings: [] });
      expect(parseWorkerConfig({ HOST: '::' }).warnings).toEqual([
        'HOST=:: in sandbox mode: the playground and the development key can be reached from other machines',
      ]);
      expect(problemsOf({ HOST: 'http://0.0.0.0' })).toEqual([
        'HOST must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name such as localhost, got "http://0.0.0.0"',
      ]);
    });

    it('has defaults a recalculation never meets, and takes off or a rate', () => {
      expect(parseWorkerConfig({})).toMatchObject({
        requestTimeoutMs: 60_000,
        rateLimits: { perKey: 100, perAddress: 300 },
        trustProxy: 0,
        workerKeyDays: 90,
        workerKeysPerUser: 10,
      });
      expect(
        parseWorkerConfig({
          RATE_LIMIT_PER_KEY: 'off',
          RATE_LIMIT_PER_ADDRESS: '2.5',
          REQUEST_TIMEOUT_MS: '5000',
          TRUST_PROXY: '1',
          WORKER_KEY_DAYS: '7',
          WORKER_KEYS_PER_USER: '3',
        }),
      ).toMatchObject({
        rateLimits: { perKey: null, perAddress: 2.5 },
        requestTimeoutMs: 5000,
        trustProxy: 1,
        workerKeyDays: 7,
        workerKeysPerUser: 3,
      });
    });

    it('names each bad value, and a near miss of a name', () => {
      expect(
        problemsOf({
          RATE_LIMIT_PER_KEY: '0',
          REQUEST_TIMEOUT_MS: '10',
          WORKER_KEY_DAYS: '0',
          WORKER_KEYS_PER_USER: 'many',
          RATE_LIMIT_KEY: '5',
        }),
      ).toEqual([
        expect.stringMatching(/^RATE_LIMIT_KEY is not a worker setting/),
        'REQUEST_TIMEOUT_MS must be a whole number from 1000 to 600000, got "10"',
        'RATE_LIMIT_PER_KEY must be requests per second above 0, or "off", got "0"',
        'WORKER_KEY_DAYS must be a whole number from 1 to 3650, got "0"',
        'WORKER_KEYS_PER_USER must be a whole number from 1 to 1000, got "many"',
      ]);
    });
  });
});

describe("the worker's own Google identity (issue 14)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'sa-key-'));
  const keyFile = join(dir, 'key.json');
  writeFileSync(
    keyFile,
    JSON.stringify({
      type: 'service_account',
      client_email: 'w@p.iam.gserviceaccount.com',
      private_key: 'PEM',
    }),
  );
  const notAKey = join(dir, 'oauth-client.json');
  writeFileSync(notAKey, JSON.stringify({ installed: { client_id: 'x' } }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has none by default, so rows go through the add-on as before', () => {
    expect(parseWorkerConfig({}).sheets).toEqual({ identity: null, googleApiUrl: null });
  });

  it('takes a service account key file, or the host on Cloud Run, unless SHEETS_DELIVERY=off', () => {
    expect(parseWorkerConfig({ GOOGLE_APPLICATION_CREDENTIALS: keyFile }).sheets.identity).toEqual({
      kind: 'key-file',
      path: keyFile,
    });
    expect(parseWorkerConfig({ K_SERVICE: 'creator-sheets' }).sheets.identity).toEqual({ kind: 'metadata' });
    expect(
      parseWorkerConfig({ GOOGLE_APPLICATION_CREDENTIALS: keyFile, SHEETS_DELIVERY: 'off' }).sheets.identity,
    ).toBeNull();
  });

  it('refuses a key that is not a service account’s, a missing file, and a Google stand-in over plain http elsewhere', () => {
    expect(problemsOf({ GOOGLE_APPLICATION_CREDENTIALS: notAKey })).toEqual([
      expect.stringContaining("is not a service account's JSON key"),
    ]);
    expect(problemsOf({ GOOGLE_APPLICATION_CREDENTIALS: join(dir, 'missing.json') })).toEqual([
      expect.stringContaining('could not be read as JSON'),
    ]);
    expect(problemsOf({ GOOGLE_API_URL: 'http://sheets.example.com/' })).toEqual([
      expect.stringContaining('must be https, or http on this machine'),
    ]);
    expect(parseWorkerConfig({ GOOGLE_API_URL: 'http://127.0.0.1:9000/' }).sheets.googleApiUrl).toBe(
      'http://127.0.0.1:9000/',
    );
    expect(problemsOf({ SHEETS_DELIVERY: 'maybe' })).toEqual([
      expect.stringContaining('must be auto or off'),
    ]);
  });
});
