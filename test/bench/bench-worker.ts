import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OperationId } from '../../shared/operations';
import type { RejectionReason, StatsBody } from '../../worker/sandbox/stats';
import type { ReportsAnswer } from '../../worker/src/operations/reports/reports';
import { openStore } from '../../worker/src/store/sqlite/sqlite-store';
import { buildWorker, startNodeProcess, startTsProcess, type StartedProcess } from './child-process';
import { freePort } from '../support/free-port';

/**
 * The worker as the benchmarks run it: deployed as with the real API, in two processes. The
 * sandbox (`worker/sandbox/server.ts`) runs in its own process with the SANDBOX_* settings given,
 * and the worker (`worker/start.ts`) points at it with DISCOVERY_API_URL and
 * DISCOVERY_API_TOKEN, with a fresh data directory. So the worker's memory and CPU are its own,
 * not shared with the sandbox's generated world, and its requests go over loopback as they would
 * to the API.
 *
 * With a real token the worker admits only Google identities and worker keys: before the worker
 * starts, the bench issues a worker key in the data directory's store for an allowed address, and
 * every request carries it, as the add-on's do.
 */

/** The bench's user; allowed through ALLOWED_EMAILS. */
export const BENCH_EMAIL = 'bench@creator-sheets.test';
/** The spreadsheet the bench's document key is bound to (a formula's credential). */
const BENCH_DOCUMENT = 'bench_document_1234567890';
const SANDBOX_TOKEN = 'bench-sandbox-token';

export interface ApiAnswer<T> {
  status: number;
  body: T;
  ms: number;
  /** Length of the response body. */
  bytes: number;
}

export interface BenchWorker {
  url: string;
  pid: number;
  process: StartedProcess;
  /** The sandbox's own process. */
  sandbox: { url: string; pid: number; process: StartedProcess };
  /** `Authorization` and `Content-Type` for the worker's API. */
  headers: Record<string, string>;
  /** The same with a document key of the same user: what a formula sends. */
  formulaHeaders: Record<string, string>;
  post<T>(route: string, body: unknown): Promise<ApiAnswer<T>>;
  /** The sandbox's counters. */
  stats(): Promise<StatsBody>;
  stop(): Promise<void>;
}

export interface BenchWorkerOptions {
  /** SANDBOX_* settings of the sandbox process. */
  sandboxEnv: Record<string, string>;
  /** More worker settings (rates, concurrency). */
  workerEnv?: Record<string, string>;
  /** Node flags of the worker process (the profiles: `--cpu-prof`, `--heap-prof`). */
  workerNodeArgs?: readonly string[];
}

