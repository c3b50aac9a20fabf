import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { systemClock } from '../../worker/common/clock';
import type { AppDeps } from '../../worker/src/app';
import { createUpstreamFromConfig, createWorkerDeps } from '../../worker/src/app-deps';
import { recoverPaidCalls } from '../../worker/src/billing/paid-call-recovery';
import type { WorkerConfig } from '../../worker/src/config';
import { parseStartConfig } from '../../worker/start-config';
import { createLogger } from '../../worker/src/logging/logger';
import { createUpstreamMonitor } from '../../worker/src/operations/health/health-upstream-monitor';
import type { Store } from '../../worker/src/store/store';
import { openStore } from '../../worker/src/store/sqlite/sqlite-store';
import type { UpstreamFetch } from '../../worker/src/upstream/upstream-attempt';

/**
 * Crash tests: a child process that is a worker's machinery on a data directory, killed with
 * SIGKILL at a point it announces, then started again on the same directory. The test side runs
 * it (runKillableChild); the child side opens its worker the way `npm start` does (openChildWorker).
 */

export interface ChildRun {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

/** Runs `script` under tsx with `env` (the worker's settings); with `killOn`, SIGKILLs it once it prints that line. */
export function runKillableChild(
  script: string,
  env: Record<string, string>,
  args: string[],
  killOn?: string,
): Promise<ChildRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: join(__dirname, '../..'),
    env: { ...process.env, CRASH_CHILD_ENV: JSON.stringify(env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (killOn !== undefined && stdout.split('\n').includes(killOn)) child.kill('SIGKILL');
  });
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
}

export interface ChildWorker {
  config: WorkerConfig;
  logger: Logger;
  store: Store;
  deps: AppDeps;
}

/**
 * In the child: the worker's store on `dataDir` with what an earlier run left recovered first (as
 * worker/src/index.ts does before serving), and its upstream client against the test's sandbox over loopback.
 * Settings come from CRASH_CHILD_ENV; the log goes to `logFile`.
 */
export async function openChildWorker(options: {
  dataDir: string;
  sandboxUrl: string;
  logFile: string;
  fetch?: UpstreamFetch;
  /** Called with the store once recovered, before anything uses it (to hook its steps). */
  beforeUse?: (store: Store) => void;
}): Promise<ChildWorker> {
  const env = JSON.parse(process.env.CRASH_CHILD_ENV ?? '{}') as Record<string, string>;
  const config = parseStartConfig({ ...env, DATA_DIR: options.dataDir }).worker;
  const logger = createLogger({
    level: 'debug',
    destination: { write: (line: string) => appendFileSync(options.logFile, line) },
    scrub: false,
  });
  const store = openStore({ dataDir: options.dataDir, reportCacheDays: config.reportCacheDays });
  await recoverPaidCalls(store, logger);
  options.beforeUse?.(store);
  const upstreamMonitor = createUpstreamMonitor(systemClock);
  const upstream = createUpstreamFromConfig(config, {
    baseUrl: `${options.sandboxUrl}/v1`,
    logger,
    monitor: upstreamMonitor,
    drift: store.drift,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    retry: { baseDelayMs: 5, maxDelayMs: 40 },
  });
  const deps = createWorkerDeps({ config, store, upstream, upstreamMonitor, logger, devKey: config.devKey });
  return { config, logger, store, deps };
}

/** A child's last words: the error on stderr, exit code 1. */
export function failChild(error: unknown): never {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
