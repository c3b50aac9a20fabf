import type { ScheduleRequest } from '../../../../shared/worker-api/schedules';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A report counts as fresh for the days a schedule sets less this: a daily run at 09:00 with
 * freshness "1 day" buys again what yesterday's 09:00 run bought, even when that run reached a
 * creator a few minutes late. Shorter than any cadence (an hour at least), so a cadence of the
 * freshness's length never reuses a report.
 */
export const FRESHNESS_SLACK_MS = HOUR_MS;

/**
 * How old a report a run of `schedule` may use: its freshness less the slack, never more than
 * the worker's cache keeps one (`cacheTtlMs`), which is all a schedule without one gets.
 */
export function reportMaxAgeMs(schedule: Pick<ScheduleRequest, 'freshnessDays'>, cacheTtlMs: number): number {
  if (schedule.freshnessDays === undefined) return cacheTtlMs;
  return Math.min(cacheTtlMs, schedule.freshnessDays * DAY_MS - FRESHNESS_SLACK_MS);
}

/** The oldest storing time a run at `at` takes from the cache; null: whatever the cache holds. */
export function freshSince(
  schedule: Pick<ScheduleRequest, 'freshnessDays'>,
  cacheTtlMs: number,
  at: number,
): number | null {
  return schedule.freshnessDays === undefined ? null : at - reportMaxAgeMs(schedule, cacheTtlMs);
}
