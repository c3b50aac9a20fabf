import request from 'supertest';
import type { Test } from 'supertest';
import { createSandboxApp, type SandboxApp } from '../../../../../worker/sandbox/app';
import type { Clock } from '../../../../../worker/common/clock';
import { parseSandboxConfig } from '../../../../../worker/sandbox/config';
import { createWorld, type World } from '../../../../../worker/sandbox/data';
import { sandboxHandlers } from '../../../../../worker/sandbox/operations';

/**
 * The real sandbox (core, world and every handler, as createSandbox builds it) over a small world
 * of 2,000 creators per platform, with rate limits off and a clock the test moves by hand.
 */

export const FIXED_NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;

export const TOKENS = {
  main: 'sandbox',
  /** Credits and a raw allowance, but no raw access. */
  noRaw: 'noraw',
  /** Raw access, a handful of credits. */
  poor: 'poor',
} as const;

export class ManualClock implements Clock {
  constructor(public time = FIXED_NOW) {}
  now = (): number => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}

export interface ContentSandbox extends SandboxApp<World> {
  world: World;
  clock: ManualClock;
  get(path: string, query?: Record<string, string>, token?: string): Test;
  post(path: string, body: unknown, token?: string): Test;
  /** Remaining credits and raw requests of an account, from `/v1/user/info`. */
  balance(token?: string): Promise<{ credits: number; rawRequests: number }>;
}

export function buildContentSandbox(): ContentSandbox {
  const config = parseSandboxConfig({
    SANDBOX_CREATORS: '2000',
    SANDBOX_RATE_AI: 'off',
    SANDBOX_RATE_DISCOVERY: 'off',
    SANDBOX_RATE_DICTIONARY_FAST: 'off',
    SANDBOX_EXTRA_TOKENS: `${TOKENS.noRaw}:1000:100:noraw,${TOKENS.poor}:0.1:100:raw`,
  });
  const clock = new ManualClock();
  const world = createWorld({
    seed: config.seed,
    creatorsPerPlatform: config.creatorsPerPlatform,
    now: Math.floor(FIXED_NOW / DAY_MS) * DAY_MS,
  });
  const sandbox = createSandboxApp({ world, handlers: sandboxHandlers, config, seed: config.seed, clock });
  const auth = (token: string) => `Bearer ${token}`;
  return {
    ...sandbox,
    world,
    clock,
    get: (path, query = {}, token = TOKENS.main) =>
      request(sandbox.app).get(`/v1${path}`).query(query).set('Authorization', auth(token)),
    post: (path, body, token = TOKENS.main) =>
      request(sandbox.app)
        .post(`/v1${path}`)
        .send(body as object)
        .set('Authorization', auth(token)),
    balance: async (token = TOKENS.main) => {
      const response = await request(sandbox.app).get('/v1/user/info').set('Authorization', auth(token));
      return response.body.billing as { credits: number; rawRequests: number };
    },
  };
}
