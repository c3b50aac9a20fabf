import {
  clockText,
  setSheetTimeZone,
  sheetTimeZone,
  timeZoneLine,
  whenText,
} from '../../../../addon/sidebar/ui/sheet-time';

/** One clock (issue 25): times in the spreadsheet's zone, whatever the browser's is. */
describe('the sidebar’s clock', () => {
  afterEach(() => setSheetTimeZone('UTC'));

  it('writes times in the spreadsheet’s zone, on a 24-hour clock', () => {
    const at = Date.UTC(2026, 10, 25, 21, 28);
    setSheetTimeZone('Europe/Berlin');
    expect(clockText(at)).toBe('22:28');
    setSheetTimeZone('America/Los_Angeles');
    expect(clockText(at)).toBe('13:28');
    expect(whenText(at, { now: Date.UTC(2026, 10, 26, 3, 0) })).toBe('today, 13:28');
  });

  it('says "today" by the spreadsheet’s calendar, the date otherwise, and the weekday when asked', () => {
    setSheetTimeZone('Europe/Berlin');
    // 23:30 UTC on the 25th is already the 26th in Berlin.
    const lateEvening = Date.UTC(2026, 10, 25, 23, 30);
    expect(whenText(lateEvening, { now: Date.UTC(2026, 10, 26, 9, 0) })).toBe('today, 00:30');
    expect(whenText(lateEvening, { now: Date.UTC(2026, 10, 27, 9, 0) })).toBe('26 Nov, 00:30');
    expect(whenText(lateEvening, { weekday: true })).toBe('Thu 26 Nov, 00:30');
    expect(whenText(Number.NaN)).toBe('at an unknown time');
  });

  it('keeps the zone it had when told one Intl does not know, and names it once', () => {
    setSheetTimeZone('Europe/Berlin');
    expect(setSheetTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(setSheetTimeZone(undefined)).toBe(false);
    expect(sheetTimeZone()).toBe('Europe/Berlin');
    expect(timeZoneLine()).toBe('Times in Europe/Berlin, the spreadsheet’s time zone');
  });
});
