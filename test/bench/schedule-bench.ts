import request from 'supertest';
import type { ScheduleRequest } from '../../shared/worker-api/schedules';
import { systemClock, timerSleep } from '../../worker/common/clock';
import { runSchedule } from '../../worker/src/schedules/run/schedule-run';
import { createSheetsPacer, type SheetsPacer } from '../../worker/src/google/sheets-pacer';
import { scheduledRun } from '../../worker/src/schedules/scheduled-run';
import { createScheduler } from '../../worker/src/schedules/scheduler';
import { SCHEDULE_OWNER, scheduleToRun } from '../worker/src/schedules/run/schedule-run-fixture';
import { auth, callsOf } from '../worker/src/worker-fixture';
import type { ScheduleMode } from '../../shared/worker-api/schedules';
import {
  SHEET_ID,
  startDeliveryWorld,
  type DeliveryWorld,
} from '../worker/src/jobs/delivery/server-delivery-fixture';

/**
 * Issue 14's measure of scheduled reports: a daily schedule over 1,000 creators run 7 times (the
 * worker's clock a day later each time, within the reports' 30-day cache), and the "done when"
 * case, a weekly snapshot of 200 creators with its growth chart, run 4 times (a week apart, still
 * within the cache). Upstream calls and credits should be the first run's only; Sheets API calls
 * per run are counted by the emulator.
 */

export interface ScheduleBenchRuns {
  creators: number;
  runs: { upstreamCalls: number; credits: number; sheetsCalls: number; wallMs: number; outcome: string }[];
}

