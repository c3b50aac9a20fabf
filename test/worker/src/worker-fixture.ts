import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Express } from 'express';
import { createApp, type AppDeps } from '../../../worker/src/app';
import { createUpstreamFromConfig, createWorkerDeps } from '../../../worker/src/app-deps';
import type { WorkerConfig } from '../../../worker/src/config';
import { parseStartConfig } from '../../../worker/start-config';
import type { IdTokenVerifier } from '../../../worker/src/identity/id-token-verifier';
import { createLogger } from '../../../worker/src/logging/logger';
import { createUpstreamMonitor } from '../../../worker/src/operations/health/health-upstream-monitor';
import type { Store } from '../../../worker/src/store/store';
import { openStore } from '../../../worker/src/store/sqlite/sqlite-store';
import type { SandboxApp } from '../../../worker/sandbox/app';
import { systemClock, type Clock } from '../../../worker/common/clock';
import { createSandbox, type SandboxWorld } from '../../../worker/sandbox/server';
import { FLAG } from '../../../worker/sandbox/data';
import type { Platform } from '../../../shared/platforms';
import type { StatsBody } from '../../../worker/sandbox/stats';

/**
 * The worker as production wires it (createWorkerDeps + createApp), with the real sandbox as its
 * upstream on an ephemeral loopback port, an in-memory store and every log line captured. The
 * logger's last-line scrub is off: a test that finds no token or address in the logs proves that
 * no code path wrote one, rather than that the scrubber hid it.
 */

export const SANDBOX_TOKEN = 'sbx-test-token-7f3a9c';
export const DEV_KEY = 'dev-key-for-worker-tests';

export interface WorkerWorldOptions {
  /** Worker and SANDBOX_* settings on top of the fixture's. */
  env?: Record<string, string>;
  verifier?: IdTokenVerifier;
  /** Backoff of the upstream client; short so that retries do not slow tests down. */
  retry?: { baseDelayMs: number; maxDelayMs: number };
  /** Server delivery's clock, sleep, pace and limits (createWorkerDeps' `delivery`). */
  delivery?: Parameters<typeof createWorkerDeps>[0]['delivery'];
  /** The store to run on (a Postgres one); an in-memory SQLite store when absent. Closed with the world. */
  store?: Store;
  /** The worker's clock (createWorkerDeps' `clock`, and the store's); the system's when absent. */
  clock?: Clock;
  /** The sandbox's clock (its rate limits, and the day its reports are of); the system's when absent. */
  sandboxClock?: Clock;
  /** How failed scheduled runs are e-mailed and posted (createWorkerDeps' `alerts`). */
  alerts?: Parameters<typeof createWorkerDeps>[0]['alerts'];
}

export interface WorkerWorld {
  app: Express;
  deps: AppDeps;
  config: WorkerConfig;
  sandbox: SandboxApp<SandboxWorld>;
  /** `http://127.0.0.1:PORT` of the sandbox (its API is under /v1). */
  sandboxUrl: string;
  /** Every log line written so far. */
  logs(): string;
  /** The sandbox's counters, read over HTTP. */
  stats(): Promise<StatsBody>;
  resetStats(): Promise<void>;
  sandboxAdmin(method: 'PUT' | 'POST', path: string, body?: unknown): Promise<unknown>;
  /**
   * Handles of public creators the sandbox knows, `count` of them from position `from` of that
   * list (private ones may have no report: the API answers private_account).
   */
  handles(count: number, platform?: Platform, from?: number): string[];
  close(): Promise<void>;
}

export const auth = (key: string = DEV_KEY) => ({ Authorization: `Bearer ${key}` });

export async function startWorkerWorld(options: WorkerWorldOptions = {}): Promise<WorkerWorld> {
  const { worker: config, sandbox: sandboxConfig } = parseStartConfig({
    SANDBOX_CREATORS: '2000',
    SANDBOX_TOKEN,
    SANDBOX_ADMIN_OPEN: 'false',
    // Loose limits so tests run fast; the worker paces just under whatever the sandbox allows.
    SANDBOX_RATE_DISCOVERY: '200',
    WORKER_DEV_KEY: DEV_KEY,
    LOG_LEVEL: 'debug',
    ...options.env,
  });
  if (sandboxConfig === null) throw new Error('the worker fixture runs in sandbox mode');
  const sandbox = createSandbox(sandboxConfig, Date.now(), options.sandboxClock);
  const server: Server = await new Promise((resolve) => {
    const listening = sandbox.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const sandboxUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const lines: string[] = [];
  const logger = createLogger({
    level: config.logLevel,
    destination: { write: (line: string) => lines.push(line) },
    scrub: false,
  });
  const store =
    options.store ??
    openStore({
      memory: true,
      reportCacheDays: config.reportCacheDays,
      ...(options.clock ? { clock: options.clock } : {}),
    });
  const upstreamMonitor = createUpstreamMonitor(systemClock);
  const upstream = createUpstreamFromConfig(config, {
    baseUrl: `${sandboxUrl}/v1`,
    logger,
    monitor: upstreamMonitor,
    drift: store.drift,
    retry: options.retry ?? { baseDelayMs: 5, maxDelayMs: 40 },
  });
  const deps = createWorkerDeps({
    config,
    store,
    upstream,
    upstreamMonitor,
    logger,
    devKey: config.devKey,
    ...(options.verifier ? { verifier: options.verifier } : {}),
    ...(options.delivery ? { delivery: options.delivery } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.alerts ? { alerts: options.alerts } : {}),
  });
  const app = createApp(deps);

  const publicHandles = new Map<Platform, string[]>();
  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${sandboxUrl}/_sandbox${path}`, {
      method,
      headers: { Authorization: `Bearer ${SANDBOX_TOKEN}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`sandbox ${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as unknown;
  };

  return {
    app,
    deps,
    config,
    sandbox,
    sandboxUrl,
    logs: () => lines.join(''),
    stats: async () => (await admin('GET', '/stats')) as StatsBody,
    resetStats: async () => {
      await admin('POST', '/reset-stats');
    },
    sandboxAdmin: (method, path, body) => admin(method, path, body),
    handles: (count, platform = 'instagram', from = 10) => {
      let list = publicHandles.get(platform);
      if (list === undefined) {
        const pc = sandbox.state.world.platform(platform);
        list = [];
        for (let i = 0; i < pc.size; i++)
          if ((pc.columns.flags[i] & FLAG.private) === 0) list.push(pc.username(i));
        publicHandles.set(platform, list);
      }
      const taken = list.slice(from, from + count);
      if (taken.length < count) throw new Error(`the test world holds too few public ${platform} creators`);
      return taken;
    },
    close: async () => {
      await deps.jobDeliveries.stop();
      await deps.background.drain(10_000);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store.close();
    },
  };
}

/** Calls of one operation that reached the sandbox, whatever their outcome. */
export function callsOf(stats: StatsBody, operation: keyof StatsBody['operations']): number {
  return stats.operations[operation]?.calls ?? 0;
}

export function post(world: WorkerWorld, path: string, body: unknown, key: string = DEV_KEY) {
  return request(world.app)
    .post(path)
    .set(auth(key))
    .send(body as object);
}
