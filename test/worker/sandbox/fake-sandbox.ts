import { z } from 'zod';
import type { AccountSettings } from '../../../worker/sandbox/accounts';
import { createSandboxApp } from '../../../worker/sandbox/app';
import type { Sleep } from '../../../worker/common/clock';
import { DEFAULT_FAULT_SETTINGS, type FaultSettings } from '../../../worker/sandbox/faults';
import type { SandboxHandlers } from '../../../worker/sandbox/operation-handler';
import { parseWith } from '../../../worker/sandbox/parse-with';
import type { RateLimits } from '../../../worker/sandbox/rate-limiter';
import { SandboxError } from '../../../worker/sandbox/sandbox-error';
import type { Random } from '../../../worker/common/seeded-random';

/**
 * A sandbox with the real core (auth, raw allowance, rate limits, billing, faults, health, stats)
 * over a tiny fake world and a few fake handlers that follow the spec's billing rules.
 */

export const TOKENS = {
  main: 'sandbox',
  /** Valid account without raw access. */
  noRaw: 'no-raw',
  /** Holds only 0.05 credits. */
  poor: 'poor',
  /** Raw access with a single raw request left. */
  lastRaw: 'last-raw',
} as const;

export const ACCOUNTS: AccountSettings[] = [
  { token: TOKENS.main, credits: 1000, rawRequests: 10_000, rawAccess: true },
  { token: TOKENS.noRaw, credits: 1000, rawRequests: 10_000, rawAccess: false },
  { token: TOKENS.poor, credits: 0.05, rawRequests: 10_000, rawAccess: true },
  { token: TOKENS.lastRaw, credits: 1000, rawRequests: 1, rawAccess: true },
];

export interface FakeWorld {
  creators: { userId: string; username: string; email: string }[];
}

export const WORLD: FakeWorld = {
  creators: Array.from({ length: 40 }, (_, i) => ({
    userId: String(1000 + i),
    username: `creator${i}`,
    email: `creator${i}@example.com`,
  })),
};

const searchBody = z.object({
  page: z.number().int().min(0).default(0),
  take: z.number().int().min(0).max(15),
});
const emailBody = z.object({ emails: z.array(z.string()).min(1).max(1000) });

/** Fake handlers: the real billing rules of their operations over the fake world. */
export const HANDLERS: SandboxHandlers<FakeWorld> = {
  // 0.01 per returned item; `take` lets a test choose how many come back.
  search: ({ body, world }) => {
    const { page, take } = parseWith(searchBody, body);
    const directs = world.creators.slice(page * take, page * take + take);
    return {
      body: { error: false, total: world.creators.length, directs, lookalikes: [] },
      credits: 0.01 * directs.length,
    };
  },
  report: ({ params, world, platform }) => {
    if (params.userId === 'boom') throw new Error('a handler bug');
    const creator = world.creators.find((c) => c.userId === params.userId || c.username === params.userId);
    if (!creator)
      throw new SandboxError('handle_not_found', `Unknown handle "${params.userId}" on ${platform}`);
    return { body: { error: false, profile: { userId: creator.userId } }, credits: 1 };
  },
  // Pays up front for every submitted address, then is billed per match.
  emailSearch: ({ body, world, requireCredits }) => {
    const { emails } = parseWith(emailBody, body);
    requireCredits(0.02 * emails.length);
    const matched = emails.filter((email) => world.creators.some((c) => c.email === email));
    return {
      body: {
        error: false,
        matchedEmails: matched.map((email) => ({ email, users: [] })),
        notMatchedEmails: emails.filter((email) => !matched.includes(email)),
        totalMatches: matched.length,
      },
      credits: 0.02 * matched.length,
    };
  },
  rawIgUserInfo: ({ query, world }) => {
    const creator = world.creators.find((c) => `@${c.username}` === query.url || c.userId === query.url);
    if (!creator) throw new SandboxError('handle_not_found', `No Instagram account ${String(query.url)}`);
    // Flat at the root, as the real service answers it.
    return { body: { pk: creator.userId, username: creator.username } };
  },
  dictionaryTopics: () => ({ body: { error: false, tags: ['fitness', 'food'] } }),
  aiTextSearch: () => ({ body: { error: false, total: 0, profiles: [] } }),
  aiTextSearchDeprecated: () => ({ body: { error: false, total: 0, profiles: [] } }),
  audienceOverlap: () => ({ body: { error: false, reportInfo: {}, data: [] }, credits: 1 }),
};

export class FakeClock {
  constructor(public time = 1_700_000_000_000) {}
  now = (): number => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}

/** A sleep that returns at once and remembers what it was asked to wait. */
export function recordingSleep(): Sleep & { calls: number[] } {
  const calls: number[] = [];
  const sleep = async (ms: number) => {
    calls.push(ms);
  };
  return Object.assign(sleep, { calls });
}

/** Dice that return the given numbers in order, then 0.999 (no fault) forever. */
export function scriptedRandom(values: number[]): Random {
  const queue = [...values];
  return () => queue.shift() ?? 0.999;
}

export interface FakeSandboxOptions {
  clock?: FakeClock;
  faults?: Partial<FaultSettings>;
  rates?: RateLimits;
  random?: Random;
  sleep?: Sleep;
  adminOpen?: boolean;
  handlers?: SandboxHandlers<FakeWorld>;
}

export function fakeSandbox(options: FakeSandboxOptions = {}) {
  const clock = options.clock ?? new FakeClock();
  const sandbox = createSandboxApp<FakeWorld>({
    world: WORLD,
    handlers: options.handlers ?? HANDLERS,
    config: {
      accounts: ACCOUNTS,
      faults: { ...DEFAULT_FAULT_SETTINGS, ...options.faults },
      ...(options.rates ? { rates: options.rates } : {}),
      adminOpen: options.adminOpen ?? true,
    },
    clock,
    random: options.random,
    sleep: options.sleep ?? recordingSleep(),
  });
  return { ...sandbox, clock };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
