import { offsetAt, wallAsUtc, wallParts } from '../../../shared/day-bounds';
import type { ScheduleCadence } from '../../../shared/worker-api/schedules';

/**
 * When a schedule runs next, on the spreadsheet's wall clock (its IANA time zone). Pure: only
 * `Intl` through shared/day-bounds.ts. Daylight-saving changes are met as a person at the sheet
 * would expect: a local hour the clocks skip runs at the next hour that exists (02:00 on the
 * spring-forward night runs at 03:00), and a local hour the clocks repeat runs once, at its first
 * occurrence.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The first instant whose wall clock in `timeZone` reads `local` (a wall time written as if it
 * were UTC, on a whole minute). A wall time the clocks skipped gives the first whole local hour
 * after the gap; a repeated one its first occurrence.
 */
function instantOfWallTime(local: number, timeZone: string): number {
  // The offsets either side of any change near `local`: one of them places it.
  const offsets = new Set([offsetAt(local - DAY_MS / 2, timeZone), offsetAt(local + DAY_MS / 2, timeZone)]);
  const matches = [...offsets]
    .map((offset) => local - offset)
    .filter((at) => wallAsUtc(wallParts(at, timeZone)) === local);
  if (matches.length > 0) return Math.min(...matches);
  // Skipped: with the offset from before the change the instant lies past it, its wall clock
  // already moved on; the next whole hour from there (exactly there for a change of whole hours).
  const after = local - offsetAt(local - DAY_MS / 2, timeZone);
  const wall = wallParts(after, timeZone);
  const pastHour = (wall.minute * MINUTE_MS + wall.second * 1000) % HOUR_MS;
  return pastHour === 0 ? after : after + HOUR_MS - pastHour;
}

/**
 * The first instant strictly after `after` at which `cadence` falls due in `timeZone`: on the
 * hour (hourly), at `hour`:00 (daily), or on `day` (0 Sunday to 6 Saturday) at `hour`:00 (weekly).
 */
export function nextRunAt(cadence: ScheduleCadence, timeZone: string, after: number): number {
  const now = wallParts(after, timeZone);
  if (cadence.every === 'hour') {
    const thisHour = Date.UTC(now.year, now.month - 1, now.day, now.hour);
    // Three local hours always hold the next instant on the hour, even across a skipped one.
    for (let step = 1; step <= 3; step++) {
      const at = instantOfWallTime(thisHour + step * HOUR_MS, timeZone);
      if (at > after) return at;
    }
    throw new Error(`no hour after ${new Date(after).toISOString()} in ${timeZone}`);
  }
  const today = Date.UTC(now.year, now.month - 1, now.day);
  // Today may be too late already; a week and a day always holds the next one.
  for (let days = 0; days <= 8; days++) {
    const date = today + days * DAY_MS;
    if (cadence.every === 'week' && new Date(date).getUTCDay() !== cadence.day) continue;
    const at = instantOfWallTime(date + cadence.hour * HOUR_MS, timeZone);
    if (at > after) return at;
  }
  throw new Error(`no run after ${new Date(after).toISOString()} in ${timeZone}`);
}
