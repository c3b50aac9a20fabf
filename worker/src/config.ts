import { resolve } from 'node:path';
import { z } from 'zod';
import type { RateFamily } from '../../shared/operations';
import type { BudgetDefaults } from './budgets/budget-guard';
import { DEFAULT_REPORT_CACHE_DAYS } from './store/cache/cache-namespaces';
import { DEFAULT_WORKER_KEY_DAYS, DEFAULT_WORKER_KEYS_PER_USER } from './store/rows/worker-key-rules';
import { DEFAULT_RATE_LIMIT_PER_ADDRESS, DEFAULT_RATE_LIMIT_PER_KEY } from './http/request-rate-limit';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './http/server-timeouts';
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_TIMEOUT_MS } from './upstream/request-core';
import type { FamilyRates } from './upstream/throttle';
import { normalizeBaseUrl } from './upstream/upstream-url';
import { DATA_SECRET_FORMAT, parseDataSecret, SecretBytes } from './store/sealing/data-secret';
import { databaseUrlProblem, SHARED_SECRET_REQUIRED } from './store/postgres/database-url';
import { closestName, editDistance } from '../../shared/closest-name';
import { isListenHost, isLoopbackHost, LISTEN_HOST_RULE } from '../common/listen-host';
import { readServiceAccountKey, type SheetsIdentitySource } from './google/sheets-api';
import type { LogLevel } from './logging/logger';
import type { SmtpSettings } from './alerts/smtp-client';
import { DEFAULT_FORMULA_ALLOWANCE_PER_DAY } from '../../shared/worker-api/request-limits';

