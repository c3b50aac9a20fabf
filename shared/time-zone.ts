/**
 * Calendar days in a spreadsheet's time zone. A sheet's date cell means a day on the wall calendar
 * of the spreadsheet's zone (File > Settings), not of UTC: a report fetched at 00:30 in Berlin was
 * fetched "today" for that sheet, and its date cell 2026-11-25 reaches Apps Script as the instant
 * 2026-11-24T23:00Z. Only `Intl` is used, which Node and Apps Script V8 both carry.
 */

/** The zone of callers that send none (older add-ons): the days they always got. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** Building a formatter is far dearer than using one, and a run formats many cells in one zone. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** True for a zone name `Intl` knows (IANA names such as `Europe/Berlin`, and `UTC`). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.trim() === '') return false;
  try {
    dayFormat(name);
    return true;
  } catch {
    // Intl throws a RangeError for a zone it does not know; that is the whole test.
    return false;
  }
}

/**
 * The 'YYYY-MM-DD' on the wall calendar of `timeZone` at `millis` since the epoch. Assembled from
 * the parts rather than trusting the en-CA pattern, which ICU versions have spelled differently.
 */
export function calendarDay(millis: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts: Record<string, string> = {};
  for (const part of dayFormat(timeZone).formatToParts(millis)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}
