import type { Clock, Sleep } from '../../../../worker/common/clock';

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

/** Lets pending promise chains run to their next wait (no real time passes). */
async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Virtual time: `clock` and `sleep` for the code under test, and `run` to drive a promise to its
 * end by jumping from one pending timer to the next. Nothing waits for real.
 */
export class FakeTime {
  private current: number;
  private seq = 0;
  private readonly timers: Timer[] = [];

  constructor(start = 0) {
    this.current = start;
  }

  readonly clock: Clock = { now: () => this.current };

  readonly sleep: Sleep = (ms, signal) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || signal?.aborted) {
        resolve();
        return;
      }
      const timer: Timer = { at: this.current + ms, seq: this.seq++, resolve };
      this.timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          const index = this.timers.indexOf(timer);
          if (index >= 0) this.timers.splice(index, 1);
          resolve();
        },
        { once: true },
      );
    });

  get now(): number {
    return this.current;
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, firing every timer due on the way, in order. */
  async advance(ms: number): Promise<void> {
    const until = this.current + ms;
    await flushMicrotasks();
    for (;;) {
      const next = this.nextTimer();
      if (next === undefined || next.at > until) break;
      this.fire(next);
      await flushMicrotasks();
    }
    this.current = until;
    await flushMicrotasks();
  }

  /** Runs virtual time until `work` settles; fails if it waits on nothing (a hang). */
  async run<T>(work: Promise<T>): Promise<T> {
    let settled = false;
    work.then(
      () => (settled = true),
      () => (settled = true),
    );
    for (;;) {
      await flushMicrotasks();
      if (settled) return work;
      const next = this.nextTimer();
      if (next === undefined) throw new Error('the work waits on nothing that virtual time can fire');
      this.fire(next);
    }
  }

  private nextTimer(): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of this.timers) {
      if (best === undefined || timer.at < best.at || (timer.at === best.at && timer.seq < best.seq))
        best = timer;
    }
    return best;
  }

  private fire(timer: Timer): void {
    this.timers.splice(this.timers.indexOf(timer), 1);
    this.current = Math.max(this.current, timer.at);
    timer.resolve();
  }
}
