import { z } from 'zod';
import type { AccountSettings } from './accounts';
import { DEFAULT_FAULT_SETTINGS, type FaultSettings } from './faults';
import { SANDBOX_SHAPES } from './odd-shapes';
import type { RateLimits } from './rate-limiter';
import { closestName } from '../../shared/closest-name';
import { isListenHost, LISTEN_HOST_RULE } from '../common/listen-host';

/**
 * The standalone sandbox's settings, read once from the environment. Every `SANDBOX_*` variable
 * must be one of these: a typo (`SANDBOX_CREDIT=5`) stops the start instead of silently running
 * with the default. Empty values count as unset.
 *
 * | variable | default | format |
 * |---|---|---|
 * | PORT | 8788 | port to listen on (0 picks a free one) |
 * | HOST | 127.0.0.1 | the interface the standalone sandbox listens on: this machine only, unless it says otherwise (0.0.0.0) |
 * | SANDBOX_TOKEN | sandbox | the main bearer token; has raw access |
 * | SANDBOX_CREDITS | 1000 | credits of the main token, up to 3 decimals |
 * | SANDBOX_RAW_REQUESTS | 10000 | raw allowance of the main token |
 * | SANDBOX_EXTRA_TOKENS | none | more accounts: `token:credits:rawRequests:raw|noraw`, comma separated, e.g. `noraw:1000:0:noraw,poor:0.05:100:raw` |
 * | SANDBOX_SEED | creator-sheets | seed of the generated world and of the fault dice; digits only = a number |
 * | SANDBOX_CREATORS | 20000 | generated creators per platform, 500 to 2,000,000 |
 * | SANDBOX_RATE_AI | 1 | requests per second per token, or `off` |
 * | SANDBOX_RATE_DISCOVERY | 2 | same |
 * | SANDBOX_RATE_DICTIONARY_FAST | 10 | same |
 * | SANDBOX_LATENCY_MS | 0 | added to every answer |
 * | SANDBOX_JITTER_MS | 0 | up to this much more, random |
 * | SANDBOX_FAULT_5XX | 0 | share (0..1) of requests answered 500 |
 * | SANDBOX_FAULT_TIMEOUT | 0 | share of requests held, then answered 504 |
 * | SANDBOX_FAULT_TIMEOUT_MS | 25000 | how long a held request is held |
 * | SANDBOX_FAULT_MALFORMED | 0 | share of requests answered 200 with invalid JSON; paid ones are billed first |
 * | SANDBOX_FAULT_UNREADABLE | 0 | share of successful answers billed, then sent wrapped where no reader looks |
 * | SANDBOX_SHAPES | real | `real`: shapes the real service answers; `odd`: older and odder ones (odd-shapes.ts) |
 * | SANDBOX_FAULT_429 | 0 | share of requests that start a burst of 429s |
 * | SANDBOX_FAULT_429_MS | 2000 | length of a 429 burst |
 * | SANDBOX_BILL_ON | answer | `answer`: a paid answer is billed as it is sent, after the latency; `receipt`: as the request arrives, before it (billed even if the caller is gone) |
 * | SANDBOX_ADMIN_OPEN | false | `true`: the `/_sandbox` routes need no bearer token |
 */
export interface SandboxConfig {
  port: number;
  /** The standalone server's interface (HOST); the worker's mounted sandbox listens on the worker's. */
  host: string;
  seed: string | number;
  creatorsPerPlatform: number;
  /** The main token first, then the extra ones in the order given. */
  accounts: AccountSettings[];
  rates: RateLimits;
  faults: FaultSettings;
  adminOpen: boolean;
}

export class SandboxConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid sandbox configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'SandboxConfigError';
  }
}

