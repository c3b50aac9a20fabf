import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { ScheduleAnswer, ScheduleRun } from '../../../shared/worker-api/schedules';
import { asRecord, numberAt, optionalRecordAt } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';

/** Said in the history line when the worker could not record the run, so its credits are unknown. */
export const RUN_NOT_RECORDED =
  'The worker could not record this run, so its credits are not known here; it runs again next hour.';

/**
 * Tells the worker that an add-on run ended (`POST /api/schedules/:id/runs`: run log, last run,
 * next run, the pause after three failures, the alerts) and answers what the run cost as the
 * worker counted it in its ledger (issue 26): the add-on never states its own cost. Null when the
 * worker could not record it (unreachable, or the run no longer due): the schedule stays due.
 */
export function recordSheetRun(
  schedule: Pick<ScheduleAnswer, 'id'>,
  run: Omit<ScheduleRun, 'credits'>,
  /** A failed run: whether its banner is in the sheet. */
  banner?: boolean,
): number | null {
  try {
    const answer = asRecord<ScheduleAnswer>(
      callRoute(WORKER_ROUTES.recordScheduleRun, {
        params: { id: schedule.id },
        body: { run, rowsWritten: run.rows, ...(banner === undefined ? {} : { banner }) },
      }),
      'the recorded schedule',
    );
    const last = optionalRecordAt(answer, 'lastRun');
    return last === null ? null : numberAt(last, 'credits');
  } catch {
    return null;
  }
}
