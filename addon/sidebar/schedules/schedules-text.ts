import type { ScheduleCadence, ScheduleRun } from '../../../shared/worker-api/schedules';
import type { ScheduleView } from '../../bridge-contract/schedules-api';
import { countOf, creditsText } from '../ui/count-text';
import { whenText } from '../ui/sheet-time';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function hourText(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/**
 * "Every hour", "Every day at 09:00", "Every Monday at 09:00": on the schedule's clock, the
 * spreadsheet's, which the sidebar's header names once (issue 25); a schedule set up in another
 * zone than the spreadsheet's now says its own.
 */
export function cadenceText(cadence: ScheduleCadence, timeZone: string, sheetZone?: string): string {
  const own = sheetZone === undefined || sheetZone === timeZone ? '' : ` (${timeZone})`;
  switch (cadence.every) {
    case 'hour':
      return 'Every hour';
    case 'day':
      return `Every day at ${hourText(cadence.hour)}${own}`;
    case 'week':
      return `Every ${DAYS[cadence.day] ?? 'week'} at ${hourText(cadence.hour)}${own}`;
  }
}

/** "Refreshed today, 09:00: 200 rows, 0 credits" or "Failed 25 Nov, 09:00: <why>", on the sheet's clock. */
export function lastRunText(run: ScheduleRun | null): string {
  if (run === null) return 'Not run yet';
  if (run.outcome === 'failed') return `Failed ${whenText(run.at)}: ${run.message}`;
  return `Refreshed ${whenText(run.at)}: ${countOf(run.rows, 'row')}, ${creditsText(run.credits)}`;
}

/** The line under a schedule's name: when next ("Next run Mon 1 Dec, 09:00"), or why paused. */
export function statusText(schedule: ScheduleView): string {
  if (schedule.status === 'paused') {
    return schedule.pausedReason === null ? 'Paused' : `Paused: ${schedule.pausedReason}`;
  }
  return schedule.nextRunAt === null
    ? 'Active'
    : `Next run ${whenText(schedule.nextRunAt, { weekday: true })}`;
}
