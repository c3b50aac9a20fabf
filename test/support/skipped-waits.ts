import type { Clock, Sleep } from '../../worker/common/clock';

export interface SkippedWaits {
  /** The system's time plus every wait skipped so far: it never runs behind the real clock. */
  clock: Clock;
  /** Returns at once (after the pending I/O callbacks), with `clock` moved on to the wait's end. */
  sleep: Sleep;
}

/**
 * Waits that pass without waiting, for code that paces itself against a service counting its pace
 * on the same clock (the worker's Sheets pacer and the Sheets API emulator's quota minutes): both
 * see the spacing the real waits would give, so a pace that is too quick still meets a 429, but
 * the test spends no time on it. Concurrent waits end at their own deadlines, not at their sum.
 */
export function skippedWaits(): SkippedWaits {
  let skipped = 0;
  const clock: Clock = { now: () => Date.now() + skipped };
  const sleep: Sleep = async (ms, signal) => {
    if (ms <= 0 || signal?.aborted) return;
    const until = clock.now() + ms;
    await new Promise((resolve) => setImmediate(resolve));
    skipped = Math.max(skipped, until - Date.now());
  };
  return { clock, sleep };
}
