import type { ScheduleView } from '../../bridge-contract/schedules-api';
import type { RunLine } from '../../bridge-contract/saved-work-api';
import { rangeA1, sheetA1 } from '../sheet/a1-notation';
import { listDocumentSchedules } from './schedules';

/**
 * The runs of the document's schedules (issue 25) as Account's run history lists the sidebar's
 * own runs: who set the schedule up, where it wrote, rows, credits, outcome and why. The worker
 * keeps each schedule's recent runs; the sidebar's lines are the document's properties. A worker
 * that cannot be asked leaves the history as it was.
 */
export function scheduledRunLines(): RunLine[] {
  let schedules: ScheduleView[];
  try {
    schedules = listDocumentSchedules() ?? [];
  } catch {
    return [];
  }
  return schedules.flatMap((schedule) =>
    (schedule.runs ?? []).map((run): RunLine => {
      const { sheetName, row, column } = schedule.output;
      return {
        id: `${schedule.id}@${run.at}`,
        kind: 'scheduled-run',
        who: schedule.createdBy,
        tab: sheetName,
        place: `${schedule.name}: ${sheetA1(sheetName, rangeA1(row, column))}`,
        mode: schedule.mode === 'replace' ? 'replace' : 'append',
        rows: run.rows,
        credits: run.credits,
        rawRequests: null,
        outcome: run.outcome === 'ok' ? 'done' : 'failed',
        note: run.outcome === 'ok' ? null : run.message,
        startedAt: new Date(run.at).toISOString(),
        endedAt: null,
      };
    }),
  );
}
