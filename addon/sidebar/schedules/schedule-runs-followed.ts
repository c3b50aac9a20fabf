import type { ScheduleView } from '../../bridge-contract/schedules-api';
import { lastRunText } from './schedules-text';

/** Read again this often while a run this sidebar started has not ended. */
export const FOLLOW_EVERY_MS = 10_000;
/** A run of a few thousand creators from the cache ends well within this; after it, the minute's read follows. */
const FOLLOW_AT_MOST = 18;

export interface FollowedEnd {
  name: string;
  ok: boolean;
  /** "“Weekly” ran: Refreshed today, 09:00: 15 rows, 0 credits." */
  text: string;
}

export interface ScheduleRunsFollowed {
  /** A run of `schedule` was started here (Run now, an approval): its end is to be said. */
  started(schedule: ScheduleView): void;
  /** The schedules as just read: the runs that ended since, once each. */
  ended(schedules: readonly ScheduleView[]): FollowedEnd[];
  /** Whether a run started here has not ended yet (the section reads again soon). */
  readonly waiting: boolean;
  /** Counts a read made while waiting; false once it has waited long enough. */
  keepWaiting(): boolean;
}

/**
 * The runs this sidebar started, followed to their end (issue 25): "running now" is said until the
 * schedule's last run is a newer one than when it was started, then replaced by how it ended (a
 * failure as a failure), never left standing. Runs are told apart by the worker's own time of the
 * last run, so the sidebar's clock plays no part.
 */
export function followScheduleRuns(): ScheduleRunsFollowed {
  /** Schedule id -> the time of its last run when the new one was started (-1: none). */
  const before = new Map<string, number>();
  let reads = 0;
  return {
    started(schedule) {
      before.set(schedule.id, schedule.lastRun?.at ?? -1);
      reads = 0;
    },
    ended(schedules) {
      const ends: FollowedEnd[] = [];
      for (const schedule of schedules) {
        const was = before.get(schedule.id);
        const run = schedule.lastRun;
        if (was === undefined || run === null || run.at <= was) continue;
        before.delete(schedule.id);
        ends.push({
          name: schedule.name,
          ok: run.outcome === 'ok',
          text: `“${schedule.name}” ${run.outcome === 'ok' ? 'ran' : 'did not run'}: ${lastRunText(run)}`,
        });
      }
      // A schedule deleted meanwhile ends nothing more.
      const present = new Set(schedules.map((schedule) => schedule.id));
      for (const id of [...before.keys()]) if (!present.has(id)) before.delete(id);
      return ends;
    },
    get waiting() {
      return before.size > 0;
    },
    keepWaiting() {
      reads += 1;
      if (reads <= FOLLOW_AT_MOST) return true;
      before.clear();
      return false;
    },
  };
}