/**
 * The worker's settings, read once from the environment at start-up. Every problem is reported at
 * once, one line per variable, and stops the start: a typo (`BUDGET_USER_DAYS=5`) must not quietly
 * run with no budget. Empty values count as unset.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | PORT | 8787 | port to listen on (0 picks a free one) |
 * | DISCOVERY_API_URL, DISCOVERY_API_TOKEN | none | both: the real API; neither: sandbox mode |
 * | DATA_DIR | ./data | the SQLite file and its secret; one worker process at a time (store/sqlite/data-dir-lock.ts) |
 * | DATA_SECRET | the file `DATA_DIR/store-secret.key` | the data's secret, 32 bytes as 64 hex characters or base64; never logged |
 * | DATABASE_URL | none | Postgres instead of SQLite, one store for several workers (`postgres://user:password@host:5432/database`); needs DATA_SECRET, the same on every worker; never quoted back |
 * | DATABASE_POOL_SIZE | 10 | Postgres: connections of the store's pool per worker (the worker opens 9 more of its own: locks) |
 * | METRICS_PORT | none | a port serving `GET /metrics` (Prometheus text) on HOST's interface; unset: no metrics |
 * | GOOGLE_CLIENT_IDS | none | comma list of the add-on's OAuth client ids |
 * | GOOGLE_CERTS_URL | Google's | where Google's ID-token signing certificates are fetched (`{ kid: PEM }`); for tests and private deployments. Any http(s) URL: whoever answers there decides who signs in, so use https or loopback |
 * | ALLOWED_DOMAINS, ALLOWED_EMAILS, ADMIN_EMAILS | none | comma lists (who may call, who administers) |
 * | REPORT_CACHE_DAYS | 30 | how long a fetched report is served from the cache |
 * | BUDGET_USER_DAY, BUDGET_USER_MONTH, BUDGET_TEAM_DAY, BUDGET_TEAM_MONTH | unlimited | credits |
 * | BUDGET_USER_RAW_DAY, BUDGET_USER_RAW_MONTH, BUDGET_TEAM_RAW_DAY, BUDGET_TEAM_RAW_MONTH | unlimited | raw requests (of the monthly raw allowance) |
 * | WORKER_DEV_KEY | random | sandbox mode only: the development key |
 * | LOG_LEVEL | info | fatal, error, warn, info, debug, trace or silent |
 * | UPSTREAM_TIMEOUT_MS | 30000 | per attempt |
 * | UPSTREAM_MAX_ATTEMPTS | 5 | tries in all, the first included |
 * | UPSTREAM_RATE_AI, _DISCOVERY, _DICTIONARY_FAST, _FREE | documented (sandbox: its own) | requests/s or `off` |
 * | EMAIL_BATCH_CONCURRENCY | 2 | e-mail batches of 1,000 in flight at once per request |
 * | REPORT_FETCH_CONCURRENCY | 4 | report fetches in flight at once per request (the throttle paces them) |
 * | FORMULA_DEADLINE_MS | 25000 | answer by then with what is ready (custom functions stop at 30 s) |
 * | FORMULA_ALLOWANCE_DAY | 5 | credits a document's formulas spend per UTC day without asking, until its Settings say otherwise; `unlimited` for no cap |
 * | RECONCILE_MINUTES | 15 | read the API account's balance this often to reconcile the ledger against it; 0: never |
 * | JOB_LEASE_SECONDS | 30 | Postgres: how long a job stays with an instance that stopped renewing its lease (killed, cut off) before another takes it over; renewed 3 times as often |
 * | SHEETS_LEASE_SECONDS | 30 | the same for a server delivery and a schedule's run |
 * | HOST | sandbox: 127.0.0.1; live: every interface | the interface to listen on (an IP address or host name) |
 * | REQUEST_TIMEOUT_MS | 60000 | a request's headers and body must have arrived by then (slow uploads are cut off) |
 * | RATE_LIMIT_PER_KEY | 100 | requests/s per credential (bursts of 10 s of it), or `off`; more answer 429 |
 * | RATE_LIMIT_PER_ADDRESS | 300 | requests/s per client address (bursts of 10 s of it), or `off` |
 * | TRUST_PROXY | 0 | proxies in front of the worker whose X-Forwarded-For names the client (1 behind one) |
 * | WORKER_KEY_DAYS | 90 | a worker key stops working this many days after its issue |
 * | WORKER_KEYS_PER_USER | 10 | live worker keys per person; issuing another revokes the oldest |
 * | EDIT_PROOF_MINUTES | 60 | how long a proof that someone can edit a spreadsheet stands (documents/edit-access.ts) |
 * | UNPROVEN_DOCUMENT_KEYS | first | a spreadsheet the worker cannot read (no service account, not shared): `first`, its first connector keeps its formulas; `refuse`, no document key without proof |
 * | GOOGLE_APPLICATION_CREDENTIALS | none | a service account's JSON key: the worker's own Google identity for the Sheets API |
 * | SHEETS_DELIVERY | auto | `auto`: the key file above, else on Cloud Run (K_SERVICE set) the host's service account, else none; `off`: none |
 * | GOOGLE_API_URL | Google's | one origin standing in for Google's token endpoint and the Sheets API (the playground's emulator); https, or http on loopback |
 * | SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD, SMTP_FROM, SMTP_SECURITY | none, 587 (465 with tls), none, none, none, starttls | where failed scheduled runs are e-mailed from (alerts/smtp-client.ts); SMTP_PASSWORD is never quoted back |
 * | SANDBOX_* | see worker/sandbox/config.ts | sandbox mode only; SANDBOX_TOKEN is random when unset |
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

interface UpstreamSettings {
  /** `https://HOST/v1`; in sandbox mode null until the server knows its port. */
  baseUrl: string | null;
  token: string;
  timeoutMs: number;
  maxAttempts: number;
  /** Only the families set (or, in sandbox mode, the sandbox's own limits); the rest are documented. */
  rates: Partial<FamilyRates>;
}