export async function startBenchWorker(options: BenchWorkerOptions): Promise<BenchWorker> {
  const sandboxPort = await freePort();
  const sandbox = await startTsProcess(
    'worker/sandbox/server.ts',
    { PORT: String(sandboxPort), SANDBOX_TOKEN, ...options.sandboxEnv },
    /Sandbox Discovery API at/,
  );
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'creator-sheets-bench-'));
  const port = await freePort();
  let worker: StartedProcess;
  let key: string;
  let documentKey: string;
  try {
    const store = openStore({ dataDir });
    try {
      ({ key } = await store.keys.issue(BENCH_EMAIL));
      ({ key: documentKey } = await store.keys.issue(BENCH_EMAIL, BENCH_DOCUMENT));
    } finally {
      store.close();
    }
    const workerEnv = {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DISCOVERY_API_URL: `${sandboxUrl}/v1`,
      DISCOVERY_API_TOKEN: SANDBOX_TOKEN,
      ALLOWED_EMAILS: BENCH_EMAIL,
      // One key from one address sends thousands of requests a second here, on purpose: the
      // benchmarks measure the worker's capacity, which its rate limits would hide.
      RATE_LIMIT_PER_KEY: 'off',
      RATE_LIMIT_PER_ADDRESS: 'off',
      ...options.workerEnv,
    };
    const nodeArgs = options.workerNodeArgs ?? [];
    // Compiled, as `npm start` and the container run it (issue 28): run from its sources through
    // tsx the worker carries the loader too (about 30 MB more resident at rest, measured).
    buildWorker();
    worker = await startNodeProcess(
      [...nodeArgs, 'dist/server/worker/start.js'],
      workerEnv,
      /Creator Sheets worker on/,
    );
  } catch (error) {
    await sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const url = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  return {
    url,
    pid: worker.child.pid ?? 0,
    process: worker,
    sandbox: { url: sandboxUrl, pid: sandbox.child.pid ?? 0, process: sandbox },
    headers,
    formulaHeaders: { ...headers, authorization: `Bearer ${documentKey}` },
    async post<T>(route: string, body: unknown): Promise<ApiAnswer<T>> {
      const json = JSON.stringify(body);
      const sent = performance.now();
      const response = await fetch(`${url}${route}`, { method: 'POST', headers, body: json });
      const text = await response.text();
      const ms = performance.now() - sent;
      if (!response.ok) throw new Error(`POST ${route} answered ${response.status}: ${text.slice(0, 500)}`);
      return { status: response.status, body: JSON.parse(text) as T, ms, bytes: Buffer.byteLength(text) };
    },
    stats: () => sandboxStats(sandboxUrl, SANDBOX_TOKEN),
    async stop(): Promise<void> {
      await worker.stop();
      await sandbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The counters of the sandbox at `sandboxUrl` (`GET /_sandbox/stats`, with its token). */
export async function sandboxStats(sandboxUrl: string, token: string): Promise<StatsBody> {
  const response = await fetch(`${sandboxUrl}/_sandbox/stats`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`sandbox stats answered ${response.status}`);
  return (await response.json()) as StatsBody;
}

/** Peak resident memory of a process in MB (Linux: VmHWM of /proc/<pid>/status). */
export function peakResidentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  if (!match) throw new Error(`no VmHWM for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** What the sandbox counted between two snapshots; credits in thousandths, as it bills them. */
export interface StatsDelta {
  calls(operation: OperationId): number;
  millicredits(operation?: OperationId): number;
  rejected: Record<RejectionReason, number>;
}

export function statsDelta(before: StatsBody, after: StatsBody): StatsDelta {
  const millis = (credits: number | undefined) => Math.round((credits ?? 0) * 1000);
  const rejected = { ...after.rejected };
  for (const reason of Object.keys(rejected) as RejectionReason[])
    rejected[reason] -= before.rejected[reason] ?? 0;
  return {
    calls: (operation) =>
      (after.operations[operation]?.calls ?? 0) - (before.operations[operation]?.calls ?? 0),
    millicredits: (operation) =>
      operation === undefined
        ? millis(after.credits) - millis(before.credits)
        : millis(after.operations[operation]?.credits) - millis(before.operations[operation]?.credits),
    rejected,
  };
}

export interface CallTimes {
  /** When the work began (ms, performance.now()). */
  started: number;
  /** When the sandbox had counted the first and the last expected call (ms, performance.now()). */
  first: number | null;
  last: number | null;
}

/**
 * When the calls of one operation finished, as seen by polling the sandbox's counters every
 * `everyMs` while the work that `start` begins runs (the baseline is read before it starts). A sample is timed at the middle of its poll; the sandbox counts a
 * call when it answers, and every call waits the same injected latency, so the span between the
 * first and the last answer is the span between the first and the last start.
 */
export async function watchCalls<T>(
  worker: Pick<BenchWorker, 'stats'>,
  operation: OperationId,
  expected: number,
  start: () => Promise<T>,
  everyMs = 50,
): Promise<{ result: T; times: CallTimes }> {
  const baseline = (await worker.stats()).operations[operation]?.calls ?? 0;
  const times: CallTimes = { started: performance.now(), first: null, last: null };
  let done = false;
  const work = start();
  const finished = work.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done || times.last === null) {
    const asked = performance.now();
    const calls = ((await worker.stats()).operations[operation]?.calls ?? 0) - baseline;
    const at = (asked + performance.now()) / 2;
    if (calls >= 1) times.first ??= at;
    if (calls >= expected) times.last ??= at;
    if (done) break;
    await Promise.race([new Promise((resolve) => setTimeout(resolve, everyMs)), finished]);
  }
  return { result: await work, times };
}

/**
 * The JSON body of a one-handle report request, after making sure the worker serves it from its
 * cache: load benches measure the worker's own path, not the sandbox's answer time.
 */
export async function cachedReportBody(worker: BenchWorker, handle: string): Promise<string> {
  const body = JSON.stringify({ handles: [handle], platform: 'instagram' });
  await worker.post<ReportsAnswer>('/api/reports', JSON.parse(body));
  const check = await worker.post<ReportsAnswer>('/api/reports', JSON.parse(body));
  if (check.body.counts.cached !== 1) throw new Error(`the report of ${handle} is not cached`);
  return body;
}
