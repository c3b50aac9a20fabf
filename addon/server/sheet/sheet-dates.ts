import { calendarDay } from '../../../shared/time-zone';

/**
 * The spreadsheet's time zone (File > Settings), read once per run by whoever needs it and passed
 * along. Not Session.getScriptTimeZone(): the script's zone is the manifest's, the same for every
 * sheet, while a date cell means a day on the *spreadsheet's* calendar. A plain getter with no
 * property read, so a custom function may afford it.
 */
export function spreadsheetTimeZone(): string {
  return SpreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone();
}

/**
 * The 'YYYY-MM-DD' a Date cell shows. Apps Script hands a date cell over as the instant of midnight
 * in the spreadsheet's zone, so in a Berlin sheet the cell 2026-11-25 is 2026-11-24T23:00Z, and its
 * UTC date (toISOString) is the day before.
 */
export function sheetDay(date: Date, timeZone: string): string {
  return calendarDay(date.getTime(), timeZone);
}

/**
 * The zone for code that needs it only if a date turns up (a preview the sidebar asks for often):
 * the first call reads it, later calls of the same run reuse it.
 */
export function lazySpreadsheetTimeZone(): () => string {
  let zone: string | null = null;
  return () => {
    if (zone === null) zone = spreadsheetTimeZone();
    return zone;
  };
}

/**
 * The instant a date cell of `day` ('YYYY-MM-DD') holds in a sheet of `timeZone`: midnight there,
 * as Apps Script hands such a cell over (found from the zone's offset at that midnight; a zone
 * whose clocks jump at midnight gets the hour after).
 */
export function midnightIn(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const utc = Date.UTC(year, month - 1, date);
  const wall = (at: number) =>
    Date.parse(`${Utilities.formatDate(new Date(at), timeZone, 'yyyy-MM-dd HH:mm:ss').replace(' ', 'T')}Z`);
  const guess = utc - (wall(utc) - utc);
  return new Date(utc - (wall(guess) - guess));
}