export interface WorkerConfig {
  port: number;
  /** `sandbox`: no real API token, the built-in sandbox is the upstream. */
  mode: 'sandbox' | 'live';
  upstream: UpstreamSettings;
  dataDir: string;
  /** DATA_SECRET, or null for the data directory's own secret file (store/sealing/data-secret.ts). */
  dataSecret: SecretBytes | null;
  /** DATABASE_URL: the store on Postgres (store/postgres/); null for SQLite in `dataDir`. */
  databaseUrl: string | null;
  /** DATABASE_POOL_SIZE: connections of the Postgres store's pool. */
  databasePoolSize: number;
  /** METRICS_PORT: where `/metrics` is served; null for nowhere. */
  metricsPort: number | null;
  googleClientIds: string[];
  /** GOOGLE_CERTS_URL, or null for Google's own certificate endpoint. */
  googleCertsUrl: string | null;
  allowedDomains: string[];
  allowedEmails: string[];
  adminEmails: string[];
  reportCacheDays: number;
  budgets: BudgetDefaults;
  /** Sandbox mode: WORKER_DEV_KEY, or null to generate one at start. Always null in live mode. */
  devKey: string | null;
  logLevel: LogLevel;
  emailBatchConcurrency: number;
  reportFetchConcurrency: number;
  formulaDeadlineMs: number;
  /** FORMULA_ALLOWANCE_DAY: a document's formula allowance until someone sets its own; null: no cap. */
  formulaAllowancePerDay: number | null;
  /** RECONCILE_MINUTES in milliseconds; 0: the balance is never read on a schedule. */
  reconcileEveryMs: number;
  /** JOB_LEASE_SECONDS in milliseconds (jobs/job-lease.ts). */
  jobLeaseMs: number;
  /** SHEETS_LEASE_SECONDS in milliseconds: server deliveries' and schedule runs' leases. */
  sheetsLeaseMs: number;
  /** HOST: the interface to listen on; null for every interface (live mode's default). */
  host: string | null;
  requestTimeoutMs: number;
  /** Requests per second per credential and per client address; null: no limit. */
  rateLimits: { perKey: number | null; perAddress: number | null };
  /** Proxy hops trusted for the client's address (Express's `trust proxy`); 0: the socket's. */
  trustProxy: number;
  workerKeyDays: number;
  workerKeysPerUser: number;
  /** EDIT_PROOF_MINUTES in milliseconds: how long a proof of edit access stands. */
  editProofMs: number;
  /** UNPROVEN_DOCUMENT_KEYS: document keys for spreadsheets the worker cannot read. */
  unprovenDocumentKeys: 'first' | 'refuse';
  /**
   * The worker's own Google identity for the Sheets API (issue 14), or null: without one every
   * row reaches a sheet through the add-on, as before.
   */
  sheets: { identity: SheetsIdentitySource | null; googleApiUrl: string | null };
  /** SMTP_*: the mail server failed scheduled runs are told through (issue 25); null: no e-mail. */
  smtp: SmtpSettings | null;
  /** Settings that were ignored, worth one line at start-up. */
  warnings: string[];
}

