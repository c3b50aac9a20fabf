import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EmailSearchAnswer } from '../../worker/src/operations/email-search/email-search';
import { cachedReportBody, startBenchWorker, type BenchWorker } from './bench-worker';
import { buildWorker, REPO_ROOT, residentMb } from './child-process';
import { printCpuSummary, summarizeCpuProfile } from './cpu-profile-summary';
import { runLoad } from './load-generator';
import { benchWorld, BENCH_SEED, emailInputs, reportHandles } from './world-inputs';

/**
 * `npm run bench -- profile:email` and `-- profile:reports` (issue 28): the two hot paths of the
 * worker bench run once more with the worker under `node --cpu-prof`, compiled (so the profile
 * names the lines that ran), and the profile summed up from the measured part on
 * (cpu-profile-summary.ts). The e-mail path also samples the worker's resident memory every 25 ms
 * and says in which phase it peaked: reading and preparing the request (no upstream answer yet),
 * the batches, or writing the answer. `PROFILE_KEEP=1` leaves the `.cpuprofile` files in place
 * (for Chrome's DevTools) and prints where they are.
 */

const CREATORS = 20_000;
const EMAIL_INPUTS = 100_000;
const LOAD_MS = 5000;
const LOAD_CONNECTIONS = 16;

const SANDBOX_ENV = {
  SANDBOX_SEED: BENCH_SEED,
  SANDBOX_CREATORS: String(CREATORS),
  SANDBOX_CREDITS: '1000000',
  SANDBOX_LATENCY_MS: '200',
};

export const PROFILE_PARTS = ['email', 'reports'] as const;

export async function runProfileBench(log: (line: string) => void, parts: readonly string[]): Promise<void> {
  buildWorker();
  const world = benchWorld(CREATORS);
  for (const part of parts) {
    if (part === 'email')
      await profiled(log, 'email', { SANDBOX_RATE_DISCOVERY: '2' }, (worker) =>
        emailRun(worker, emailInputs(world, EMAIL_INPUTS, 0.3, 0.05).inputs, log),
      );
    else if (part === 'reports')
      await profiled(log, 'reports', { SANDBOX_RATE_DISCOVERY: '40' }, (worker) =>
        reportsLoad(worker, reportHandles(world, 1000, 0.2), log),
      );
    else throw new Error(`unknown profile part ${part}; known: ${PROFILE_PARTS.join(', ')}`);
  }
}

async function profiled(
  log: (line: string) => void,
  name: string,
  sandboxRate: Record<string, string>,
  /** Answers when the part measured began (µs of the monotonic clock): start-up is left out. */
  work: (worker: BenchWorker) => Promise<number>,
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), `creator-sheets-profile-${name}-`));
  const worker = await startBenchWorker({
    sandboxEnv: { ...SANDBOX_ENV, ...sandboxRate },
    workerEnv: { UPSTREAM_RATE_DISCOVERY: sandboxRate.SANDBOX_RATE_DISCOVERY },
    workerNodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  });
  let fromUs: number;
  try {
    fromUs = await work(worker);
  } finally {
    await worker.stop();
  }
  const profile = readdirSync(dir).find((file) => file.endsWith('.cpuprofile'));
  if (profile === undefined) throw new Error(`the worker wrote no profile in ${dir}`);
  log(`profile of ${name} (the worker process, from the measured part on):`);
  printCpuSummary(summarizeCpuProfile(path.join(dir, profile), REPO_ROOT, fromUs), log);
  if (process.env.PROFILE_KEEP === '1') log(`  kept: ${path.join(dir, profile)}`);
  else rmSync(dir, { recursive: true, force: true });
}

/** µs of the monotonic clock, as a `.cpuprofile` times its samples. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

async function emailRun(worker: BenchWorker, inputs: string[], log: (line: string) => void): Promise<number> {
  const before = residentMb(worker.pid);
  const fromUs = monotonicUs();
  const baseline = (await worker.stats()).operations.emailSearch?.calls ?? 0;
  const peaks = { reading: before, batches: before, answer: before };
  let phase: keyof typeof peaks = 'reading';
  let done = false;
  const sampler = (async () => {
    while (!done) {
      const rss = residentMb(worker.pid);
      peaks[phase] = Math.max(peaks[phase], rss);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const poller = (async () => {
    while (!done) {
      const calls = ((await worker.stats()).operations.emailSearch?.calls ?? 0) - baseline;
      if (calls > 0 && phase === 'reading') phase = 'batches';
      if (calls >= 65 && phase === 'batches') phase = 'answer';
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const answer = await worker.post<EmailSearchAnswer>('/api/email-search', {
    emails: inputs,
    deadlineMs: 600_000,
  });
  done = true;
  await Promise.all([sampler, poller]);
  log(
    `e-mail: ${answer.body.rows.length} rows in ${(answer.ms / 1000).toFixed(1)} s; worker VmRSS ${before.toFixed(0)} MB before, at most ${peaks.reading.toFixed(0)} MB reading and preparing, ${peaks.batches.toFixed(0)} MB during the batches, ${peaks.answer.toFixed(0)} MB from the last batch to the answer's end`,
  );
  return fromUs;
}

async function reportsLoad(
  worker: BenchWorker,
  handles: ReturnType<typeof reportHandles>,
  log: (line: string) => void,
): Promise<number> {
  // The state the full bench measures the route in: after a run of 1,000 handles (800 creators
  // fetched, held open for about 20 s), which is what made V8 pretenure the request's allocations.
  const warm = await worker.post('/api/reports', {
    handles: handles.inputs,
    platform: 'instagram',
    deadlineMs: 600_000,
  });
  log(`reports first fetched: ${handles.uniqueCreators} creators in ${(warm.ms / 1000).toFixed(1)} s`);
  const body = await cachedReportBody(worker, handles.cachedHandle);
  const fromUs = monotonicUs();
  const result = await runLoad({
    url: `${worker.url}/api/reports`,
    method: 'POST',
    headers: worker.headers,
    body,
    connections: LOAD_CONNECTIONS,
    durationMs: LOAD_MS,
    maxRequests: 500_000,
  });
  log(
    `cached report: ${Math.round(result.perSecond)} req/s over ${LOAD_MS / 1000} s, ${LOAD_CONNECTIONS} connections, ${result.failed} failed`,
  );
  return fromUs;
}
