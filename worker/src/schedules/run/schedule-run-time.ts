import { calendarDay } from '../../../../shared/time-zone';

const minuteFormats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD HH:mm` on the wall clock of `timeZone` (24-hour), for stamps and history lines. */
export function localMinute(millis: number, timeZone: string): string {
  let format = minuteFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    minuteFormats.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(millis)) parts[part.type] = part.value;
  return `${calendarDay(millis, timeZone)} ${parts.hour}:${parts.minute}`;
}

/** The stamp right of the output's header: `Last refreshed 2026-11-25 09:00 (Europe/Berlin)`. */
export function refreshedStamp(millis: number, timeZone: string): string {
  return `Last refreshed ${localMinute(millis, timeZone)} (${timeZone})`;
}

/** The run's date for snapshot rows: `YYYY-MM-DD` in the schedule's zone. */
export function runDate(millis: number, timeZone: string): string {
  return calendarDay(millis, timeZone);
}
