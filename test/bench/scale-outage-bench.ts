import { sqlOn, startPostgres } from '../support/postgres-server';
import { statsDelta } from './bench-worker';
import { buildWorker } from './child-process';
import { startBenchSandbox, startCluster, type Cluster, type ScaleWorker } from './scale-bench';
import { benchWorld, reportHandles } from './world-inputs';

/**
 * Issue 23's outage rows, `npm run bench -- scale` (alone: `scale:outage`): three compiled
 * workers on one Postgres, paid report calls in flight through all three (the API answers after
 * a second), and then the database stopped for 10 s and started again (a Cloud SQL maintenance or
 * failover), and in a second round the instances' lock sessions terminated (pg_terminate_backend).
 * Measured: every instance alive; what callers got meanwhile (503 with Retry-After, never 500);
 * how long until every instance is ready again, without a restart; calls bought twice; the ledger
 * against what the API billed once the balance reconciliation has run.
 */

const INSTANCES = 3;
const CREATORS = 20_000;
const LATENCY_MS = 1_000;
/** The API's rate for these rows: high enough that a dozen calls are in flight at once. */
const RATE = 20;
const PER_INSTANCE = 8;
const OUTAGE_MS = 10_000;
const PROBE_EVERY_MS = 500;
/** What README's Cloud Run recipe sets for three instances (and a rollout) on one Cloud SQL. */
export const POOL_SIZE = '5';

export interface OutageRound {
  what: string;
  since: string;
  /** Paid calls on their way when the database went (journaled, not answered). */
  inFlight: number;
  /** Every instance's process still running at the end. */
  allAlive: boolean;
  /** Answers to API requests during the outage (the ones in flight and new ones), by status. */
  answers: Record<string, number>;
  /** Of the 503s, how many carried Retry-After. */
  retryAfter: number;
  /** /readyz answers 503 seen during the outage. */
  notReady: number;
  /** From the database back (or the sessions ended) to every instance ready (ms). */
  readyAgainMs: number;
  /** The same creators asked for again afterwards: every answer complete. */
  completeAfter: boolean;
  creators: number;
  reportCalls: number;
  billedCredits: number;
  ledgerCredits: number;
  unconfirmed: number;
}

export interface OutageBenchResult {
  stopStart: OutageRound;
  lockSessions: OutageRound;
}

export async function runOutageBench(log: (line: string) => void): Promise<OutageBenchResult> {
  buildWorker();
  const world = benchWorld(CREATORS);
  const postgres = await startPostgres();
  const { sandbox, sandboxUrl } = await startBenchSandbox({
    SANDBOX_CREATORS: String(CREATORS),
    SANDBOX_CREDITS: '100000',
    SANDBOX_LATENCY_MS: String(LATENCY_MS),
    SANDBOX_RATE_DISCOVERY: String(RATE),
  });
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster(postgres, {
      name: 'scale_outage',
      instances: INSTANCES,
      sandboxUrl,
      env: { UPSTREAM_RATE_DISCOVERY: String(RATE), DATABASE_POOL_SIZE: POOL_SIZE },
    });
    const handles = reportHandles(world, 2 * INSTANCES * PER_INSTANCE + 40, 0).inputs;
    const stopStart = await round(cluster, handles.slice(0, INSTANCES * PER_INSTANCE), log, {
      what: 'Postgres stopped 10 s and started',
      since: 'the database was back',
      fault: async () => {
        await postgres.shutDown();
        await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
        const back = performance.now();
        await postgres.startAgain();
        return back;
      },
      fresh: handles.slice(2 * INSTANCES * PER_INSTANCE),
    });
    const lockSessions = await round(
      cluster,
      handles.slice(INSTANCES * PER_INSTANCE, 2 * INSTANCES * PER_INSTANCE),
      log,
      {
        what: "the instances' lock sessions terminated",
        since: 'the sessions ended',
        fault: async () => {
          await sqlOn(cluster?.databaseUrl ?? '', RUN_LOCK_SESSIONS_TERMINATED);
          return performance.now();
        },
        fresh: [],
      },
    );
    return { stopStart, lockSessions };
  } finally {
    await cluster?.stop();
    await sandbox.stop();
    await postgres.stop();
  }
}

/** The sessions holding a run's lock (advisory-locks.ts: class 7316), ended as a failover would. */
const RUN_LOCK_SESSIONS_TERMINATED = `SELECT pg_terminate_backend(pid) FROM pg_locks
  WHERE locktype = 'advisory' AND classid = 7316 AND granted`;

interface Fault {
  what: string;
  /** What readiness is timed from. */
  since: string;
  /** Does the harm; resolves when the database is back (performance.now()). */
  fault(): Promise<number>;
  /** Creators never asked for before, for the requests sent during the outage. */
  fresh: string[];
}