const TOKEN_PATTERN = /^[A-Za-z0-9._~-]+$/;
const TOKEN_RULE = 'letters, digits and . _ ~ - only';

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`);

const CREDITS_PATTERN = /^\d+(\.\d{1,3})?$/;
const credits = z
  .string()
  .regex(
    CREDITS_PATTERN,
    'must be a number of credits of at least 0 with at most 3 decimals, e.g. 1000 or 0.05',
  )
  .transform(Number);

const share = z
  .string()
  .regex(/^\d*\.?\d+$/, 'must be a share from 0 to 1, e.g. 0.05')
  .transform(Number)
  .refine((n) => n >= 0 && n <= 1, 'must be a share from 0 to 1, e.g. 0.05');

const rate = z
  .string()
  .regex(/^(off|\d*\.?\d+)$/, 'must be a number of requests per second above 0, or "off"')
  .transform((raw) => (raw === 'off' ? null : Number(raw)))
  .refine((n) => n === null || n > 0, 'must be a number of requests per second above 0, or "off"');

const flag = z
  .enum(['true', 'false', '1', '0'], 'must be true or false')
  .transform((raw) => raw === 'true' || raw === '1');

const shapes = z.enum(SANDBOX_SHAPES, `must be one of ${SANDBOX_SHAPES.join(', ')}`);

const token = z.string().regex(TOKEN_PATTERN, `must be ${TOKEN_RULE}`);

const extraTokens = z.string().transform((raw, ctx): AccountSettings[] => {
  const accounts: AccountSettings[] = [];
  for (const entry of raw.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const fields = entry.split(':');
    const [tokenField, creditsField, rawRequestsField, accessField] = fields;
    const problem =
      fields.length !== 4
        ? 'needs 4 fields token:credits:rawRequests:raw|noraw'
        : !TOKEN_PATTERN.test(tokenField)
          ? `has a token with characters other than ${TOKEN_RULE}`
          : !CREDITS_PATTERN.test(creditsField)
            ? 'has credits that are not a number with at most 3 decimals'
            : !/^\d+$/.test(rawRequestsField)
              ? 'has rawRequests that are not a whole number'
              : accessField !== 'raw' && accessField !== 'noraw'
                ? 'must end with raw or noraw'
                : undefined;
    if (problem !== undefined) {
      ctx.addIssue({ code: 'custom', message: `entry "${entry}" ${problem}` });
      continue;
    }
    accounts.push({
      token: tokenField,
      credits: Number(creditsField),
      rawRequests: Number(rawRequestsField),
      rawAccess: accessField === 'raw',
    });
  }
  return accounts;
});

const envSchema = z.object({
  PORT: wholeNumber(0, 65535).default(8788),
  // Loopback by default: its tokens are no secret, and anyone reaching it could spend its credits
  // or turn faults on (its admin routes take any of its tokens).
  HOST: z.string().refine(isListenHost, LISTEN_HOST_RULE).default('127.0.0.1'),
  SANDBOX_TOKEN: token.default('sandbox'),
  SANDBOX_CREDITS: credits.default(1000),
  SANDBOX_RAW_REQUESTS: wholeNumber(0, Number.MAX_SAFE_INTEGER).default(10_000),
  SANDBOX_EXTRA_TOKENS: extraTokens.default([]),
  // The world's own defaults and bounds (data/world.ts), so an unset variable means the same world.
  SANDBOX_SEED: z
    .string()
    .transform((raw) => (/^\d{1,9}$/.test(raw) ? Number(raw) : raw))
    .default('creator-sheets'),
  SANDBOX_CREATORS: wholeNumber(500, 2_000_000).default(20_000),
  SANDBOX_RATE_AI: rate.default(1),
  SANDBOX_RATE_DISCOVERY: rate.default(2),
  SANDBOX_RATE_DICTIONARY_FAST: rate.default(10),
  SANDBOX_LATENCY_MS: wholeNumber(0, 600_000).default(DEFAULT_FAULT_SETTINGS.latencyMs),
  SANDBOX_JITTER_MS: wholeNumber(0, 600_000).default(DEFAULT_FAULT_SETTINGS.jitterMs),
  SANDBOX_FAULT_5XX: share.default(DEFAULT_FAULT_SETTINGS.serverErrorShare),
  SANDBOX_FAULT_TIMEOUT: share.default(DEFAULT_FAULT_SETTINGS.timeoutShare),
  SANDBOX_FAULT_TIMEOUT_MS: wholeNumber(0, 600_000).default(DEFAULT_FAULT_SETTINGS.timeoutMs),
  SANDBOX_FAULT_MALFORMED: share.default(DEFAULT_FAULT_SETTINGS.malformedShare),
  SANDBOX_FAULT_UNREADABLE: share.default(DEFAULT_FAULT_SETTINGS.unreadableShare),
  SANDBOX_FAULT_429: share.default(DEFAULT_FAULT_SETTINGS.burst429Share),
  SANDBOX_FAULT_429_MS: wholeNumber(1, 600_000).default(DEFAULT_FAULT_SETTINGS.burst429Ms),
  SANDBOX_SHAPES: shapes.default(DEFAULT_FAULT_SETTINGS.shapes),
  SANDBOX_BILL_ON: z
    .enum(['answer', 'receipt'], 'must be answer or receipt')
    .default(DEFAULT_FAULT_SETTINGS.billOn),
  SANDBOX_ADMIN_OPEN: flag.default(false),
});

/** Every variable the sandbox reads; any other `SANDBOX_*` variable is refused. */
const SANDBOX_ENV_NAMES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/**
 * Parses the environment, or throws a SandboxConfigError listing every problem at once (one line
 * per variable, with the value it got), so a misconfigured start is fixed in one go.
 */
export function parseSandboxConfig(env: Readonly<Record<string, string | undefined>>): SandboxConfig {
  const problems: string[] = [];
  const known = new Set<string>(SANDBOX_ENV_NAMES);
  for (const name of Object.keys(env)) {
    if (name.startsWith('SANDBOX_') && !known.has(name)) {
      const guess = closestName(name, SANDBOX_ENV_NAMES);
      problems.push(
        `${name} is not a sandbox setting${guess ? ` (did you mean ${guess}?)` : ''}; known: ${SANDBOX_ENV_NAMES.join(', ')}`,
      );
    }
  }

  const input: Record<string, string> = {};
  for (const name of SANDBOX_ENV_NAMES) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') input[name] = value;
  }
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      // Extra-token issues quote their own entry; the whole list would only repeat it.
      const value = name === 'SANDBOX_EXTRA_TOKENS' ? undefined : input[name];
      problems.push(`${name} ${issue.message}${value === undefined ? '' : `, got "${value}"`}`);
    }
  }
  if (!parsed.success || problems.length > 0) throw new SandboxConfigError(problems);

  const values = parsed.data;
  const main: AccountSettings = {
    token: values.SANDBOX_TOKEN,
    credits: values.SANDBOX_CREDITS,
    rawRequests: values.SANDBOX_RAW_REQUESTS,
    rawAccess: true,
  };
  const accounts = [main, ...values.SANDBOX_EXTRA_TOKENS];
  const seen = new Set<string>();
  for (const account of accounts) {
    if (seen.has(account.token)) {
      problems.push(`SANDBOX_EXTRA_TOKENS repeats the token "${account.token}"; each token is one account`);
    }
    seen.add(account.token);
  }
  if (problems.length > 0) throw new SandboxConfigError(problems);

  return {
    port: values.PORT,
    host: values.HOST,
    seed: values.SANDBOX_SEED,
    creatorsPerPlatform: values.SANDBOX_CREATORS,
    accounts,
    rates: {
      ai: values.SANDBOX_RATE_AI,
      discovery: values.SANDBOX_RATE_DISCOVERY,
      dictionaryFast: values.SANDBOX_RATE_DICTIONARY_FAST,
    },
    faults: {
      latencyMs: values.SANDBOX_LATENCY_MS,
      jitterMs: values.SANDBOX_JITTER_MS,
      serverErrorShare: values.SANDBOX_FAULT_5XX,
      timeoutShare: values.SANDBOX_FAULT_TIMEOUT,
      timeoutMs: values.SANDBOX_FAULT_TIMEOUT_MS,
      malformedShare: values.SANDBOX_FAULT_MALFORMED,
      unreadableShare: values.SANDBOX_FAULT_UNREADABLE,
      burst429Share: values.SANDBOX_FAULT_429,
      burst429Ms: values.SANDBOX_FAULT_429_MS,
      shapes: values.SANDBOX_SHAPES,
      billOn: values.SANDBOX_BILL_ON,
    },
    adminOpen: values.SANDBOX_ADMIN_OPEN,
  };
}

/** The settings with nothing set: what tests and an unconfigured worker start from. */
export function defaultSandboxConfig(): SandboxConfig {
  return parseSandboxConfig({});
}
