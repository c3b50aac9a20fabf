import { cachedReportBody, peakResidentMb, type BenchWorker } from './bench-worker';
import { residentMb, startTsProcess } from './child-process';
import type { FloodResult } from './flood-sender';
import { runLoad, type LoadResult } from './load-generator';
import { ms } from './percentiles';
import type { BenchRow } from './worker-bench';

/**
 * Issue 11 "Authentication first": a signed-in user's cached report while unauthenticated 10 MB
 * bodies arrive, next to the same without them, and the worker's memory meanwhile. Before the fix,
 * 40 such bodies took the worker from 230 to 949 MB and the user's median from 20 to 556 ms: every
 * body was read and parsed before its (missing) credential was looked at. Now the refusal comes
 * first and Node discards the unread body as it arrives, keeping none of it.
 *
 * Bounded in count and time, loopback only. The worker's rate limits are off in the bench
 * (bench-worker.ts): here the attacker and the user share one address and the user one key, so
 * the limits would measure themselves rather than the cost of a refused body.
 */

const BODY_BYTES = 10 * 1024 * 1024;
const SENDERS = 40;
/** A bound, not the aim: the flood lasts as long as the user's load (and at most 4 times that). */
const MAX_BODIES = 50_000;
const USER_CONNECTIONS = 4;
const WARMUP_MS = 1000;
const MEASURE_MS = 5000;
const SAMPLE_EVERY_MS = 50;

export async function floodBench(
  worker: BenchWorker,
  handle: string,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const body = await cachedReportBody(worker, handle);

  const userLoad = (durationMs: number) =>
    runLoad({
      url: `${worker.url}/api/reports`,
      method: 'POST',
      headers: worker.headers,
      body,
      connections: USER_CONNECTIONS,
      durationMs,
      maxRequests: 1_000_000,
    });
  log(
    `flood: a signed-in user's cached report (POST /api/reports, ${USER_CONNECTIONS} keep-alive connections, ${WARMUP_MS / 1000} s warm-up + ${MEASURE_MS / 1000} s measured), alone, then while ${SENDERS} senders post unauthenticated ${BODY_BYTES / 2 ** 20} MB bodies to POST /api/email-search (at most ${MAX_BODIES} bodies, for as long as the user's load runs)`,
  );

  await userLoad(WARMUP_MS);
  const rssAtStart = residentMb(worker.pid);
  const aloneMemory = sampleResidentMemory(worker.pid);
  const alone = await userLoad(MEASURE_MS);
  const peakAloneMb = aloneMemory.stop();
  describe(log, 'alone', alone);

  const memory = sampleResidentMemory(worker.pid);
  const flood = await startFlood(`${worker.url}/api/email-search`);
  await userLoad(WARMUP_MS);
  const flooded = await userLoad(MEASURE_MS);
  const sent = await flood.stop();
  const peakDuringMb = memory.stop();
  const rssAfter = residentMb(worker.pid);
  describe(log, 'during the flood', flooded);
  log(
    `  flood: ${sent.bodies} bodies of ${BODY_BYTES / 2 ** 20} MB posted over ${(sent.elapsedMs / 1000).toFixed(1)} s (${((sent.bodies * BODY_BYTES) / 2 ** 30).toFixed(1)} GB offered; the worker refuses each after its headers and closes, reading little of it), answers ${JSON.stringify(sent.statuses)}, ${sent.errors} connections reset${sent.firstError ? ` (${sent.firstError})` : ''}`,
  );
  log(
    `  worker resident memory: ${rssAtStart.toFixed(0)} MB before, at most ${peakAloneMb.toFixed(0)} MB under the user's load alone, at most ${peakDuringMb.toFixed(0)} MB during the flood (sampled every ${SAMPLE_EVERY_MS} ms), ${rssAfter.toFixed(0)} MB after; peak of the process's life (VmHWM) ${peakResidentMb(worker.pid).toFixed(0)} MB`,
  );

  // Refused: answered 401, or the connection closed on a body the worker would not read.
  const refusedOnly = Object.keys(sent.statuses).every((status) => status === '401');
  const p99Ratio = flooded.latency.p99 / alone.latency.p99;
  return [
    {
      measure: `flood: signed-in user's cached report, ${USER_CONNECTIONS} connections, alone`,
      target: 'reference',
      result: `p50 ${ms(alone.latency.p50)}, p99 ${ms(alone.latency.p99)}, ${Math.round(alone.perSecond)} req/s`,
      ok: alone.failed === 0,
    },
    {
      measure: `flood: the same while ${SENDERS} senders post unauthenticated ${BODY_BYTES / 2 ** 20} MB bodies (${sent.bodies} sent, all refused)`,
      target: 'p99 ≤ 3 × alone (the senders share its 2 cores)',
      result: `p50 ${ms(flooded.latency.p50)}, p99 ${ms(flooded.latency.p99)} (${p99Ratio.toFixed(2)} × alone), ${Math.round(flooded.perSecond)} req/s`,
      ok: flooded.failed === 0 && refusedOnly && sent.bodies > 0 && p99Ratio <= 3,
    },
    {
      measure: 'flood: worker resident memory during it (VmRSS, sampled)',
      target: `< ${rssAtStart.toFixed(0)} MB before + 100 MB`,
      result: `${peakDuringMb.toFixed(0)} MB at most (${rssAtStart.toFixed(0)} MB before, ${peakAloneMb.toFixed(0)} MB at most under the user's load alone, ${rssAfter.toFixed(0)} MB after)`,
      ok: peakDuringMb < rssAtStart + 100,
    },
  ];
}

function describe(log: (line: string) => void, what: string, result: LoadResult): void {
  log(
    `  user ${what}: ${Math.round(result.perSecond)} req/s, p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}, max ${ms(result.latency.max)}, ${result.ok} ok, ${result.failed} failed${result.firstFailure ? ` (${result.firstFailure})` : ''}`,
  );
}

/** The highest VmRSS seen until `stop()`. */
function sampleResidentMemory(pid: number): { stop(): number } {
  let peak = residentMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentMb(pid))), SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, residentMb(pid));
    },
  };
}

/**
 * The senders in their own process (flood-sender.ts), for as long as the user's load runs; stop()
 * ends them and resolves with what they sent and got.
 */
async function startFlood(url: string): Promise<{ stop(): Promise<FloodResult> }> {
  const started = await startTsProcess(
    'test/bench/flood-sender.ts',
    {
      FLOOD_URL: url,
      FLOOD_SENDERS: String(SENDERS),
      FLOOD_BODY_BYTES: String(BODY_BYTES),
      FLOOD_MAX_BODIES: String(MAX_BODIES),
      FLOOD_MAX_MS: String(4 * (WARMUP_MS + MEASURE_MS)),
    },
    /Flood started/,
  );
  let output = started.output.join('');
  started.child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    async stop() {
      await started.stop();
      const line = /FLOOD_RESULT (.+)/.exec(output);
      if (line === null) throw new Error(`the flood process said no result:\n${output}`);
      return JSON.parse(line[1] ?? '{}') as FloodResult;
    },
  };
}
