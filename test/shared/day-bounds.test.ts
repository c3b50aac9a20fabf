import { dayEnd, dayStart } from '../../shared/day-bounds';

describe('dayStart and dayEnd', () => {
  it('are UTC midnights when no zone is named, as the days older add-ons sent', () => {
    expect(dayStart('2024-05-01')).toBe(Date.UTC(2024, 4, 1));
    expect(dayEnd('2024-05-01')).toBe(Date.UTC(2024, 4, 2) - 1);
  });

  it("are local midnights in the sheet's zone, either side of Greenwich", () => {
    expect(new Date(dayStart('2024-05-01', 'Europe/Berlin')).toISOString()).toBe('2024-04-30T22:00:00.000Z');
    expect(new Date(dayEnd('2024-05-01', 'Europe/Berlin')).toISOString()).toBe('2024-05-01T21:59:59.999Z');
    expect(new Date(dayStart('2024-01-15', 'America/Los_Angeles')).toISOString()).toBe(
      '2024-01-15T08:00:00.000Z',
    );
    expect(new Date(dayStart('2024-05-01', 'Asia/Kolkata')).toISOString()).toBe('2024-04-30T18:30:00.000Z');
  });

  it('keep days of 23 and 25 hours whole when the clocks change', () => {
    // Berlin springs forward on 2024-03-31 and falls back on 2024-10-27.
    expect(dayEnd('2024-03-31', 'Europe/Berlin') + 1 - dayStart('2024-03-31', 'Europe/Berlin')).toBe(
      23 * 60 * 60 * 1000,
    );
    expect(dayEnd('2024-10-27', 'Europe/Berlin') + 1 - dayStart('2024-10-27', 'Europe/Berlin')).toBe(
      25 * 60 * 60 * 1000,
    );
  });

  it('start a day whose midnight the clocks skipped at the first hour it has', () => {
    // Santiago went from 00:00 (-04) to 01:00 (-03) on 2024-09-08, and back at midnight on 2024-04-07.
    expect(new Date(dayStart('2024-09-08', 'America/Santiago')).toISOString()).toBe(
      '2024-09-08T04:00:00.000Z',
    );
    expect(new Date(dayStart('2024-04-07', 'America/Santiago')).toISOString()).toBe(
      '2024-04-07T04:00:00.000Z',
    );
  });
});
