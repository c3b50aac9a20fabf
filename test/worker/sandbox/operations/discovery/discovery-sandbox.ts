import request from 'supertest';
import { parseSandboxConfig } from '../../../../../worker/sandbox/config';
import { createSandbox } from '../../../../../worker/sandbox/server';

/**
 * A real sandbox (generated world of 2,000 creators per platform, every handler) for the discovery
 * tests, with rate limits off and two more accounts: `poor` holds 0.05 credits, `rich` 1,000.
 */

export const FIXED_NOW = Date.UTC(2026, 2, 14, 9, 30);
export const TOKENS = { main: 'sandbox', poor: 'poor', rich: 'rich' } as const;

export function discoverySandbox() {
  return createSandbox(
    parseSandboxConfig({
      SANDBOX_CREATORS: '2000',
      SANDBOX_RATE_AI: 'off',
      SANDBOX_RATE_DISCOVERY: 'off',
      SANDBOX_RATE_DICTIONARY_FAST: 'off',
      SANDBOX_CREDITS: '100000',
      SANDBOX_EXTRA_TOKENS: `${TOKENS.poor}:0.05:0:noraw,${TOKENS.rich}:1000:0:noraw`,
    }),
    FIXED_NOW,
  );
}

export type DiscoverySandbox = ReturnType<typeof discoverySandbox>;

export function bearer(token: string = TOKENS.main): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** The account's balance as `/user/info` reports it. */
export async function creditsOf(sandbox: DiscoverySandbox, token: string = TOKENS.main): Promise<number> {
  const response = await request(sandbox.app).get('/v1/user/info').set(bearer(token));
  return response.body.billing.credits as number;
}

/** Runs `action` and returns how many credits it cost the account. */
export async function costOf(
  sandbox: DiscoverySandbox,
  action: () => Promise<unknown>,
  token: string = TOKENS.main,
): Promise<number> {
  const before = await creditsOf(sandbox, token);
  await action();
  const after = await creditsOf(sandbox, token);
  return Math.round((before - after) * 1000) / 1000;
}