async function round(
  cluster: Cluster,
  handles: string[],
  log: (line: string) => void,
  fault: Fault,
): Promise<OutageRound> {
  const before = await cluster.stats();
  const ledgerBefore = await reportLedger(cluster.databaseUrl);
  const statuses: number[] = [];
  let retryAfter = 0;
  let notReady = 0;
  const note = (answer: { status: number; retryAfter: string | null }) => {
    statuses.push(answer.status);
    if (answer.status === 503 && answer.retryAfter !== null) retryAfter += 1;
  };
  const shares = cluster.workers.map((_, i) => handles.slice(i * PER_INSTANCE, (i + 1) * PER_INSTANCE));
  const asked = cluster.workers.map((worker, i) => reports(worker, cluster.key, shares[i] ?? []));
  const inFlight = await callsInFlight(cluster.databaseUrl, 2 * INSTANCES);

  // While the harm lasts, each instance is asked for fresh creators and for its readiness.
  let harming = true;
  const probing = (async () => {
    let next = 0;
    while (harming) {
      for (const worker of cluster.workers) {
        if ((await get(worker, '/readyz')) === 503) notReady += 1;
        const fresh = fault.fresh.slice(next, next + 2);
        next += 2;
        if (fresh.length > 0) note(await reports(worker, cluster.key, fresh));
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  const back = await fault.fault();
  const readyAgain = untilAll(cluster, async (worker) => (await get(worker, '/readyz')) === 200).then(
    () => performance.now() - back,
  );
  for (const answer of await Promise.all(asked)) note(answer);
  harming = false;
  await probing;
  const readyAgainMs = await readyAgain;

  // Each asks for what the next was buying: what was bought during the outage is served, not bought.
  const again = await Promise.all(
    cluster.workers.map((worker, i) => reports(worker, cluster.key, shares[(i + 1) % shares.length] ?? [])),
  );
  const completeAfter = again.every(
    (answer) => answer.status === 200 && answer.failed === 0 && answer.creators === PER_INSTANCE,
  );
  const delta = statsDelta(before, await cluster.stats());
  const ledger = await reportLedger(cluster.databaseUrl);
  const result: OutageRound = {
    what: fault.what,
    since: fault.since,
    inFlight,
    allAlive: cluster.workers.every(
      (worker) => worker.process.child.exitCode === null && worker.process.child.signalCode === null,
    ),
    answers: countBy(statuses),
    retryAfter,
    notReady,
    readyAgainMs,
    completeAfter,
    creators: handles.length,
    reportCalls: delta.calls('report'),
    billedCredits: delta.millicredits('report') / 1000,
    ledgerCredits: Math.round((ledger.credits - ledgerBefore.credits) * 1000) / 1000,
    unconfirmed: ledger.unconfirmed,
  };
  log(
    `scale outage (${fault.what}): ${inFlight} paid calls in flight; answers meanwhile ${JSON.stringify(result.answers)} (${retryAfter} with Retry-After), /readyz 503 x ${notReady}; ready again ${(readyAgainMs / 1000).toFixed(1)} s after ${fault.since}; ${result.reportCalls} report calls for ${handles.length} creators, billed ${result.billedCredits}, ledger ${result.ledgerCredits} (${result.unconfirmed} unconfirmed); alive: ${String(result.allAlive)}`,
  );
  return result;
}

interface ReportsAnswer {
  status: number;
  retryAfter: string | null;
  creators: number;
  failed: number;
}

async function reports(worker: ScaleWorker, key: string, handles: string[]): Promise<ReportsAnswer> {
  try {
    const response = await fetch(`${worker.url}/api/reports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ handles, platform: 'instagram', deadlineMs: 120_000 }),
    });
    const body = (await response.json()) as { counts?: { creators: number; failed: number } };
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      creators: body.counts?.creators ?? 0,
      failed: body.counts?.failed ?? 0,
    };
  } catch {
    // No answer at all: the instance is gone (counted as not alive).
    return { status: 0, retryAfter: null, creators: 0, failed: 0 };
  }
}

async function get(worker: ScaleWorker, path: string): Promise<number> {
  try {
    return (await fetch(`${worker.url}${path}`)).status;
  } catch {
    return 0;
  }
}

async function untilAll(cluster: Cluster, check: (worker: ScaleWorker) => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + 60_000;
  for (;;) {
    const results = await Promise.all(cluster.workers.map(check));
    if (results.every(Boolean)) return;
    if (performance.now() > deadline) throw new Error('not every instance got there within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function callsInFlight(databaseUrl: string, atLeast: number): Promise<number> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const [row] = await sqlOn<{ sent: number }>(
      databaseUrl,
      "SELECT COUNT(*)::int AS sent FROM paid_calls WHERE state = 'sent'",
    );
    const sent = row?.sent ?? 0;
    if (sent >= atLeast) return sent;
    if (performance.now() > deadline) throw new Error(`only ${sent} paid calls in flight`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Report credits in the ledger, and its rows still counted at their estimate. */
async function reportLedger(databaseUrl: string): Promise<{ credits: number; unconfirmed: number }> {
  const [row] = await sqlOn<{ milli: number; unconfirmed: number }>(
    databaseUrl,
    `SELECT COALESCE(SUM(actual_milli), 0)::bigint AS milli,
       COUNT(*) FILTER (WHERE unconfirmed = 1)::int AS unconfirmed FROM ledger WHERE operation_id = 'report'`,
  );
  return { credits: Number(row?.milli ?? 0) / 1000, unconfirmed: Number(row?.unconfirmed ?? 0) };
}

function countBy(values: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}
