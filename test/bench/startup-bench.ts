import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildWorker, REPO_ROOT, startTsProcess } from './child-process';
import { freePort } from '../support/free-port';
import { percentile } from './percentiles';

/**
 * Issue 16's measure "start to /readyz, compiled JavaScript against tsx": the worker as a host
 * starts it, in live mode against a sandbox of its own process (the API it warms up with, as a
 * real one), each start on a fresh data directory (a Cloud Run instance has no disk to find one
 * on), from spawning the process to the first 200 of `GET /readyz`, polled every 10 ms.
 * Starts alternate between the ways, so a busy moment of the machine falls on each alike.
 *
 * - compiled: `node dist/server/worker/start.js`, as the container and `npm start` run it;
 * - tsx: `tsx worker/start.ts`, as `npm start` ran it before (tsx's CLI runs node again in a child);
 * - tsx loader: `node --import tsx worker/start.ts`, the loader in the one process (the tests' way).
 */

const STARTS = 5;
const POLL_MS = 10;
const GIVE_UP_MS = 60_000;
const SANDBOX_TOKEN = 'startup-bench-token';

export interface StartupWay {
  name: 'compiled' | 'tsx' | 'tsx loader';
  command: string;
  /** Spawn to first 200 of /readyz, each start, in ms. */
  samples: number[];
  median: number;
}

export interface StartupBenchResult {
  ways: StartupWay[];
  /** `npm run build:worker` when the build was already up to date (what `npm start` adds), in ms. */
  upToDateBuildMs: number;
}

const WAYS: { name: StartupWay['name']; command: string; args: string[] }[] = [
  { name: 'compiled', command: 'node dist/server/worker/start.js', args: ['dist/server/worker/start.js'] },
  {
    name: 'tsx',
    command: 'tsx worker/start.ts',
    args: [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'worker/start.ts'],
  },
  {
    name: 'tsx loader',
    command: 'node --import tsx worker/start.ts',
    args: ['--import', 'tsx', 'worker/start.ts'],
  },
];

export async function runStartupBench(log: (line: string) => void): Promise<StartupBenchResult> {
  buildWorker();
  const upToDateStarted = performance.now();
  buildWorker();
  const upToDateBuildMs = performance.now() - upToDateStarted;

  const sandboxPort = await freePort();
  const sandbox = await startTsProcess(
    'worker/sandbox/server.ts',
    { PORT: String(sandboxPort), SANDBOX_TOKEN, SANDBOX_CREATORS: '500' },
    /Sandbox Discovery API at/,
  );
  const env = {
    DISCOVERY_API_URL: `http://127.0.0.1:${sandboxPort}/v1`,
    DISCOVERY_API_TOKEN: SANDBOX_TOKEN,
    LOG_LEVEL: 'warn',
  };
  const samples = new Map<StartupWay['name'], number[]>(WAYS.map((way) => [way.name, []]));
  try {
    for (let round = 0; round < STARTS; round += 1) {
      for (const way of WAYS) {
        const took = await timeOneStart(way.args, env);
        samples.get(way.name)?.push(took);
        log(`startup: ${way.name}, start ${round + 1} of ${STARTS}: ${took.toFixed(0)} ms to /readyz`);
      }
    }
  } finally {
    await sandbox.stop();
  }
  const ways = WAYS.map(({ name, command }) => {
    const taken = samples.get(name) ?? [];
    return {
      name,
      command,
      samples: taken,
      median: percentile(
        [...taken].sort((a, b) => a - b),
        50,
      ),
    };
  });
  return { ways, upToDateBuildMs };
}

async function timeOneStart(args: string[], env: Record<string, string>): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'creator-sheets-startup-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    while (performance.now() - started < GIVE_UP_MS) {
      if (child.exitCode !== null) throw new Error(`the worker exited before it was ready:\n${stderr}`);
      if ((await readyStatus(port)) === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`the worker was not ready within ${GIVE_UP_MS} ms:\n${stderr}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The status of `GET /readyz`, or 0 while nothing listens. */
function readyStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    request.once('error', () => resolve(0));
  });
}
