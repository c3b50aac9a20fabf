import { calendarDay, DEFAULT_TIME_ZONE, isTimeZone } from '../../shared/time-zone';

describe('calendarDay', () => {
  // 23:30 UTC on 24 November is already the 25th in Berlin and still the 24th in Los Angeles.
  const lateEvening = Date.UTC(2026, 10, 24, 23, 30);

  it("gives the day on the zone's calendar, not UTC's", () => {
    expect(calendarDay(lateEvening, 'Europe/Berlin')).toBe('2026-11-25');
    expect(calendarDay(lateEvening, 'UTC')).toBe('2026-11-24');
    expect(calendarDay(Date.UTC(2026, 10, 25, 7, 59), 'America/Los_Angeles')).toBe('2026-11-24');
  });

  it('is UTC when no zone is given, as for add-ons that send none', () => {
    expect(DEFAULT_TIME_ZONE).toBe('UTC');
    expect(calendarDay(lateEvening)).toBe('2026-11-24');
  });
});

describe('isTimeZone', () => {
  it.each(['Europe/Berlin', 'America/Los_Angeles', 'UTC', 'Etc/UTC'])('knows %s', (zone) => {
    expect(isTimeZone(zone)).toBe(true);
  });

  it.each(['Mars/Olympus', '', '  ', 42, null])('refuses %p', (zone) => {
    expect(isTimeZone(zone)).toBe(false);
  });
});
