import { MAX_FAILURES_IN_A_ROW, type ScheduleAnswer } from '../schedules';

/**
 * When a schedule the add-on runs (issue 26) has lost the person who runs it: their hourly trigger
 * runs a due schedule within the hour (a long run within a few firings), so one overdue by this
 * much has no trigger left (they left, lost edit access, or removed Creator Sheets); three failed
 * runs in a row that paused it say the same of a trigger that fails (its owner can no longer open
 * the sheet). Then an editor who connected the document's formulas may take it over
 * (`POST /api/schedules/:id/takeover`), never before: until then it is its owner's to hand over.
 */
export const ORPHANED_AFTER_MS = 6 * 60 * 60_000;

/** Why the schedule may be taken over from whoever set it up, in words; null while it runs. */
export function orphanedReason(
  schedule: Pick<ScheduleAnswer, 'runner' | 'status' | 'nextRunAt' | 'failuresInARow' | 'createdBy'>,
  now: number,
): string | null {
  if (schedule.runner !== 'add-on') return null;
  if (schedule.status === 'paused' && schedule.failuresInARow >= MAX_FAILURES_IN_A_ROW) {
    return `it is paused after ${schedule.failuresInARow} failed runs from ${schedule.createdBy}'s trigger`;
  }
  if (
    schedule.status === 'active' &&
    schedule.nextRunAt !== null &&
    now - schedule.nextRunAt > ORPHANED_AFTER_MS
  ) {
    const hours = Math.floor((now - schedule.nextRunAt) / 3_600_000);
    return `${schedule.createdBy}'s trigger has not run it for ${hours} hours past its time`;
  }
  return null;
}