export class WorkerConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid worker configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'WorkerConfigError';
  }
}

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`);

const positiveNumber = z
  .string()
  .regex(/^\d*\.?\d+$/, 'must be a number above 0, e.g. 30')
  .transform(Number)
  .refine((n) => n > 0, 'must be a number above 0, e.g. 30');

const credits = z
  .string()
  .regex(/^(\d+(\.\d{1,3})?|unlimited)$/, 'must be credits (0 or more, at most 3 decimals) or "unlimited"')
  .transform((raw) => (raw === 'unlimited' ? null : Number(raw)));

const rawRequests = z
  .string()
  .regex(/^(\d+|unlimited)$/, 'must be a whole number of raw requests (0 or more) or "unlimited"')
  .transform((raw) => (raw === 'unlimited' ? null : Number(raw)));

const rate = z
  .string()
  .regex(/^(off|\d*\.?\d+)$/, 'must be requests per second above 0, or "off"')
  .transform((raw) => (raw === 'off' ? null : Number(raw)))
  .refine((n) => n === null || n > 0, 'must be requests per second above 0, or "off"');

const list = (check: (item: string) => boolean, what: string) =>
  z
    .string()
    .transform((raw) =>
      raw
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .superRefine((items, ctx) => {
      const bad = items.filter((item) => !check(item));
      if (bad.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `holds ${bad.map((b) => `"${b}"`).join(', ')}, not ${what}`,
        });
    });

/** `localhost:8080` parses too, as scheme "localhost:": only http and https count. */
function isHttpUrl(raw: string): boolean {
  try {
    const { protocol } = new URL(raw);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

const EMAIL_SHAPE = /^[^\s@,]+@[^\s@,]+$/;
const DOMAIN_SHAPE = /^@?[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

const envSchema = z.object({
  PORT: wholeNumber(0, 65535).default(8787),
  DISCOVERY_API_URL: z.string().optional(),
  DISCOVERY_API_TOKEN: z.string().regex(/^\S+$/, 'must not contain spaces').optional(),
  DATA_DIR: z.string().default('./data'),
  DATA_SECRET: z
    .string()
    .transform((raw, ctx) => {
      const bytes = parseDataSecret(raw);
      if (bytes !== null) return new SecretBytes(bytes);
      // Its length helps find the mistake (a truncated paste, a 16-byte key) without quoting it.
      ctx.addIssue({
        code: 'custom',
        message: `must be ${DATA_SECRET_FORMAT}; it has ${raw.length} characters`,
      });
      return z.NEVER;
    })
    .optional(),
  // store/postgres/postgres-database.ts DEFAULT_POOL_SIZE. Two at least: a job's batch commits
  // while a request reads.
  DATABASE_POOL_SIZE: wholeNumber(2, 100).default(10),
  METRICS_PORT: wholeNumber(1, 65535).optional(),
  DATABASE_URL: z
    .string()
    .superRefine((raw, ctx) => {
      const problem = databaseUrlProblem(raw);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  GOOGLE_CLIENT_IDS: list((id) => /^\S+$/.test(id), 'client ids').default([]),
  GOOGLE_CERTS_URL: z
    .string()
    .refine(isHttpUrl, 'must be an absolute http(s) URL such as https://www.googleapis.com/oauth2/v1/certs')
    .optional(),
  ALLOWED_DOMAINS: list((domain) => DOMAIN_SHAPE.test(domain), 'domains such as team.com').default([]),
  ALLOWED_EMAILS: list((email) => EMAIL_SHAPE.test(email), 'e-mail addresses').default([]),
  ADMIN_EMAILS: list((email) => EMAIL_SHAPE.test(email), 'e-mail addresses').default([]),
  REPORT_CACHE_DAYS: positiveNumber.default(DEFAULT_REPORT_CACHE_DAYS),
  BUDGET_USER_DAY: credits.optional(),
  BUDGET_USER_MONTH: credits.optional(),
  BUDGET_TEAM_DAY: credits.optional(),
  BUDGET_TEAM_MONTH: credits.optional(),
  BUDGET_USER_RAW_DAY: rawRequests.optional(),
  BUDGET_USER_RAW_MONTH: rawRequests.optional(),
  BUDGET_TEAM_RAW_DAY: rawRequests.optional(),
  BUDGET_TEAM_RAW_MONTH: rawRequests.optional(),
  WORKER_DEV_KEY: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{12,200}$/, 'must be 12 to 200 letters, digits or . _ ~ -')
    .refine((key) => !key.startsWith('csk_'), 'must not start with csk_ (the prefix of worker keys)')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).default('info'),
  UPSTREAM_TIMEOUT_MS: wholeNumber(100, 600_000).default(DEFAULT_TIMEOUT_MS),
  UPSTREAM_MAX_ATTEMPTS: wholeNumber(1, 10).default(DEFAULT_MAX_ATTEMPTS),
  UPSTREAM_RATE_AI: rate.optional(),
  UPSTREAM_RATE_DISCOVERY: rate.optional(),
  UPSTREAM_RATE_DICTIONARY_FAST: rate.optional(),
  UPSTREAM_RATE_FREE: rate.optional(),
  EMAIL_BATCH_CONCURRENCY: wholeNumber(1, 16).default(2),
  REPORT_FETCH_CONCURRENCY: wholeNumber(1, 32).default(4),
  FORMULA_DEADLINE_MS: wholeNumber(100, 600_000).default(25_000),
  FORMULA_ALLOWANCE_DAY: credits.optional(),
  RECONCILE_MINUTES: wholeNumber(0, 7 * 24 * 60).default(15),
  // jobs/job-lease.ts DEFAULT_JOB_LEASE_MS (not imported: the job modules import this one). At
  // least 5 s: renewals go 3 times per lease, and a slow database must not make a live run lose its job.
  JOB_LEASE_SECONDS: wholeNumber(5, 3600).default(30),
  // jobs/delivery/job-delivery.ts DEFAULT_DELIVERY_LEASE_MS and schedules/scheduler.ts DEFAULT_LEASE_MS.
  SHEETS_LEASE_SECONDS: wholeNumber(5, 3600).default(30),
  HOST: z.string().refine(isListenHost, LISTEN_HOST_RULE).optional(),
  REQUEST_TIMEOUT_MS: wholeNumber(1000, 600_000).default(DEFAULT_REQUEST_TIMEOUT_MS),
  RATE_LIMIT_PER_KEY: rate.default(DEFAULT_RATE_LIMIT_PER_KEY),
  RATE_LIMIT_PER_ADDRESS: rate.default(DEFAULT_RATE_LIMIT_PER_ADDRESS),
  TRUST_PROXY: wholeNumber(0, 10).default(0),
  WORKER_KEY_DAYS: wholeNumber(1, 3650).default(DEFAULT_WORKER_KEY_DAYS),
  WORKER_KEYS_PER_USER: wholeNumber(1, 1000).default(DEFAULT_WORKER_KEYS_PER_USER),
  // documents/edit-access.ts DEFAULT_EDIT_PROOF_MINUTES; at most a day: a person removed from a
  // spreadsheet keeps acting on it through the worker for up to this long.
  EDIT_PROOF_MINUTES: wholeNumber(1, 24 * 60).default(60),
  UNPROVEN_DOCUMENT_KEYS: z.enum(['first', 'refuse'], 'must be first or refuse').default('first'),
  GOOGLE_APPLICATION_CREDENTIALS: z
    .string()
    .superRefine((path, ctx) => {
      try {
        readServiceAccountKey(path);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: (error as Error).message.replace(/^GOOGLE_APPLICATION_CREDENTIALS \([^)]*\) /, ''),
        });
      }
    })
    .optional(),
  SHEETS_DELIVERY: z.enum(['auto', 'off'], 'must be auto or off').default('auto'),
  GOOGLE_API_URL: z
    .string()
    .refine(isHttpUrl, 'must be an absolute http(s) URL such as http://127.0.0.1:8790/')
    .refine(
      (raw) => !isHttpUrl(raw) || new URL(raw).protocol === 'https:' || isLoopbackHost(new URL(raw).hostname),
      "must be https, or http on this machine (127.0.0.1, localhost): it receives the service account's tokens",
    )
    .optional(),
  SMTP_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:[\]-]{1,253}$/, 'must be a host name or IP address')
    .optional(),
  SMTP_PORT: wholeNumber(1, 65_535).optional(),
  SMTP_USER: z.string().max(320).optional(),
  SMTP_PASSWORD: z.string().max(1000).optional(),
  SMTP_FROM: z.string().regex(EMAIL_SHAPE, 'must be an e-mail address such as alerts@example.com').optional(),
  SMTP_SECURITY: z.enum(['starttls', 'tls', 'none'], 'must be starttls, tls or none').optional(),
});

/** Every variable the worker itself reads (SANDBOX_* belong to the sandbox's parser). */
const WORKER_ENV_NAMES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/**
 * Names under these prefixes are ours: an unknown one is a typo, never someone else's variable.
 * `GOOGLE_` alone would catch the Google SDKs' own settings, so only `GOOGLE_CLIENT` and
 * `GOOGLE_CERTS` are claimed.
 */
const OWN_PREFIXES = [
  'WORKER_',
  'DISCOVERY_',
  'UPSTREAM_',
  'BUDGET_',
  'REPORT_',
  'EMAIL_BATCH',
  'JOB_',
  'FORMULA_',
  'RATE_LIMIT',
  'REQUEST_TIMEOUT',
  'TRUST_PROXY',
  'GOOGLE_CLIENT',
  'GOOGLE_CERTS',
  'GOOGLE_API',
  'SHEETS_',
  'ALLOWED_',
  'ADMIN_',
  'SMTP_',
];

/**
 * What sandbox mode's stand-in API tells the worker about itself: its token and its rate limits
 * (the composition root, worker/start.ts, parses the sandbox's settings and hands this in; the
 * worker never reads the sandbox's code).
 */
export interface LocalUpstream {
  token: string;
  rates: Partial<FamilyRates>;
}

/** Names under this prefix are the sandbox's settings, parsed by its own parser. */
export const SANDBOX_PREFIX = 'SANDBOX_';

/** `live` with the real API (DISCOVERY_API_URL or _TOKEN set), `sandbox` without. */
export function upstreamModeOf(env: Readonly<Record<string, string | undefined>>): WorkerConfig['mode'] {
  const set = (name: string) => (env[name]?.trim() ?? '') !== '';
  return set('DISCOVERY_API_URL') || set('DISCOVERY_API_TOKEN') ? 'live' : 'sandbox';
}

/**
 * Parses the environment, or throws a WorkerConfigError listing every problem. Zero configuration
 * is valid: sandbox mode with a generated development key, whose upstream is `local` (its token
 * and rate limits); SANDBOX_* names are left to the sandbox's parser.
 */
export function parseWorkerConfig(
  env: Readonly<Record<string, string | undefined>>,
  local: LocalUpstream | null = null,
): WorkerConfig {
  const problems: string[] = [];
  const warnings: string[] = [];
  const known = new Set<string>(WORKER_ENV_NAMES);
  for (const name of Object.keys(env)) {
    if (known.has(name) || name.startsWith(SANDBOX_PREFIX)) continue;
    const guess = closestName(name, WORKER_ENV_NAMES);
    const ours = OWN_PREFIXES.some((prefix) => name.startsWith(prefix));
    // Outside our prefixes only a near miss of a known name counts ("LOG_LEVL", "DATADIR").
    if (ours || (guess !== undefined && editDistance(name, guess) === 1 && name.length >= 6)) {
      problems.push(
        `${name} is not a worker setting${guess ? ` (did you mean ${guess}?)` : ''}; known: ${WORKER_ENV_NAMES.join(', ')}, SANDBOX_*`,
      );
    }
  }

  const input: Record<string, string> = {};
  for (const name of WORKER_ENV_NAMES) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') input[name] = value;
  }
  const hasUrl = input.DISCOVERY_API_URL !== undefined;
  const hasToken = input.DISCOVERY_API_TOKEN !== undefined;
  const mode = upstreamModeOf(input);
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      // Secrets are never quoted back: the message may end up in a log.
      // DATABASE_URL usually carries a password.
      const secret =
        name === 'DISCOVERY_API_TOKEN' ||
        name === 'WORKER_DEV_KEY' ||
        name === 'DATA_SECRET' ||
        name === 'DATABASE_URL' ||
        name === 'SMTP_PASSWORD';
      const value = secret ? undefined : input[name];
      problems.push(`${name} ${issue.message}${value === undefined ? '' : `, got "${value}"`}`);
    }
  }

  let baseUrl: string | null = null;
  if (input.DISCOVERY_API_URL !== undefined) {
    try {
      baseUrl = normalizeBaseUrl(input.DISCOVERY_API_URL);
    } catch (error) {
      problems.push(`DISCOVERY_API_URL ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (hasUrl !== hasToken) {
    problems.push(
      hasUrl
        ? 'DISCOVERY_API_URL is set without DISCOVERY_API_TOKEN: set both for the real API, or neither for the sandbox'
        : 'DISCOVERY_API_TOKEN is set without DISCOVERY_API_URL: set both for the real API, or neither for the sandbox',
    );
  }
  if (input.DATABASE_URL !== undefined && input.DATA_SECRET === undefined) {
    problems.push(SHARED_SECRET_REQUIRED);
  }
  if (mode === 'live' && input.WORKER_DEV_KEY !== undefined) {
    problems.push(
      'WORKER_DEV_KEY is only for sandbox mode: with a real API token nothing is reachable without a Google identity',
    );
  }

  problems.push(...smtpProblems(input));
  if (!parsed.success || problems.length > 0) throw new WorkerConfigError(problems);
  const values = parsed.data;
  if (mode === 'sandbox' && values.HOST !== undefined && !isLoopbackHost(values.HOST)) {
    warnings.push(
      `HOST=${values.HOST} in sandbox mode: the playground and the development key can be reached from other machines`,
    );
  }

  const rates: Partial<FamilyRates> = {};
  // Pace just under the sandbox's own limits, so the sandbox tuned for a test never draws a 429.
  if (mode === 'sandbox' && local !== null) Object.assign(rates, local.rates);
  const overrides: [RateFamily, number | null | undefined][] = [
    ['ai', values.UPSTREAM_RATE_AI],
    ['discovery', values.UPSTREAM_RATE_DISCOVERY],
    ['dictionaryFast', values.UPSTREAM_RATE_DICTIONARY_FAST],
    ['free', values.UPSTREAM_RATE_FREE],
  ];
  for (const [family, value] of overrides) if (value !== undefined) rates[family] = value;

  const token = mode === 'live' ? (values.DISCOVERY_API_TOKEN ?? '') : (local?.token ?? '');
  return {
    port: values.PORT,
    mode,
    upstream: {
      baseUrl,
      token,
      timeoutMs: values.UPSTREAM_TIMEOUT_MS,
      maxAttempts: values.UPSTREAM_MAX_ATTEMPTS,
      rates,
    },
    dataDir: resolve(values.DATA_DIR),
    dataSecret: values.DATA_SECRET ?? null,
    databaseUrl: values.DATABASE_URL ?? null,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    metricsPort: values.METRICS_PORT ?? null,
    googleClientIds: values.GOOGLE_CLIENT_IDS,
    googleCertsUrl: values.GOOGLE_CERTS_URL ?? null,
    allowedDomains: values.ALLOWED_DOMAINS.map((domain) => domain.toLowerCase().replace(/^@/, '')),
    allowedEmails: values.ALLOWED_EMAILS.map((email) => email.toLowerCase()),
    adminEmails: values.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    reportCacheDays: values.REPORT_CACHE_DAYS,
    budgets: {
      user: { day: values.BUDGET_USER_DAY ?? null, month: values.BUDGET_USER_MONTH ?? null },
      team: { day: values.BUDGET_TEAM_DAY ?? null, month: values.BUDGET_TEAM_MONTH ?? null },
      userRaw: { day: values.BUDGET_USER_RAW_DAY ?? null, month: values.BUDGET_USER_RAW_MONTH ?? null },
      teamRaw: { day: values.BUDGET_TEAM_RAW_DAY ?? null, month: values.BUDGET_TEAM_RAW_MONTH ?? null },
    },
    devKey: mode === 'sandbox' ? (values.WORKER_DEV_KEY ?? null) : null,
    logLevel: values.LOG_LEVEL,
    emailBatchConcurrency: values.EMAIL_BATCH_CONCURRENCY,
    reportFetchConcurrency: values.REPORT_FETCH_CONCURRENCY,
    formulaDeadlineMs: values.FORMULA_DEADLINE_MS,
    formulaAllowancePerDay:
      values.FORMULA_ALLOWANCE_DAY === undefined
        ? DEFAULT_FORMULA_ALLOWANCE_PER_DAY
        : values.FORMULA_ALLOWANCE_DAY,
    reconcileEveryMs: values.RECONCILE_MINUTES * 60_000,
    jobLeaseMs: values.JOB_LEASE_SECONDS * 1000,
    sheetsLeaseMs: values.SHEETS_LEASE_SECONDS * 1000,
    // Sandbox mode serves the playground and prints a development key: this machine only, unless
    // HOST says otherwise. A real deployment (Cloud Run, a container) must listen on every interface.
    host: values.HOST ?? (mode === 'sandbox' ? '127.0.0.1' : null),
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    rateLimits: { perKey: values.RATE_LIMIT_PER_KEY, perAddress: values.RATE_LIMIT_PER_ADDRESS },
    trustProxy: values.TRUST_PROXY,
    workerKeyDays: values.WORKER_KEY_DAYS,
    workerKeysPerUser: values.WORKER_KEYS_PER_USER,
    editProofMs: values.EDIT_PROOF_MINUTES * 60_000,
    unprovenDocumentKeys: values.UNPROVEN_DOCUMENT_KEYS,
    sheets: {
      identity: sheetsIdentityOf(values.SHEETS_DELIVERY, values.GOOGLE_APPLICATION_CREDENTIALS, env),
      googleApiUrl: values.GOOGLE_API_URL ?? null,
    },
    smtp: smtpOf(values),
    warnings,
  };
}

