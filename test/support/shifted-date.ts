import { readFileSync } from 'node:fs';

/**
 * Moves this process's time by the offset (ms) written in `file`, read at every look at the
 * clock: `Date.now()` and `new Date()` with no argument. A bundle test that simulates days in the
 * fakes writes the fakes' time there, so the worker in its child process (its schedules, its
 * caches, its formula allowance's day, the sandbox's reports of the day) lives on the same days.
 * Timers keep real time: nothing waits days.
 */
export function shiftDateBy(file: string): void {
  const RealDate = Date;
  const offset = (): number => {
    try {
      const value = Number(readFileSync(file, 'utf8'));
      return Number.isFinite(value) ? value : 0;
    } catch {
      return 0;
    }
  };
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset());
      else super(...(args as [string | number | Date]));
    }

    static override now(): number {
      return RealDate.now() + offset();
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
