import type { Sleep } from '../../common/clock';

/** What a row says while its data is still on the way (the fetch goes on and lands in the cache). */
export const STILL_FETCHING = 'Still fetching: refresh in a minute (Creator Sheets > Refresh formulas)';

/**
 * Waits for `work` or until `deadlineMs` have passed, whichever comes first; true when the work
 * settled in time. The work is not cancelled: a custom function must answer within 30 s, so the
 * caller answers with what is ready and lets the rest land in the cache for the next recalculation.
 */
export async function settledBy(work: Promise<unknown>, deadlineMs: number, sleep: Sleep): Promise<boolean> {
  const timer = new AbortController();
  let settled = false;
  const done = work.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  try {
    await Promise.race([done, sleep(deadlineMs, timer.signal)]);
  } finally {
    timer.abort();
  }
  return settled;
}
