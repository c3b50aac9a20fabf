/**
 * Google's time, for one test: what the script's `Date` reads, what `Utilities.sleep` and
 * `UrlFetchApp.fetch` advance, and what the runtime measures execution time limits against. It
 * starts at the real time by default, so ID tokens minted from it are fresh for the worker too.
 */
export class FakeClock {
  private current: number;

  constructor(start: number = Date.now()) {
    this.current = start;
  }

  /** Milliseconds since the epoch, as Date.now(). */
  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`The clock only moves forward, got ${ms} ms`);
    this.current += ms;
  }

  /** Moves to `time` (ms since the epoch), never backwards. */
  set(time: number): void {
    this.advance(time - this.current);
  }
}
