import type { JobStartedAnswer } from '../../shared/worker-api/jobs';
import type { ReportsAnswer } from '../../shared/worker-api/reports';
import type { StatsBody } from '../../worker/sandbox/stats';
import type { Store } from '../../worker/src/store/store';
import {
  SHEET_ID,
  TAB,
  serveSharedSheet,
  type SharedSheet,
} from '../worker/src/jobs/delivery/server-delivery-fixture';
import { sqlOn, startPostgres } from '../support/postgres-server';
import { sandboxStats, statsDelta } from './bench-worker';
import { buildWorker } from './child-process';
import {
  readAllRows,
  SANDBOX_TOKEN,
  startBenchSandbox,
  startCluster,
  waitForJob,
  type Cluster,
  type ScaleWorker,
} from './scale-bench';
import { FLAG } from '../../worker/sandbox/data';
import { POOL_SIZE } from './scale-outage-bench';
import { benchWorld, emailInputs } from './world-inputs';

/**
 * Issue 23's takeover rows, `npm run bench -- scale` (alone: `scale:takeover`): server deliveries
 * and schedule runs are leased like jobs (SHEETS_LEASE_SECONDS, 10 s here). Three compiled workers
 * on one Postgres write into the Sheets API emulator (served by this process, the workers' service
 * account shared on its spreadsheet). A delivery of 20,000 rows: its instance killed -9 after two
 * blocks, then, another time, stopped with SIGTERM; a schedule over 120 creators: its instance
 * killed -9 during the run, then, another time, stopped with SIGTERM. Measured: from the kill or
 * the signal to another instance holding the lease (read from the store), and to its first write;
 * every row once at its place; each creator billed once.
 */

const CREATORS = 20_000;
const ROWS = 20_000;
const LATENCY_MS = 300;
const RATE = 20;
const LEASE_SECONDS = 10;
const SCHEDULE_CREATORS = 120;
const POLL_MS = 25;
const GIVE_UP_MS = 180_000;

export interface Takeover {
  what: string;
  /** From the kill or SIGTERM to another live instance holding the lease. */
  leaseMs: number;
  /** From the kill or SIGTERM to the next Sheets API write (deliveries) or the run's end (schedules). */
  nextWriteMs: number;
  /** What nextWriteMs measures, in words. */
  next: 'next write' | 'run done';
  /** Deliveries: rows missing, elsewhere or twice. Schedules: creators billed twice. */
  wrong: number;
  done: boolean;
  detail: string;
}

export interface TakeoverBenchResult {
  leaseSeconds: number;
  deliveryKilled: Takeover;
  deliveryStopped: Takeover;
  scheduleKilled: Takeover;
  scheduleStopped: Takeover;
}

