import type { ScheduleCadence, ScheduleRun } from '../../shared/worker-api/schedules';
import type { ScheduleView } from '../shared/schedules-api';
import { countOf, creditsText } from './count-text';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function hourText(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** "Every hour", "Every day at 09:00", "Every Monday at 09:00", with the sheet's zone. */
export function cadenceText(cadence: ScheduleCadence, timeZone: string): string {
  switch (cadence.every) {
    case 'hour':
      return 'Every hour';
    case 'day':
      return `Every day at ${hourText(cadence.hour)} (${timeZone})`;
    case 'week':
      return `Every ${DAYS[cadence.day] ?? 'week'} at ${hourText(cadence.hour)} (${timeZone})`;
  }
}

/** `ms` in the sidebar user's own clock, short. */
function whenText(ms: number): string {
  return new Date(ms).toLocaleString([], {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** "Refreshed Nov 25, 09:00: 200 rows, 0 credits" or "Failed Nov 25, 09:00: <why>". */
export function lastRunText(run: ScheduleRun | null): string {
  if (run === null) return 'Not run yet';
  if (run.outcome === 'failed') return `Failed ${whenText(run.at)}: ${run.message}`;
  return `Refreshed ${whenText(run.at)}: ${countOf(run.rows, 'row')}, ${creditsText(run.credits)}`;
}

/** The line under a schedule's name: when next, or why paused. */
export function statusText(schedule: ScheduleView): string {
  if (schedule.status === 'paused') {
    return schedule.pausedReason === null ? 'Paused' : `Paused: ${schedule.pausedReason}`;
  }
  return schedule.nextRunAt === null ? 'Active' : `Next run ${whenText(schedule.nextRunAt)}`;
}
