import type { ScheduleView } from '../../../../addon/bridge-contract/schedules-api';
import { followScheduleRuns } from '../../../../addon/sidebar/schedules/schedule-runs-followed';
import { setSheetTimeZone } from '../../../../addon/sidebar/ui/sheet-time';

const weekly = (lastRun: ScheduleView['lastRun']): ScheduleView =>
  ({ id: 'sch_1', name: 'Weekly', lastRun }) as unknown as ScheduleView;
const run = (at: number, outcome: 'ok' | 'failed', message = ''): ScheduleView['lastRun'] => ({
  at,
  outcome,
  rows: outcome === 'ok' ? 15 : 0,
  credits: 0,
  message,
});

/** A run started here is said until it ends, then how it ended, once (issue 25). */
describe('followScheduleRuns', () => {
  afterEach(() => setSheetTimeZone('UTC'));

  it('says nothing until the last run is a newer one, then how it ended, once', () => {
    setSheetTimeZone('Europe/Berlin');
    const follow = followScheduleRuns();
    const before = weekly(run(1000, 'ok'));
    follow.started(before);
    expect(follow.waiting).toBe(true);
    expect(follow.ended([before])).toEqual([]);

    const after = weekly(run(Date.UTC(2026, 10, 25, 8, 0), 'ok'));
    expect(follow.ended([after])).toEqual([
      { name: 'Weekly', ok: true, text: '“Weekly” ran: Refreshed 25 Nov, 09:00: 15 rows, 0 credits' },
    ]);
    expect(follow.ended([after])).toEqual([]);
    expect(follow.waiting).toBe(false);
  });

  it('says a failure as a failure: never "running now" after it', () => {
    const follow = followScheduleRuns();
    follow.started(weekly(null));
    const [end] = follow.ended([weekly(run(5, 'failed', 'Needs approval: up to 15 credits.'))]);
    expect(end).toMatchObject({ ok: false, text: expect.stringContaining('did not run: Failed') });
  });

  it('stops following a deleted schedule, and one that takes longer than it waits', () => {
    const follow = followScheduleRuns();
    follow.started(weekly(null));
    follow.ended([]);
    expect(follow.waiting).toBe(false);
    follow.started(weekly(null));
    let reads = 0;
    while (follow.keepWaiting()) reads += 1;
    expect(reads).toBe(18);
    expect(follow.waiting).toBe(false);
  });
});
