import type { ScheduleRun } from '../../../shared/worker-api/schedules';
import { writeAlertBanner } from './run/schedule-alert-banner';
import { runSchedule, type ScheduleRunDeps } from './run/schedule-run';
import type { ScheduleRecord } from '../store/schedule-repository';
import { scheduleAnswer } from '../store/rows/schedule-rows';
import { raiseScheduleAlert, type AlertSenders } from './schedule-alerts';
import { budgetSpentSentence, withScheduleBudget } from './schedule-budget';
import { MAX_FAILURES_IN_A_ROW, type RunSchedule, type ScheduleRunOutcome } from './scheduler';

const NOT_CONNECTED =
  "This document's formulas are no longer connected, and scheduled reports are billed like them: connect them in Settings, then resume the schedule.";

export interface ScheduledRunDeps extends ScheduleRunDeps {
  /** Where failed runs are told besides the sidebar (issue 25); the banner alone when absent. */
  alerts?: AlertSenders;
}

/**
 * The scheduler's run: schedules/run/schedule-run.ts, billed like the document's formulas (to whoever
 * connected it now, with the document, within its allowance and their budgets) and within the
 * schedule's own monthly budget. A failed run keeps the previous run's row count: what it wrote is
 * still in the sheet for the next to clear. A failure raises the schedule's alert (banner, e-mail,
 * chat webhook: schedule-alerts.ts) before the run ends, so the next look at the sidebar shows it.
 */
export function scheduledRun(deps: ScheduledRunDeps): RunSchedule {
  return async (schedule, signal) => {
    const outcome = await attempt(deps, schedule, signal);
    const run = 'run' in outcome ? outcome.run : outcome;
    if (run.outcome === 'failed') {
      const pauses = schedule.status === 'active' && schedule.failuresInARow + 1 >= MAX_FAILURES_IN_A_ROW;
      const alert = await raiseScheduleAlert(
        {
          store: deps.store,
          senders: deps.alerts ?? { smtp: null },
          logger: deps.logger,
          banner: (text) => writeAlertBanner(deps, schedule, text, signal),
        },
        schedule,
        run,
        pauses ? 'paused' : 'failed',
      );
      await deps.store.schedules.setAlert(schedule.id, alert);
    }
    return outcome;
  };
}

async function attempt(
  deps: ScheduledRunDeps,
  schedule: ScheduleRecord,
  signal: AbortSignal,
): Promise<ScheduleRunOutcome> {
  const failed = (message: string): ScheduleRun => ({
    at: deps.clock.now(),
    outcome: 'failed',
    rows: 0,
    credits: 0,
    message,
  });
  const key = await deps.store.keys.ofDocument(schedule.documentId);
  if (key === null) return failed(NOT_CONNECTED);
  const limit = schedule.monthlyBudget ?? null;
  const spent = schedule.spentThisMonth ?? 0;
  if (limit !== null && spent >= limit) return failed(budgetSpentSentence(limit, spent));
  const paid = limit === null ? deps.paid : withScheduleBudget(deps.paid, limit, spent);
  const { run, rowsWritten } = await runSchedule(
    { ...deps, paid },
    { ...scheduleAnswer(schedule), billTo: { email: key.email, documentId: schedule.documentId } },
    schedule.rowsWritten,
    { signal },
  );
  return run.outcome === 'ok' ? { run, rowsWritten } : run;
}
