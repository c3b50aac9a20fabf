import { randomBytes } from 'node:crypto';
import { parseWorkerConfig, WorkerConfigError } from '../../../worker/src/config';
import { DEFAULT_EDIT_PROOF_MINUTES } from '../../../worker/src/documents/edit-access';
import { DEFAULT_DELIVERY_LEASE_MS } from '../../../worker/src/jobs/delivery/job-delivery';
import { DEFAULT_JOB_LEASE_MS } from '../../../worker/src/jobs/job-lease';
import { DEFAULT_LEASE_MS as DEFAULT_SCHEDULE_LEASE_MS } from '../../../worker/src/schedules/scheduler';

/**
 * The worker's own settings (the whole process's, sandbox included: test/worker/start-config.test.ts).
 * Issue 16: DATA_SECRET, checked at start-up and never quoted back; DATABASE_URL, the store on
 * Postgres for several workers on one store.
 */

const SECRET = 'a'.repeat(64);

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseWorkerConfig(env);
  } catch (error) {
    if (error instanceof WorkerConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('DATA_SECRET', () => {
  it('is unset by default: the data directory keeps its own secret file', () => {
    expect(parseWorkerConfig({}).dataSecret).toBeNull();
  });

  it('takes 32 bytes as hex or base64', () => {
    const bytes = randomBytes(32);
    expect(parseWorkerConfig({ DATA_SECRET: bytes.toString('hex') }).dataSecret?.reveal()).toEqual(bytes);
    expect(parseWorkerConfig({ DATA_SECRET: bytes.toString('base64') }).dataSecret?.reveal()).toEqual(bytes);
  });

  it('stops the start on anything else, saying what it must be without quoting what it was', () => {
    const passphrase = 'my-team-secret-2026';
    const problems = problemsOf({ DATA_SECRET: passphrase });
    expect(problems).toEqual([
      'DATA_SECRET must be 32 random bytes written as 64 hex characters (openssl rand -hex 32) or as ' +
        `base64 (openssl rand -base64 32); it has ${passphrase.length} characters`,
    ]);
    expect(problems.join('\n')).not.toContain(passphrase);
  });

  it('takes a near miss of its name for a typo', () => {
    expect(problemsOf({ DATA_SECRT: randomBytes(32).toString('hex') })[0]).toContain(
      'DATA_SECRT is not a worker setting (did you mean DATA_SECRET?)',
    );
  });
});

describe('DATABASE_URL', () => {
  it('is null by default: SQLite in DATA_DIR', () => {
    expect(parseWorkerConfig({}).databaseUrl).toBeNull();
  });

  it('takes a postgres:// or postgresql:// URL, with DATA_SECRET', () => {
    const url = 'postgres://worker:pw@db.internal:5432/creator_sheets?sslmode=require';
    expect(parseWorkerConfig({ DATABASE_URL: url, DATA_SECRET: SECRET }).databaseUrl).toBe(url);
    expect(
      parseWorkerConfig({
        DATABASE_URL: 'postgresql://worker@/creator_sheets?host=/cloudsql/x',
        DATA_SECRET: SECRET,
      }).databaseUrl,
    ).toBe('postgresql://worker@/creator_sheets?host=/cloudsql/x');
  });

  it('refuses another kind of URL with an example, never quoting it back (it may hold a password)', () => {
    const message = problemsOf({
      DATABASE_URL: 'mysql://worker:hunter2@db/creator_sheets',
      DATA_SECRET: SECRET,
    }).join('\n');
    expect(message).toContain(
      'DATABASE_URL must be a postgres:// URL such as postgres://worker:secret@db.internal:5432/creator_sheets, not mysql://',
    );
    expect(message).not.toContain('hunter2');
  });

  it('refuses to start without DATA_SECRET, saying why every instance needs the same one', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://worker@db.internal/creator_sheets' }).join('\n')).toContain(
      'DATABASE_URL is set without DATA_SECRET: every worker on one Postgres store must use the same data secret',
    );
  });
});

describe('DATABASE_POOL_SIZE and METRICS_PORT', () => {
  it('pool 10 connections and serve no metrics unless told', () => {
    expect(parseWorkerConfig({})).toMatchObject({ databasePoolSize: 10, metricsPort: null });
    expect(parseWorkerConfig({ DATABASE_POOL_SIZE: '4', METRICS_PORT: '9464' })).toMatchObject({
      databasePoolSize: 4,
      metricsPort: 9464,
    });
  });

  it('refuse a pool under 2 or over 100, and a port that is none', () => {
    expect(problemsOf({ DATABASE_POOL_SIZE: '1' })).toEqual([
      'DATABASE_POOL_SIZE must be a whole number from 2 to 100, got "1"',
    ]);
    expect(problemsOf({ METRICS_PORT: '0' })).toEqual([
      'METRICS_PORT must be a whole number from 1 to 65535, got "0"',
    ]);
  });
});

describe('SHEETS_LEASE_SECONDS', () => {
  it("is 30 s by default, a job's lease, for server deliveries and schedule runs alike", () => {
    expect(parseWorkerConfig({}).sheetsLeaseMs).toBe(DEFAULT_DELIVERY_LEASE_MS);
    expect(DEFAULT_SCHEDULE_LEASE_MS).toBe(DEFAULT_DELIVERY_LEASE_MS);
    expect(DEFAULT_DELIVERY_LEASE_MS).toBe(30_000);
    expect(parseWorkerConfig({ SHEETS_LEASE_SECONDS: '6' }).sheetsLeaseMs).toBe(6_000);
  });

  it('refuses a lease under 5 s or past an hour', () => {
    for (const value of ['4', '3601', 'fast'])
      expect(problemsOf({ SHEETS_LEASE_SECONDS: value })).toEqual([
        `SHEETS_LEASE_SECONDS must be a whole number from 5 to 3600, got "${value}"`,
      ]);
  });
});