export async function runTakeoverBench(log: (line: string) => void): Promise<TakeoverBenchResult> {
  buildWorker();
  const world = benchWorld(CREATORS);
  const postgres = await startPostgres();
  // Google's per-minute quotas are not what these rows measure (the workers pace themselves at
  // 60 a minute all the same): the deliveries must not leave the schedules' runs waiting out a 429.
  const sheet = await serveSharedSheet({
    quotas: {
      readsPerMinutePerUser: 100_000,
      writesPerMinutePerUser: 100_000,
      readsPerMinutePerProject: 100_000,
      writesPerMinutePerProject: 100_000,
    },
  });
  const { sandbox, sandboxUrl } = await startBenchSandbox({
    SANDBOX_CREATORS: String(CREATORS),
    SANDBOX_CREDITS: '100000',
    SANDBOX_LATENCY_MS: String(LATENCY_MS),
    SANDBOX_RATE_DISCOVERY: String(RATE),
  });
  const env = {
    GOOGLE_APPLICATION_CREDENTIALS: sheet.keyFile,
    GOOGLE_API_URL: sheet.served.url,
    SHEETS_LEASE_SECONDS: String(LEASE_SECONDS),
    UPSTREAM_RATE_DISCOVERY: String(RATE),
    DATABASE_POOL_SIZE: POOL_SIZE,
  };
  const clusters: Cluster[] = [];
  const start = async (name: string, instances: number, prepare?: (store: Store) => Promise<void>) => {
    const cluster = await startCluster(postgres, {
      name,
      instances,
      sandboxUrl,
      env,
      ...(prepare === undefined ? {} : { prepare }),
    });
    clusters.push(cluster);
    return cluster;
  };
  try {
    const deliveries = await start('scale_deliveries', 3);
    const emails = emailInputs(world, ROWS, 0, 0).inputs;
    const deliveryKilled = await deliveryTakeover(deliveries, sheet, emails, TAB, 'SIGKILL');
    log(line(deliveryKilled));
    await deliveries.addWorker();
    sheet.fakes.spreadsheet.insertSheet('Handed back');
    const deliveryStopped = await deliveryTakeover(deliveries, sheet, emails, 'Handed back', 'SIGTERM');
    log(line(deliveryStopped));

    // Public Instagram creators, written as plain handles: one report each, a credit each.
    const instagram = world.platform('instagram');
    const handles: string[] = [];
    for (let i = instagram.firstPersonIndex; handles.length < 2 * SCHEDULE_CREATORS; i += 37)
      if ((instagram.columns.flags[i] & FLAG.private) === 0) handles.push(instagram.username(i));
    const stats = () => sandboxStats(sandboxUrl, SANDBOX_TOKEN);
    const scheduleKilled = await scheduleTakeover(
      (prepare) => start('scale_schedule_killed', 1, prepare),
      stats,
      sheet,
      handles.slice(0, SCHEDULE_CREATORS),
      'Killed run',
      'SIGKILL',
    );
    log(line(scheduleKilled));
    const scheduleStopped = await scheduleTakeover(
      (prepare) => start('scale_schedule_stopped', 1, prepare),
      stats,
      sheet,
      handles.slice(SCHEDULE_CREATORS),
      'Stopped run',
      'SIGTERM',
    );
    log(line(scheduleStopped));
    return { leaseSeconds: LEASE_SECONDS, deliveryKilled, deliveryStopped, scheduleKilled, scheduleStopped };
  } finally {
    for (const cluster of clusters) await cluster.stop();
    await sandbox.stop();
    await sheet.close();
    await postgres.stop();
  }
}

function line(t: Takeover): string {
  return `scale takeover (${t.what}): lease held by another ${(t.leaseMs / 1000).toFixed(2)} s after, ${t.next} ${(t.nextWriteMs / 1000).toFixed(2)} s after; ${t.detail}`;
}

/** A job's rows delivered by the workers; the writer killed (or stopped) after two blocks. */
async function deliveryTakeover(
  cluster: Cluster,
  sheet: SharedSheet,
  emails: string[],
  tab: string,
  signal: 'SIGKILL' | 'SIGTERM',
): Promise<Takeover> {
  const first = live(cluster)[0];
  if (first === undefined) throw new Error('no live instance');
  const job = await first.request<JobStartedAnswer>('POST', '/api/jobs', {
    kind: 'email-enrichment',
    input: { emails },
  });
  const done = await waitForJob(cluster, job.id);
  if (done.status !== 'done') throw new Error(`the job ended ${done.status}`);
  const target = sheet.fakes.spreadsheet.requireSheet(tab);
  if (target.getMaxRows() < ROWS + 1)
    target.insertRowsAfter(target.getMaxRows(), ROWS + 1 - target.getMaxRows());
  // Handed to whichever instance looks first (as a delivery left by a stopped instance is).
  await sqlOn(
    cluster.databaseUrl,
    `INSERT INTO job_deliveries (job_id, spreadsheet_id, sheet_name, first_row, first_column, mode, updated_at,
       lease_owner, lease_until) VALUES ($1, $2, $3, 2, 1, 'server', $4, 'bench', 0)`,
    [job.id, SHEET_ID, tab, Date.now()],
  );
  const blocks = await until(async () => {
    const [row] = await sqlOn<{ rows_written: number; lease_owner: string | null }>(
      cluster.databaseUrl,
      'SELECT rows_written, lease_owner FROM job_deliveries WHERE job_id = $1',
      [job.id],
    );
    return row !== undefined && row.rows_written >= 2 * 4_000 && row.lease_owner !== 'bench' ? row : null;
  });
  const victim = holder(cluster, blocks.lease_owner);
  const writesBefore = writes(sheet);
  const hit = performance.now();
  await stop(victim, signal);
  const leaseMs =
    (await until(async () => {
      const [row] = await sqlOn<{ lease_owner: string | null }>(
        cluster.databaseUrl,
        'SELECT lease_owner FROM job_deliveries WHERE job_id = $1',
        [job.id],
      );
      const owner = row?.lease_owner ?? null;
      return owner !== null && owner !== blocks.lease_owner && pidOf(owner) !== victim.pid
        ? performance.now()
        : null;
    })) - hit;
  // The victim's own last write may land after the signal: the next is the taker's.
  const nextWriteMs =
    (await until(async () => (writes(sheet) > writesBefore + 1 ? performance.now() : null))) - hit;
  await until(async () => {
    const [row] = await sqlOn<{ delivered: number }>(
      cluster.databaseUrl,
      'SELECT delivered FROM job_deliveries WHERE job_id = $1',
      [job.id],
    );
    return row?.delivered === 1 ? true : null;
  });
  const wrong = await wrongRows(cluster, sheet, tab, job.id);
  return {
    what: `delivery of ${ROWS.toLocaleString('en-US')} rows, its writer sent ${signal} after ${blocks.rows_written.toLocaleString('en-US')} rows`,
    leaseMs,
    nextWriteMs,
    next: 'next write',
    wrong,
    done: true,
    detail: `${wrong} rows missing, elsewhere or twice; delivered`,
  };
}

