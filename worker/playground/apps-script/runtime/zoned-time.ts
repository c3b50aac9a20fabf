import { offsetAt, wallClock, wallParts, type WallParts } from '../../../../shared/day-bounds';

/**
 * Wall-clock time in an IANA time zone, both ways, for the fakes' dates: Utilities.formatDate,
 * and cells, whose dates are wall-clock times of the spreadsheet's zone.
 */

/** What the wall clock of a zone shows: shared/day-bounds.ts reads it (month 1 to 12, hour 0 to 23). */
export type ZonedParts = WallParts;

/** What the clock on the wall of `timeZone` shows at `date`; throws Apps Script's message for an unknown zone. */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  try {
    wallClock(timeZone);
  } catch {
    throw new Error(`Invalid argument: timeZone ${timeZone}`);
  }
  return wallParts(date.getTime(), timeZone);
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