describe('JOB_LEASE_SECONDS', () => {
  it('is 30 s by default, as long as a killed instance keeps its jobs', () => {
    expect(parseWorkerConfig({}).jobLeaseMs).toBe(DEFAULT_JOB_LEASE_MS);
    expect(DEFAULT_JOB_LEASE_MS).toBe(30_000);
    expect(parseWorkerConfig({ JOB_LEASE_SECONDS: '8' }).jobLeaseMs).toBe(8_000);
  });

  it('refuses a lease under 5 s or past an hour, and a typo of its name', () => {
    for (const value of ['4', '3601', '2.5', 'soon'])
      expect(problemsOf({ JOB_LEASE_SECONDS: value })).toEqual([
        `JOB_LEASE_SECONDS must be a whole number from 5 to 3600, got "${value}"`,
      ]);
    expect(problemsOf({ JOB_LEASE_SECOND: '10' })[0]).toContain('JOB_LEASE_SECONDS');
  });
});

describe('EDIT_PROOF_MINUTES', () => {
  it('keeps a proof of edit access 60 minutes by default, as long as a sign-in lasts', () => {
    expect(DEFAULT_EDIT_PROOF_MINUTES).toBe(60);
    expect(parseWorkerConfig({}).editProofMs).toBe(60 * 60_000);
    expect(parseWorkerConfig({ EDIT_PROOF_MINUTES: '1' }).editProofMs).toBe(60_000);
    expect(parseWorkerConfig({ EDIT_PROOF_MINUTES: '1440' }).editProofMs).toBe(24 * 60 * 60_000);
  });

  it('stops the start on less than a minute, more than a day, or not a whole number', () => {
    for (const value of ['0', '1441', '2.5', 'an hour'])
      expect(problemsOf({ EDIT_PROOF_MINUTES: value })).toEqual([
        `EDIT_PROOF_MINUTES must be a whole number from 1 to 1440, got "${value}"`,
      ]);
    expect(problemsOf({ EDIT_PROOF_MINUTE: '30' })[0]).toContain('(did you mean EDIT_PROOF_MINUTES?)');
  });
});

describe('UNPROVEN_DOCUMENT_KEYS', () => {
  it('lets the first connector keep a spreadsheet the worker cannot read by default, or refuses it', () => {
    expect(parseWorkerConfig({}).unprovenDocumentKeys).toBe('first');
    expect(parseWorkerConfig({ UNPROVEN_DOCUMENT_KEYS: 'first' }).unprovenDocumentKeys).toBe('first');
    expect(parseWorkerConfig({ UNPROVEN_DOCUMENT_KEYS: 'refuse' }).unprovenDocumentKeys).toBe('refuse');
  });

  it('stops the start on anything else, naming the two values', () => {
    for (const value of ['never', 'Refuse', 'no'])
      expect(problemsOf({ UNPROVEN_DOCUMENT_KEYS: value })).toEqual([
        `UNPROVEN_DOCUMENT_KEYS must be first or refuse, got "${value}"`,
      ]);
    // Empty is unset, as for every setting.
    expect(parseWorkerConfig({ UNPROVEN_DOCUMENT_KEYS: '' }).unprovenDocumentKeys).toBe('first');
  });
});

describe('SMTP settings (issue 25: alerts of failed scheduled runs)', () => {
  const base = { SMTP_HOST: 'smtp.team.com', SMTP_FROM: 'alerts@team.com' };
  it('reads them with their defaults, and none without SMTP_HOST', () => {
    expect(parseWorkerConfig({}).smtp).toBeNull();
    expect(parseWorkerConfig({ ...base, SMTP_USER: 'alerts', SMTP_PASSWORD: 'pw' }).smtp).toEqual({
      host: 'smtp.team.com',
      port: 587,
      security: 'starttls',
      user: 'alerts',
      password: 'pw',
      from: 'alerts@team.com',
    });
    expect(parseWorkerConfig({ ...base, SMTP_SECURITY: 'tls' }).smtp?.port).toBe(465);
  });

  it('refuses what cannot work, never quoting the password', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseWorkerConfig(env);
        return [];
      } catch (error) {
        return (error as WorkerConfigError).problems;
      }
    };
    expect(problems({ SMTP_PASSWORD: 'Very-Secret-1' })).toEqual([
      'SMTP_PASSWORD set without SMTP_HOST: set SMTP_HOST too, or none of them',
    ]);
    expect(problems({ SMTP_HOST: 'smtp.team.com' })).toEqual([
      'SMTP_FROM is required with SMTP_HOST: the address alerts come from',
    ]);
    expect(problems({ ...base, SMTP_USER: 'alerts' })).toEqual([
      'SMTP_USER and SMTP_PASSWORD go together: set both, or neither for a server that asks for no sign-in',
    ]);
    expect(problems({ ...base, SMTP_SECURITY: 'none' })[0]).toMatch(/^SMTP_SECURITY=none sends mail/);
    expect(parseWorkerConfig({ ...base, SMTP_HOST: '127.0.0.1', SMTP_SECURITY: 'none' }).smtp?.security).toBe(
      'none',
    );
    expect(
      problems({ ...base, SMTP_PORT: '0', SMTP_PASSWORD: 'Very-Secret-1', SMTP_USER: 'a' }).join('\n'),
    ).not.toContain('Very-Secret-1');
    expect(problems({ SMTP_HOTS: 'x' })[0]).toMatch(
      /^SMTP_HOTS is not a worker setting \(did you mean SMTP_HOST\?\)/,
    );
  });
});
