import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Platform } from '../../../../../shared/platforms';
import type { StatsBody } from '../../../../../worker/sandbox/stats';
import { FLAG } from '../../../../../worker/sandbox/data';
import { parseSandboxConfig } from '../../../../../worker/sandbox/config';
import { createSandbox } from '../../../../../worker/sandbox/server';
import { startWorker, type RunningWorker } from '../../../../../worker/start';
import { openPostgresStore } from '../../../../../worker/src/store/postgres/postgres-store';
import { matchedEmails } from '../../../../support/email-supply';
import { sqlOn, startPostgres, type RunningPostgres } from '../../../../support/postgres-server';
import { makeTempDir } from '../store-fixtures';

/**
 * What hosting does to the worker (issue 23), for real: worker instances in this process, in live
 * mode, on a Postgres server of the test's own (test/support/postgres-server.ts: stopped, started
 * and its sessions terminated under them) and one sandbox for the API with latency, so that paid
 * calls are in flight when the database goes. The sandbox counts what it billed.
 */
export interface OutageCluster {
  postgres: RunningPostgres;
  databaseUrl: string;
  sandboxUrl: string;
  workers: RunningWorker[];
  /** A worker key every instance takes (issued in the database before they start). */
  key: string;
  /** Public creators of the sandbox's world, `from` on. */
  handles(count: number, from: number, platform?: Platform): string[];
  /** Addresses the sandbox's e-mail search matches (0.02 credits each). */
  knownEmails(count: number): string[];
  /** `POST /api/reports` through one instance. */
  reports(worker: RunningWorker, handles: string[]): Promise<Answer>;
  /** Any route through one instance, with the worker key. */
  call<T>(
    worker: RunningWorker,
    method: string,
    route: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  stats(): Promise<StatsBody>;
  /** A statement on the database as its superuser (a connection of its own). */
  sql<T extends object>(text: string, values?: unknown[]): Promise<T[]>;
  /** Credits in the ledger, in thousandths, and how many of its rows are still unconfirmed. */
  ledger(): Promise<{ milli: number; unconfirmed: number }>;
  /** The workers' log lines (warnings and errors), for a failing test to show. */
  logs(): string[];
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  retryAfter: string | null;
  body: { error?: { code: string; message: string }; counts?: { creators: number; failed: number } };
}

const TOKEN = 'outage-test-token';
const EMAIL = 'ops@outage.test';

export async function startOutageCluster(options: {
  instances: number;
  latencyMs: number;
  env?: Record<string, string>;
}): Promise<OutageCluster> {
  const postgres = await startPostgres();
  const cleanups: (() => Promise<void> | void)[] = [() => postgres.stop()];
  try {
    const databaseUrl = postgres.adminUrl;
    const secret = randomBytes(32);
    const seed = await openPostgresStore({ url: databaseUrl, secret });
    const { key } = await seed.keys.issue(EMAIL);
    await seed.close();

    const sandbox = createSandbox(
      parseSandboxConfig({
        SANDBOX_TOKEN: TOKEN,
        SANDBOX_CREATORS: '2000',
        SANDBOX_CREDITS: '100000',
        SANDBOX_RATE_DISCOVERY: 'off',
        SANDBOX_LATENCY_MS: String(options.latencyMs),
      }),
    );
    const server: Server = await new Promise((resolve) => {
      const listening = sandbox.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    const sandboxUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const lines: string[] = [];
    const workers: RunningWorker[] = [];
    for (let i = 0; i < options.instances; i++) {
      const { dir, cleanup } = makeTempDir('creator-sheets-outage-');
      cleanups.push(cleanup);
      const worker = await startWorker({
        env: {
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          DATA_DIR: dir,
          DATABASE_URL: databaseUrl,
          DATA_SECRET: secret.toString('hex'),
          DISCOVERY_API_URL: `${sandboxUrl}/v1`,
          DISCOVERY_API_TOKEN: TOKEN,
          ALLOWED_EMAILS: EMAIL,
          RATE_LIMIT_PER_KEY: 'off',
          RATE_LIMIT_PER_ADDRESS: 'off',
          RECONCILE_MINUTES: '0',
          // Calls go out at once, so that several are in flight when the database goes.
          UPSTREAM_RATE_DISCOVERY: 'off',
          ...options.env,
        },
        print: () => undefined,
        logDestination: { write: (line: string) => lines.push(`${i} ${line}`) },
        shutdownGraceMs: 5000,
      });
      workers.push(worker);
      cleanups.push(() => worker.stop());
    }

    const sql = <T extends object>(text: string, values: unknown[] = []) =>
      sqlOn<T>(databaseUrl, text, values);
    return {
      postgres,
      databaseUrl,
      sandboxUrl,
      workers,
      key,
      handles(count, from, platform = 'instagram') {
        const pc = sandbox.state.world.platform(platform);
        const found: string[] = [];
        for (let i = 0; i < pc.size && found.length < from + count; i++)
          if ((pc.columns.flags[i] & FLAG.private) === 0) found.push(pc.username(i));
        return found.slice(from, from + count);
      },
      knownEmails: (count) => matchedEmails(sandbox.state.world).slice(0, count),
      async call<T>(worker: RunningWorker, method: string, route: string, body?: unknown) {
        const response = await fetch(`${worker.url}${route}`, {
          method,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: response.status, body: (await response.json()) as T };
      },
      async reports(worker, handles) {
        const response = await fetch(`${worker.url}/api/reports`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ platform: 'instagram', handles, deadlineMs: 60_000 }),
        });
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as Answer['body'],
        };
      },
      async stats() {
        const response = await fetch(`${sandboxUrl}/_sandbox/stats`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        return (await response.json()) as StatsBody;
      },
      sql,
      async ledger() {
        const [row] = await sql<{ milli: string; unconfirmed: string }>(
          `SELECT COALESCE(SUM(actual_milli), 0) AS milli,
             COUNT(*) FILTER (WHERE unconfirmed = 1) AS unconfirmed FROM ledger`,
        );
        return { milli: Number(row?.milli ?? 0), unconfirmed: Number(row?.unconfirmed ?? 0) };
      },
      logs: () => lines,
      async close() {
        for (const cleanup of cleanups.reverse()) await cleanup();
      },
    };
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup();
    throw error;
  }
}

/** Polls `check` every 50 ms until it holds, or fails after `ms`. */
export async function eventually(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
