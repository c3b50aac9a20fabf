import { runSchedule, type ScheduleRunDeps } from '../google/schedule-run';
import { scheduleAnswer } from '../store/schedule-repository';
import type { RunSchedule } from './scheduler';

const NOT_CONNECTED =
  "This document's formulas are no longer connected, and scheduled reports are billed like them: connect them in Settings, then resume the schedule.";

/**
 * The scheduler's run: google/schedule-run.ts, billed like the document's formulas (to whoever
 * connected it now, with the document, within its allowance and their budgets). A failed run
 * keeps the previous run's row count: what it wrote is still in the sheet for the next to clear.
 */
export function scheduledRun(deps: ScheduleRunDeps): RunSchedule {
  return async (schedule, signal) => {
    const key = await deps.store.keys.ofDocument(schedule.documentId);
    if (key === null) {
      return { at: deps.clock.now(), outcome: 'failed', rows: 0, credits: 0, message: NOT_CONNECTED };
    }
    const { run, rowsWritten } = await runSchedule(
      deps,
      { ...scheduleAnswer(schedule), billTo: { email: key.email, documentId: schedule.documentId } },
      schedule.rowsWritten,
      { signal },
    );
    return run.outcome === 'ok' ? { run, rowsWritten } : run;
  };
}