/** A schedule over `handles`, run by the cluster's first instance, which is killed (or stopped) during it. */
async function scheduleTakeover(
  startWith: (prepare: (store: Store) => Promise<void>) => Promise<Cluster>,
  stats: () => Promise<StatsBody>,
  sheet: SharedSheet,
  handles: string[],
  tab: string,
  signal: 'SIGKILL' | 'SIGTERM',
): Promise<Takeover> {
  const input = sheet.fakes.spreadsheet.insertSheet(`${tab} creators`);
  sheet.fakes.spreadsheet.insertSheet(`${tab} report`);
  if (input.getMaxRows() < handles.length + 1) input.insertRowsAfter(input.getMaxRows(), handles.length + 1);
  input.getRange(2, 1, handles.length, 1).setValues(handles.map((handle) => [handle]));
  let scheduleId = '';
  // Before the first instance starts: it takes the schedule at once.
  const before = await stats();
  const cluster = await startWith(async (store) => {
    // Connected formulas pay for the runs, without a daily cap; due at once.
    await store.keys.issue('scale@creator-sheets.test', SHEET_ID);
    await store.formulaAllowances.set(SHEET_ID, null, 'scale@creator-sheets.test');
    const schedule = await store.schedules.create(
      SHEET_ID,
      {
        name: tab,
        kind: 'reports',
        platform: 'instagram',
        input: { sheetName: `${tab} creators`, row: 2, column: 1 },
        output: { sheetName: `${tab} report`, row: 1, column: 1 },
        mode: 'replace',
        cadence: { every: 'hour' },
        timeZone: 'Europe/Berlin',
      },
      'scale@creator-sheets.test',
      Date.now() - 1000,
    );
    scheduleId = schedule.id;
  });
  const runner = cluster.workers[0];
  if (runner === undefined) throw new Error('no first instance');
  const token = await until(async () => {
    const [row] = await sqlOn<{ lease_token: string | null }>(
      cluster.databaseUrl,
      'SELECT lease_token FROM schedules WHERE id = $1',
      [scheduleId],
    );
    return row?.lease_token ?? null;
  });
  // Two more instances, which find the schedule leased; then the run's instance goes mid-run.
  await cluster.addWorker();
  await cluster.addWorker();
  await until(async () => {
    const [row] = await sqlOn<{ sent: number }>(
      cluster.databaseUrl,
      "SELECT COUNT(*)::int AS sent FROM paid_calls WHERE state IN ('sent', 'answered', 'settled')",
    );
    return (row?.sent ?? 0) >= 8 ? true : null;
  });
  const hit = performance.now();
  await stop(runner, signal);
  const leaseMs =
    (await until(async () => {
      const [row] = await sqlOn<{ lease_token: string | null }>(
        cluster.databaseUrl,
        'SELECT lease_token FROM schedules WHERE id = $1',
        [scheduleId],
      );
      return row?.lease_token !== null && row?.lease_token !== undefined && row.lease_token !== token
        ? performance.now()
        : null;
    })) - hit;
  const outcome = await until(async () => {
    const [row] = await sqlOn<{ last_run: string | null }>(
      cluster.databaseUrl,
      'SELECT last_run FROM schedules WHERE id = $1',
      [scheduleId],
    );
    return row?.last_run ?? null;
  });
  const endMs = performance.now() - hit;
  const after = await cluster.stats();
  const delta = statsDelta(before, after);
  const billed = delta.millicredits('report') / 1000;
  const reportCalls = delta.calls('report');
  const billedAnswers = (after.operations.report?.billed ?? 0) - (before.operations.report?.billed ?? 0);
  const run = JSON.parse(outcome) as { outcome: string; rows: number; message?: string };
  const charged = await sqlOn<{ milli: number }>(
    cluster.databaseUrl,
    "SELECT COALESCE(SUM(actual_milli), 0)::bigint AS milli FROM ledger WHERE operation_id = 'report'",
  );
  const ledger = Number(charged[0]?.milli ?? 0) / 1000;
  // Asked again, every creator the run bought comes from the cache: how many it bought, each once.
  const asker = live(cluster)[0];
  if (asker === undefined) throw new Error('no live instance');
  const again = await asker.request<ReportsAnswer>('POST', '/api/reports', {
    handles,
    platform: 'instagram',
    deadlineMs: 120_000,
  });
  const bought = again.counts.cached;
  return {
    what: `schedule run over ${handles.length} creators, its instance sent ${signal} during the run`,
    leaseMs,
    nextWriteMs: endMs,
    next: 'run done',
    wrong: billedAnswers - bought,
    done: run.outcome === 'ok' && run.rows === handles.length && ledger === billed,
    detail: `the run ended ${run.outcome} with ${run.rows} rows${run.outcome === 'ok' ? '' : ` (${run.message})`} ${(endMs / 1000).toFixed(1)} s after; ${reportCalls} report calls, ${billedAnswers} billed (${billed} credits) for the ${bought} creators with a report, ledger ${ledger}`,
  };
}

