import type { Express } from 'express';
import request from 'supertest';
import { parseSandboxConfig } from '../../../../../worker/sandbox/config';
import { createSandbox } from '../../../../../worker/sandbox/server';

/**
 * A small real sandbox (2,000 creators per platform, every handler) for the AI operation tests,
 * with rate limits off and three accounts: the main token, another account (lists are private),
 * and one that holds 0.05 credits (two AI profiles).
 */

export const FIXED_NOW = Date.UTC(2026, 0, 15, 12);

export const TOKENS = { main: 'sandbox', other: 'other', poor: 'poor' } as const;

export function buildAiSandbox(env: Record<string, string> = {}) {
  return createSandbox(
    parseSandboxConfig({
      SANDBOX_CREATORS: '2000',
      SANDBOX_RATE_AI: 'off',
      SANDBOX_RATE_DISCOVERY: 'off',
      SANDBOX_RATE_DICTIONARY_FAST: 'off',
      SANDBOX_EXTRA_TOKENS: `${TOKENS.other}:1000:0:noraw,${TOKENS.poor}:0.05:0:noraw`,
      ...env,
    }),
    FIXED_NOW,
  );
}

export function auth(token: string = TOKENS.main): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

export async function creditsOf(app: Express, token: string = TOKENS.main): Promise<number> {
  const response = await request(app).get('/v1/user/info').set(auth(token));
  expect(response.status).toBe(200);
  return response.body.billing.credits as number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG-looking file of `size` bytes whose content depends on `seed`, as bare base64. */
export function pngBase64(seed: number, size = 256): string {
  const bytes = Buffer.alloc(size);
  Buffer.from(PNG_SIGNATURE).copy(bytes);
  for (let i = PNG_SIGNATURE.length; i < size; i++) bytes[i] = (seed * 31 + i * 7) & 0xff;
  return bytes.toString('base64');
}
