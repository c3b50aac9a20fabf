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
