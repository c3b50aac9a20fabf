import { calendarDay, DEFAULT_TIME_ZONE } from './time-zone';

/**
 * Where a calendar day begins and ends in a time zone. A window "2024-05-01 to 2024-05-31" typed
 * into a Berlin sheet means Berlin's days: from local midnight, not from UTC's, which is an hour
 * or two off. Only `Intl` is used, which Node and Apps Script V8 both carry.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** As in time-zone.ts: a formatter is dear to build and a run reads many bounds in one zone. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** A formatter of the zone's full wall-clock time; throws a RangeError for an unknown zone. */
export function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** What the wall clock of `timeZone` shows at `millis`; `month` 1 to 12, `hour` 0 to 23. */
export interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallParts(millis: number, timeZone: string): WallParts {
  const parts: Record<string, number> = {};
  for (const part of wallClock(timeZone).formatToParts(millis)) parts[part.type] = Number(part.value);
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    // Some ICU versions still print midnight as hour 24 despite h23.
    hour: parts.hour % 24,
    minute: parts.minute,
    second: parts.second,
  };
}

/** The wall time as if it were UTC: local time on a line, for comparing and stepping. */
export function wallAsUtc(wall: WallParts): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** How far the zone's wall clock is ahead of UTC at `millis` (negative west of Greenwich). */
export function offsetAt(millis: number, timeZone: string): number {
  return wallAsUtc(wallParts(millis, timeZone)) - Math.floor(millis / 1000) * 1000;
}

function dayParts(day: string): [number, number, number] {
  const [year, month, date] = day.split('-').map(Number);
  return [year, month, date];
}

/**
 * The first instant of `day` ('YYYY-MM-DD') in `timeZone`, in milliseconds since the epoch. The
 * zone's offset may change on that very day, so midnight is placed with the offsets of the day
 * before, the day itself and the day after, and the earliest instant that already falls on `day`
 * wins: that also finds the start of a day whose midnight the clocks skipped (01:00 after a
 * change at midnight, as in Santiago).
 */
export function dayStart(day: string, timeZone: string = DEFAULT_TIME_ZONE): number {
  const [year, month, date] = dayParts(day);
  const utcMidnight = Date.UTC(year, month - 1, date);
  const candidates = [utcMidnight - DAY_MS, utcMidnight, utcMidnight + DAY_MS].map(
    (at) => utcMidnight - offsetAt(at, timeZone),
  );
  const onDay = candidates.filter((at) => calendarDay(at, timeZone) === day);
  // A day the zone skipped altogether (Samoa's 2011-12-30) has no instant: its midnight is taken.
  return Math.min(...(onDay.length > 0 ? onDay : candidates));
}

/** The last millisecond of `day` in `timeZone`: a day of 23 or 25 hours is whole too. */
export function dayEnd(day: string, timeZone: string = DEFAULT_TIME_ZONE): number {
  const [year, month, date] = dayParts(day);
  const next = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  return dayStart(next, timeZone) - 1;
}