/** What SMTP_* lack or contradict: the other settings are needed once SMTP_HOST is given. */
function smtpProblems(input: Readonly<Record<string, string>>): string[] {
  const given = ['SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD', 'SMTP_FROM', 'SMTP_SECURITY'].filter(
    (name) => input[name] !== undefined,
  );
  const host = input.SMTP_HOST;
  if (host === undefined) {
    return given.length === 0
      ? []
      : [`${given.join(', ')} set without SMTP_HOST: set SMTP_HOST too, or none of them`];
  }
  const problems: string[] = [];
  if (input.SMTP_FROM === undefined)
    problems.push('SMTP_FROM is required with SMTP_HOST: the address alerts come from');
  if ((input.SMTP_USER === undefined) !== (input.SMTP_PASSWORD === undefined)) {
    problems.push(
      'SMTP_USER and SMTP_PASSWORD go together: set both, or neither for a server that asks for no sign-in',
    );
  }
  if (input.SMTP_SECURITY === 'none' && !isLoopbackHost(host)) {
    problems.push(
      `SMTP_SECURITY=none sends mail (and any password) in the clear: only for a server on this machine, not ${host}; use starttls or tls`,
    );
  }
  return problems;
}

function smtpOf(values: z.output<typeof envSchema>): SmtpSettings | null {
  if (values.SMTP_HOST === undefined || values.SMTP_FROM === undefined) return null;
  const security = values.SMTP_SECURITY ?? 'starttls';
  return {
    host: values.SMTP_HOST,
    port: values.SMTP_PORT ?? (security === 'tls' ? 465 : 587),
    security,
    user: values.SMTP_USER ?? null,
    password: values.SMTP_PASSWORD ?? null,
    from: values.SMTP_FROM,
  };
}

/**
 * The worker's Google identity: a key file when one is given, else the host's service account on
 * Cloud Run (which sets K_SERVICE and serves a metadata server), else none. Elsewhere asking the
 * metadata server would only wait for a timeout at every start.
 */
function sheetsIdentityOf(
  delivery: 'auto' | 'off',
  keyFile: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): SheetsIdentitySource | null {
  if (delivery === 'off') return null;
  if (keyFile !== undefined) return { kind: 'key-file', path: keyFile };
  return (env.K_SERVICE?.trim() ?? '') !== '' ? { kind: 'metadata' } : null;
}