export interface ScheduleBenchResult {
  daily: ScheduleBenchRuns;
  weeklySnapshot: ScheduleBenchRuns & { charts: number };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function runScheduleBench(log: (line: string) => void): Promise<ScheduleBenchResult> {
  // 1,200 creators are bought: more than the sandbox account's default 1,000 credits.
  const env = await startDeliveryWorld({ env: { SANDBOX_CREDITS: '5000' } });
  try {
    await env.world.deps.store.formulaAllowances.set(SHEET_ID, null, SCHEDULE_OWNER);
    const daily = await benchRuns(env, log, {
      tab: 'Daily creators',
      creators: 1_000,
      runs: 7,
      everyMs: DAY_MS,
      from: 10,
    });
    const weeklySnapshot = await benchRuns(env, log, {
      tab: 'Weekly snapshot',
      creators: 200,
      runs: 4,
      everyMs: 7 * DAY_MS,
      from: 1_100,
      mode: 'append-snapshot',
    });
    const sheetId = env.fakes.spreadsheet.requireSheet('Weekly snapshot').id;
    const charts = env.emulator.charts(SHEET_ID).filter((chart) => chart.sheetId === sheetId).length;
    return { daily, weeklySnapshot: { ...weeklySnapshot, charts } };
  } finally {
    await env.close();
  }
}

interface BenchCase {
  tab: string;
  creators: number;
  runs: number;
  everyMs: number;
  /** The first of the sandbox's Instagram creators this case reads. */
  from: number;
  mode?: ScheduleMode;
}

async function benchRuns(
  env: DeliveryWorld,
  log: (line: string) => void,
  bench: BenchCase,
): Promise<ScheduleBenchRuns> {
  const { world, fakes, emulator } = env;
  const sheet = fakes.spreadsheet.insertSheet(bench.tab);
  // Each case its own slice of the sandbox's creators: none of them cached by the other case.
  const handles = world.handles(bench.creators, 'instagram', bench.from);
  if (sheet.getMaxRows() < bench.creators + 1) {
    sheet.insertRowsAfter(sheet.getMaxRows(), bench.creators + 1 - sheet.getMaxRows());
  }
  sheet.getRange(2, 1, bench.creators, 1).setValues(handles.map((handle) => [handle]));
  const schedule = scheduleToRun(bench.tab, {
    id: `sch_${bench.tab}`,
    name: bench.tab,
    fields: bench.mode === 'append-snapshot' ? ['handle', 'followers', 'engagement_rate'] : undefined,
    ...(bench.mode === undefined ? {} : { mode: bench.mode }),
  });
  const runs: ScheduleBenchRuns['runs'] = [];
  let previousRows = 0;
  for (let day = 0; day < bench.runs; day++) {
    await world.resetStats();
    emulator.reset();
    const deps = { ...world.deps, clock: { now: () => Date.now() + day * bench.everyMs } };
    const started = performance.now();
    const result = await runSchedule(deps, schedule, previousRows);
    previousRows = result.rowsWritten;
    runs.push({
      upstreamCalls: callsOf(await world.stats(), 'report'),
      credits: result.run.credits,
      sheetsCalls: emulator.stats().calls,
      wallMs: performance.now() - started,
      outcome: result.run.outcome === 'ok' ? `ok, ${result.run.rows} rows` : result.run.message,
    });
    const last = runs[runs.length - 1];
    log(
      `${bench.tab} run ${day + 1}: ${last.outcome}; ${last.upstreamCalls} upstream calls, ${last.credits} credits, ` +
        `${last.sheetsCalls} Sheets calls, ${(last.wallMs / 1000).toFixed(1)} s`,
    );
  }
  return { creators: bench.creators, runs };
}

/**
 * Issue 25's measure of many teams: N schedules of several documents, all due at 09:00, run by
 * the worker's real scheduler and Sheets pacer through its one service account, against the
 * emulator's per-minute quotas. A real minute would make N = 100 a five-minute bench, so pace and
 * quotas run SPEED times faster; times are given back at Google's pace. The ideal is the quota's:
 * the busier group's calls (reads or writes) at 60 a minute. A first round makes each document's
 * history tab; the measured one is a morning like any other (every schedule made due again).
 */
export interface ManySchedulesResult {
  schedules: number;
  documents: number;
  /** From the scheduler's start to the last run's end, at Google's pace (ms). */
  lastRunMs: number;
  idealMs: number;
  reads: number;
  writes: number;
  rateLimited: number;
  failed: number;
  /** The latest start (1-based) of any document's first run: round robin makes it `documents`. */
  lastFirstStart: number;
  /** The same by due time then id, as the scheduler took them before issue 25 (for reference). */
  lastFirstStartByDueTime: number;
  /** When the last team to get its first report refreshed got it, at Google's pace (ms). */
  lastFirstRunMs: number;
}

const SPEED = 10;
const PER_MINUTE = 60;

/** How N schedules spread over teams: a few with many, most with one or two. */
function teamSizes(schedules: number): number[] {
  if (schedules === 10) return [4, 3, 2, 1];
  if (schedules === 100) return [20, 12, 10, 8, 7, 6, 5, 5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1];
  throw new Error(`no team sizes for ${schedules} schedules`);
}

export async function runManySchedulesBench(
  log: (line: string) => void,
  schedules: number,
): Promise<ManySchedulesResult> {
  const sizes = teamSizes(schedules);
  const documents = sizes.map((_, i) => `1TeamSpreadsheet${String(i).padStart(3, '0')}${'0'.repeat(24)}`);
  const pace = { perAccountPerMinute: PER_MINUTE * SPEED, perSpreadsheetPerMinute: PER_MINUTE * SPEED };
  const env = await startDeliveryWorld({
    env: { LOG_LEVEL: 'warn' },
    quotas: {
      readsPerMinutePerUser: PER_MINUTE * SPEED,
      writesPerMinutePerUser: PER_MINUTE * SPEED,
      readsPerMinutePerProject: 300 * SPEED,
      writesPerMinutePerProject: 300 * SPEED,
    },
    spreadsheets: documents.map((id, i) => ({
      id,
      tabs: ['Creators', ...Array.from({ length: sizes[i] }, (_, n) => `Report ${n + 1}`)],
    })),
  });
  try {
    const { world } = env;
    const { store } = world.deps;
    const handles = world.handles(3, 'instagram', 1_500);
    // Runs cost nothing and wait on no API: the Sheets quota alone is measured.
    await fetchReports(world, handles);
    const ids: string[] = [];
    for (const [i, documentId] of documents.entries()) {
      await store.keys.issue(SCHEDULE_OWNER, documentId);
      await store.formulaAllowances.set(documentId, null, SCHEDULE_OWNER);
      env
        .spreadsheet(documentId)
        .requireSheet('Creators')
        .getRange(2, 1, 3, 1)
        .setValues(handles.map((h) => [h]));
      for (let n = 1; n <= sizes[i]; n++) {
        const made = await store.schedules.create(documentId, teamRequest(n), SCHEDULE_OWNER, Date.now());
        ids.push(made.id);
      }
    }
    const pacer = createSheetsPacer(systemClock, timerSleep, pace);
    const warmUp = await morning(world, pacer, ids);
    log(`${schedules} schedules, first round (history tabs made): ${(warmUp.lastEnd / 1000).toFixed(1)} s`);
    // 09:00 again, to the millisecond for all: the order by due time alone falls back on ids.
    const nine = Date.now();
    for (const id of ids) await store.schedules.setStatus(id, 'active', nine, null);
    const due = await store.schedules.due(Date.now(), ids.length);
    env.emulator.reset();
    const measured = await morning(world, pacer, ids);
    const stats = env.emulator.stats();
    const idealMs = (Math.max(stats.reads, stats.writes) * 60_000) / (PER_MINUTE * SPEED);
    const result: ManySchedulesResult = {
      schedules,
      documents: documents.length,
      lastRunMs: measured.lastEnd * SPEED,
      idealMs: idealMs * SPEED,
      reads: stats.reads,
      writes: stats.writes,
      rateLimited: stats.rateLimited,
      failed: measured.failed,
      lastFirstStart: lastFirstStart(measured.started),
      lastFirstRunMs: Math.max(...measured.firstEnds.values()) * SPEED,
      lastFirstStartByDueTime: lastFirstStart(due.map((schedule) => schedule.documentId)),
    };
    log(
      `${schedules} schedules of ${documents.length} teams at 09:00: last run after ${(result.lastRunMs / 60_000).toFixed(2)} min ` +
        `(ideal ${(result.idealMs / 60_000).toFixed(2)} min: ${stats.reads} reads, ${stats.writes} writes), ` +
        `every team's first run among the first ${result.lastFirstStart} (by due time: ${result.lastFirstStartByDueTime}), ` +
        `each team's first report refreshed within ${(result.lastFirstRunMs / 60_000).toFixed(2)} min`,
    );
    return result;
  } finally {
    await env.close();
  }
}

/** A replace schedule of its team's creators into its own tab. */
function teamRequest(n: number): ScheduleRequest {
  return {
    name: `Report ${n}`,
    kind: 'reports',
    input: { sheetName: 'Creators', row: 2, column: 1 },
    platform: 'instagram',
    fields: ['handle', 'followers', 'engagement_rate'],
    output: { sheetName: `Report ${n}`, row: 1, column: 1 },
    mode: 'replace',
    cadence: { every: 'day', hour: 9 },
    timeZone: 'Europe/Berlin',
  };
}

async function fetchReports(world: DeliveryWorld['world'], handles: string[]): Promise<void> {
  const answer = await request(world.app)
    .post('/api/reports')
    .set(auth())
    .send({ handles, platform: 'instagram', deadlineMs: 60_000 });
  if (answer.status !== 200) throw new Error(`reports: ${answer.status}`);
}

/** Every schedule of `ids` run once by a real scheduler: the documents in start order, and when the last ended (ms). */
async function morning(
  world: DeliveryWorld['world'],
  pacer: SheetsPacer,
  ids: readonly string[],
): Promise<{ started: string[]; lastEnd: number; failed: number; firstEnds: Map<string, number> }> {
  const run = scheduledRun({ ...world.deps, sheetsPacer: pacer });
  const started: string[] = [];
  let ended = 0;
  let failed = 0;
  let lastEnd = 0;
  const firstEnds = new Map<string, number>();
  const begin = performance.now();
  let allDone = () => undefined as void;
  const done = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  const scheduler = createScheduler({
    store: world.deps.store,
    clock: systemClock,
    sleep: timerSleep,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    run: async (schedule, signal) => {
      started.push(schedule.documentId);
      const outcome = await run(schedule, signal);
      if (('run' in outcome ? outcome.run : outcome).outcome !== 'ok') failed += 1;
      lastEnd = performance.now() - begin;
      if (!firstEnds.has(schedule.documentId)) firstEnds.set(schedule.documentId, lastEnd);
      if (++ended === ids.length) allDone();
      return outcome;
    },
  });
  scheduler.start();
  await done;
  await scheduler.stop();
  return { started, lastEnd, failed, firstEnds };
}

function lastFirstStart(order: readonly string[]): number {
  const seen = new Set<string>();
  let last = 0;
  order.forEach((documentId, i) => {
    if (!seen.has(documentId)) {
      seen.add(documentId);
      last = i + 1;
    }
  });
  return last;
}
