import { nextRunAt } from '../../../../worker/src/schedules/next-run';

const at = (iso: string) => Date.parse(iso);
const iso = (millis: number) => new Date(millis).toISOString();

/** The next `count` runs after `from`, each strictly after the one before. */
function runs(cadence: Parameters<typeof nextRunAt>[0], timeZone: string, from: string, count: number) {
  const out: string[] = [];
  let after = at(from);
  for (let i = 0; i < count; i++) {
    after = nextRunAt(cadence, timeZone, after);
    out.push(iso(after));
  }
  return out;
}

describe('nextRunAt', () => {
  it('runs daily at the hour on the wall clock of the zone, strictly after', () => {
    expect(iso(nextRunAt({ every: 'day', hour: 9 }, 'Europe/Berlin', at('2026-01-10T07:59:59Z')))).toBe(
      '2026-01-10T08:00:00.000Z',
    );
    // Exactly at the run: the next day's.
    expect(iso(nextRunAt({ every: 'day', hour: 9 }, 'Europe/Berlin', at('2026-01-10T08:00:00Z')))).toBe(
      '2026-01-11T08:00:00.000Z',
    );
    expect(iso(nextRunAt({ every: 'day', hour: 0 }, 'UTC', at('2026-01-10T08:00:00Z')))).toBe(
      '2026-01-11T00:00:00.000Z',
    );
  });

  it('runs a skipped hour at the next hour that exists, then as usual (Berlin, spring)', () => {
    // 2026-03-29: 02:00 CET becomes 03:00 CEST; 02:00 never happens.
    expect(runs({ every: 'day', hour: 2 }, 'Europe/Berlin', '2026-03-28T12:00:00Z', 3)).toEqual([
      '2026-03-29T01:00:00.000Z', // 03:00 CEST
      '2026-03-30T00:00:00.000Z', // 02:00 CEST
      '2026-03-31T00:00:00.000Z',
    ]);
    expect(runs({ every: 'day', hour: 9 }, 'Europe/Berlin', '2026-03-28T12:00:00Z', 2)).toEqual([
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('runs a repeated hour once, at its first occurrence (Berlin, autumn)', () => {
    // 2026-10-25: 03:00 CEST becomes 02:00 CET; 02:00 happens twice.
    expect(runs({ every: 'day', hour: 2 }, 'Europe/Berlin', '2026-10-24T12:00:00Z', 3)).toEqual([
      '2026-10-25T00:00:00.000Z', // 02:00 CEST, the first
      '2026-10-26T01:00:00.000Z', // 02:00 CET; not the second 02:00 of the 25th
      '2026-10-27T01:00:00.000Z',
    ]);
  });

  it('runs hourly on every hour the zone has, across both changes (Berlin)', () => {
    expect(runs({ every: 'hour' }, 'Europe/Berlin', '2026-03-28T23:30:00Z', 3)).toEqual([
      '2026-03-29T00:00:00.000Z', // 01:00 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST
      '2026-03-29T02:00:00.000Z',
    ]);
    expect(iso(nextRunAt({ every: 'hour' }, 'Europe/Berlin', at('2026-03-29T00:30:00Z')))).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    // The repeated 02:00 runs once: from 01:30 CEST to 02:00 CEST, then 03:00 CET.
    expect(runs({ every: 'hour' }, 'Europe/Berlin', '2026-10-24T23:30:00Z', 2)).toEqual([
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
  });

  it('runs on the hour of a zone half an hour off UTC', () => {
    expect(iso(nextRunAt({ every: 'hour' }, 'Asia/Kolkata', at('2026-01-01T00:00:00Z')))).toBe(
      '2026-01-01T00:30:00.000Z',
    );
  });

  it('runs weekly on the day at the hour, across the changes (Los Angeles)', () => {
    // Monday 9:00: Sunday 2026-03-08 the clocks spring forward; Monday is on PDT.
    expect(
      runs({ every: 'week', day: 1, hour: 9 }, 'America/Los_Angeles', '2026-03-01T12:00:00Z', 3),
    ).toEqual([
      '2026-03-02T17:00:00.000Z', // 09:00 PST
      '2026-03-09T16:00:00.000Z', // 09:00 PDT
      '2026-03-16T16:00:00.000Z',
    ]);
    // Sunday 2:00 on the night it does not exist: 03:00 PDT.
    expect(
      iso(nextRunAt({ every: 'week', day: 0, hour: 2 }, 'America/Los_Angeles', at('2026-03-07T12:00:00Z'))),
    ).toBe('2026-03-08T10:00:00.000Z');
    // Later on the day itself: the next week.
    expect(
      iso(nextRunAt({ every: 'week', day: 1, hour: 9 }, 'America/Los_Angeles', at('2026-03-09T16:00:01Z'))),
    ).toBe('2026-03-16T16:00:00.000Z');
  });

  it('runs the repeated 01:00 of Los Angeles once (autumn)', () => {
    // 2026-11-01: 02:00 PDT becomes 01:00 PST.
    expect(runs({ every: 'day', hour: 1 }, 'America/Los_Angeles', '2026-10-31T12:00:00Z', 2)).toEqual([
      '2026-11-01T08:00:00.000Z', // 01:00 PDT
      '2026-11-02T09:00:00.000Z', // 01:00 PST
    ]);
    expect(
      runs({ every: 'week', day: 0, hour: 1 }, 'America/Los_Angeles', '2026-10-31T12:00:00Z', 2),
    ).toEqual(['2026-11-01T08:00:00.000Z', '2026-11-08T09:00:00.000Z']);
  });
});
