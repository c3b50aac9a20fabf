import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseSandboxConfig } from '../../../../worker/sandbox/config';
import type { SandboxState } from '../../../../worker/sandbox/router';
import { createSandbox, type SandboxWorld } from '../../../../worker/sandbox/server';
import { systemClock } from '../../../../worker/common/clock';
import { parseWorkerConfig, type WorkerConfig } from '../../../../worker/src/config';
import { runLiveCheck, type LiveCheckResult } from '../../../../worker/src/verify/verify-live';
import type { SpendCap } from '../../../../worker/src/verify/spend-cap';

/**
 * A sandbox on loopback standing in for a real deployment's API, and the worker's configuration
 * pointing at it as a live deployment's does (DISCOVERY_API_URL + DISCOVERY_API_TOKEN), for
 * `npm run verify:live` to check. The sandbox's own counters say what was really spent.
 */
export interface LiveSandbox {
  baseUrl: string;
  token: string;
  state: SandboxState<SandboxWorld>;
  /** The worker's settings for it, with the given extra ones. */
  config(env?: Record<string, string>): WorkerConfig;
  check(
    cap: SpendCap,
    options?: { spreadsheetId?: string; env?: Record<string, string> },
  ): Promise<LiveCheckResult>;
  /** Credits and raw units the sandbox billed since the last reset. */
  billed(): { credits: number; rawRequests: number };
  reset(): void;
  close(): Promise<void>;
}

export const LIVE_TOKEN = 'verify-live-token';

export async function startLiveSandbox(shapes: 'real' | 'odd'): Promise<LiveSandbox> {
  const sandbox = createSandbox(
    parseSandboxConfig({
      SANDBOX_TOKEN: LIVE_TOKEN,
      SANDBOX_CREATORS: '2000',
      SANDBOX_CREDITS: '1000',
      SANDBOX_RATE_AI: 'off',
      SANDBOX_RATE_DISCOVERY: 'off',
      SANDBOX_RATE_DICTIONARY_FAST: 'off',
      SANDBOX_SHAPES: shapes,
    }),
  );
  const server: Server = await new Promise((resolve) => {
    const listening = sandbox.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const config = (env: Record<string, string> = {}) =>
    parseWorkerConfig({
      DISCOVERY_API_URL: baseUrl,
      DISCOVERY_API_TOKEN: LIVE_TOKEN,
      // The sandbox's limits are off: the check need not wait on the documented pace here.
      UPSTREAM_RATE_AI: 'off',
      UPSTREAM_RATE_DISCOVERY: 'off',
      UPSTREAM_RATE_DICTIONARY_FAST: 'off',
      LOG_LEVEL: 'silent',
      ...env,
    });
  return {
    baseUrl,
    token: LIVE_TOKEN,
    state: sandbox.state,
    config,
    check: (cap, options = {}) =>
      runLiveCheck({
        config: config(options.env),
        cap,
        spreadsheetId: options.spreadsheetId ?? null,
        email: 'verify-live@example.com',
        clock: systemClock,
      }),
    billed: () => {
      const stats = sandbox.state.stats.snapshot();
      return { credits: stats.credits, rawRequests: stats.rawUnits };
    },
    reset: () => sandbox.state.stats.reset(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
