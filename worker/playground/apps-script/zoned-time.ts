import { offsetAt, wallClock } from '../../../shared/day-bounds';

/**
 * Wall-clock time in an IANA time zone, both ways, for the fakes' dates: Utilities.formatDate,
 * and cells, whose dates are wall-clock times of the spreadsheet's zone.
 */

export interface ZonedParts {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What the clock on the wall of `timeZone` shows at `date`; throws Apps Script's message for an unknown zone. */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  let format: Intl.DateTimeFormat;
  try {
    format = wallClock(timeZone);
  } catch {
    throw new Error(`Invalid argument: timeZone ${timeZone}`);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/**
 * The instant at which `timeZone`'s wall clock shows `wall` (given as if it were UTC). Two passes
 * settle the offset across a daylight-saving change; a wall time skipped by the change lands an
 * hour later, as Sheets shows it.
 */
export function instantOfWallClock(wall: number, timeZone: string): number {
  zonedParts(new Date(wall), timeZone); // An unknown zone fails with Apps Script's message.
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}
