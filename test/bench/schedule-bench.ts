import { runSchedule } from '../../worker/src/google/schedule-run';
import { SCHEDULE_OWNER, scheduleToRun } from '../worker/src/google/schedule-run-fixture';
import { callsOf } from '../worker/src/worker-fixture';
import { SHEET_ID, startDeliveryWorld } from '../worker/src/google/server-delivery-fixture';

/**
 * Issue 14's measure of scheduled reports: a daily schedule over 1,000 creators run 7 times (the
 * worker's clock a day later each time, within the reports' 30-day cache). Upstream calls and
 * credits should be the first run's only; Sheets API calls per run are counted by the emulator.
 */

export interface ScheduleBenchResult {
  creators: number;
  runs: { upstreamCalls: number; credits: number; sheetsCalls: number; wallMs: number; outcome: string }[];
}

const CREATORS = 1_000;
const RUNS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function runScheduleBench(log: (line: string) => void): Promise<ScheduleBenchResult> {
  const env = await startDeliveryWorld();
  try {
    const { world, fakes, emulator } = env;
    await world.deps.store.formulaAllowances.set(SHEET_ID, null, SCHEDULE_OWNER);
    const sheet = fakes.spreadsheet.insertSheet('Weekly creators');
    const handles = world.handles(CREATORS, 'instagram', 10);
    sheet.insertRowsAfter(sheet.getMaxRows(), CREATORS + 1 - sheet.getMaxRows());
    sheet.getRange(2, 1, CREATORS, 1).setValues(handles.map((handle) => [handle]));
    const schedule = scheduleToRun('Weekly creators', { id: 'sch_bench', name: 'Daily creators' });
    const runs: ScheduleBenchResult['runs'] = [];
    let previousRows = 0;
    for (let day = 0; day < RUNS; day++) {
      await world.resetStats();
      emulator.reset();
      const deps = { ...world.deps, clock: { now: () => Date.now() + day * DAY_MS } };
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
        `schedule run ${day + 1}: ${last.outcome}; ${last.upstreamCalls} upstream calls, ${last.credits} credits, ` +
          `${last.sheetsCalls} Sheets calls, ${(last.wallMs / 1000).toFixed(1)} s`,
      );
    }
    return { creators: CREATORS, runs };
  } finally {
    await env.close();
  }
}
