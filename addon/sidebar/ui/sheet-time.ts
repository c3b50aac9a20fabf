/**
 * One clock (issue 25): every time the sidebar shows is in the spreadsheet's time zone, the zone
 * its schedules run on and its stamps and history are written in, never the browser's, and the
 * zone is said once (the header's line, timeZoneLine). The page starts with the zone the server
 * put in it (`data-time-zone`) and follows the zone each status read reports.
 */

let zone = 'UTC';
const formats = new Map<string, Intl.DateTimeFormat>();

/** A zone Intl cannot use (an older browser, a typo) leaves the one before. */
export function setSheetTimeZone(next: string | undefined): boolean {
  if (next === undefined || next === '' || next === zone) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: next });
  } catch {
    return false;
  }
  zone = next;
  formats.clear();
  return true;
}

export function sheetTimeZone(): string {
  return zone;
}

function format(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let found = formats.get(key);
  if (found === undefined) {
    // en-GB: a 24-hour clock, day before month, as the sheet's stamps read.
    found = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone });
    formats.set(key, found);
  }
  return found;
}

/** The calendar day of `ms` in the zone, "2026-11-25": to tell today from other days. */
function dayOf(ms: number): string {
  const parts = format('day', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(ms);
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** "09:00". */
export function clockText(ms: number): string {
  return format('clock', { hour: '2-digit', minute: '2-digit' }).format(ms);
}

/**
 * "today, 09:00", "25 Nov, 09:00", or with `weekday` "Mon 1 Dec, 09:00" (when a schedule runs
 * next); `now` is the clock to tell today by.
 */
export function whenText(ms: number, options: { weekday?: boolean; now?: number } = {}): string {
  if (!Number.isFinite(ms)) return 'at an unknown time';
  if (options.weekday !== true && dayOf(ms) === dayOf(options.now ?? Date.now()))
    return `today, ${clockText(ms)}`;
  const day = options.weekday
    ? format('weekday', { weekday: 'short', day: 'numeric', month: 'short' })
    : format('date', { day: 'numeric', month: 'short' });
  return `${day.format(ms).replace(',', '')}, ${clockText(ms)}`;
}

/** The header's line, said once for every time in the sidebar. */
export function timeZoneLine(): string {
  return `Times in ${zone}, the spreadsheet’s time zone`;
}
