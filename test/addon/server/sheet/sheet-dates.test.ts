import { midnightIn } from '../../../../addon/server/sheet/sheet-dates';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

/** A date cell's instant (a backfilled month's 1st, issue 26): midnight on the sheet's clock. */

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals();
});
afterEach(() => env.restore());

describe('midnightIn', () => {
  it("is midnight of the day in the sheet's zone, summer time and winter time", () => {
    expect(midnightIn('2026-05-01', 'Europe/Berlin').toISOString()).toBe('2026-04-30T22:00:00.000Z');
    expect(midnightIn('2026-01-01', 'Europe/Berlin').toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(midnightIn('2026-01-01', 'America/Los_Angeles').toISOString()).toBe('2026-01-01T08:00:00.000Z');
    expect(midnightIn('2026-03-01', 'Etc/UTC').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(midnightIn('2026-10-01', 'Asia/Kolkata').toISOString()).toBe('2026-09-30T18:30:00.000Z');
  });
});