function live(cluster: Cluster): ScaleWorker[] {
  return cluster.workers.filter(
    (worker) => worker.process.child.exitCode === null && worker.process.child.signalCode === null,
  );
}

/** The live instance a lease owner (`host/pid/random`) names. */
function holder(cluster: Cluster, owner: string | null): ScaleWorker {
  const found = live(cluster).find((worker) => worker.pid === pidOf(owner ?? ''));
  if (found === undefined) throw new Error(`no live instance holds the lease (${owner ?? 'none'})`);
  return found;
}

function pidOf(owner: string): number {
  return Number(owner.split('/').at(-2));
}

/** Sends the signal and waits for the process to end (SIGTERM: its graceful stop). */
async function stop(worker: ScaleWorker, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  worker.killed = true;
  const exited = new Promise((resolve) => worker.process.child.once('exit', resolve));
  worker.process.child.kill(signal);
  if (signal === 'SIGKILL') await exited;
}

function writes(sheet: SharedSheet): number {
  return sheet.emulator.stats().byMethod['spreadsheets.values.update'] ?? 0;
}

/** Rows not at their place (missing or different) plus rows below the job's last one. */
async function wrongRows(cluster: Cluster, sheet: SharedSheet, tab: string, jobId: string): Promise<number> {
  const { rows } = await readAllRows(cluster, jobId);
  const expected = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => JSON.parse(row) as unknown[]);
  const width = Math.max(1, ...expected.map((row) => row.length));
  const target = sheet.fakes.spreadsheet.requireSheet(tab);
  const inSheet = target.getRange(2, 1, target.getMaxRows() - 1, width).getValues();
  let wrong = 0;
  for (let i = 0; i < inSheet.length; i++) {
    const want = expected[i];
    const got = inSheet[i] ?? [];
    if (want === undefined) {
      if (got.some((cell) => cell !== '')) wrong += 1;
      continue;
    }
    const cells = Array.from({ length: width }, (_, c) => want[c] ?? '');
    if (JSON.stringify(cells) !== JSON.stringify(got)) wrong += 1;
  }
  return wrong + Math.max(0, expected.length - inSheet.length);
}

async function until<T>(check: () => Promise<T | null>): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`gave up after ${GIVE_UP_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
