import { runSchedule } from '../../worker/src/google/schedule-run';
import { SCHEDULE_OWNER, scheduleToRun } from '../worker/src/google/schedule-run-fixture';
import { callsOf } from '../worker/src/worker-fixture';
import type { ScheduleMode } from '../../shared/worker-api/schedules';
import {
  SHEET_ID,
  startDeliveryWorld,
  type DeliveryWorld,
} from '../worker/src/google/server-delivery-fixture';

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
