import type { RateFamily } from '../../../../shared/operations';
import { Throttle, type SharedPace, type ThrottleOptions } from '../../../../worker/src/upstream/throttle';
import { FakeTime } from './fake-time';

function setup(options: Omit<ThrottleOptions, 'clock' | 'sleep'> = {}) {
  const time = new FakeTime(1_000_000);
  const throttle = new Throttle({ clock: time.clock, sleep: time.sleep, ...options });
  /** Acquires, notes the start time, holds for `holdMs` and releases; returns the start time. */
  const run = async (family: RateFamily, holdMs = 0, signal?: AbortSignal): Promise<number> => {
    const permit = await throttle.acquire(family, signal);
    const started = time.now;
    if (holdMs > 0) await time.sleep(holdMs);
    permit.release();
    return started;
  };
  return { time, throttle, run };
}

/** Most requests inside any window of `windowMs` ending at one of the starts. */
function maxInWindow(starts: number[], windowMs: number): number {
  return Math.max(...starts.map((end) => starts.filter((at) => at > end - windowMs && at <= end).length));
}

describe('Throttle', () => {
  test('N requests of ai take at least N-1 seconds and never two in one second', async () => {
    const { time, throttle, run } = setup({ utilization: 1 });
    const t0 = time.now;
    const starts = await time.run(Promise.all(Array.from({ length: 10 }, () => run('ai'))));
    expect(time.now - t0).toBeGreaterThanOrEqual(9000);
    expect(maxInWindow(starts, 1000)).toBe(1);
    expect(throttle.intervalMs('ai')).toBe(1000);
  });

  test('discovery runs at 2/s: never three starts in one second, and not slower than needed', async () => {
    const { time, run } = setup({ utilization: 1 });
    const t0 = time.now;
    const starts = await time.run(Promise.all(Array.from({ length: 21 }, () => run('discovery'))));
    expect(maxInWindow(starts, 1000)).toBe(2);
    expect(time.now - t0).toBe(10_000);
  });

  test('heavy work runs at 95% of the allowed rate by default (>= 90%)', async () => {
    const { time, run } = setup();
    const t0 = time.now;
    const n = 101;
    await time.run(Promise.all(Array.from({ length: n }, () => run('dictionaryFast'))));
    const achieved = (n - 1) / ((time.now - t0) / 1000);
    expect(achieved).toBeGreaterThanOrEqual(9);
    expect(achieved).toBeLessThanOrEqual(10);
  });

  test('20 concurrent callers are served one interval apart, first come first served', async () => {
    const { time, throttle } = setup({ utilization: 1 });
    const order: number[] = [];
    const starts: number[] = [];
    const callers = Array.from({ length: 20 }, (_, i) =>
      throttle.acquire('ai').then((permit) => {
        order.push(i);
        starts.push(time.now);
        permit.release();
      }),
    );
    await time.run(Promise.all(callers));
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(starts.slice(1).map((at, i) => at - starts[i])).toEqual(Array(19).fill(1000));
  });

  test('free operations are not paced', async () => {
    const { time, run } = setup();
    const t0 = time.now;
    const starts = await time.run(Promise.all(Array.from({ length: 50 }, () => run('free'))));
    expect(new Set(starts)).toEqual(new Set([t0]));
  });

  test('families do not wait for each other', async () => {
    const { time, run } = setup({ utilization: 1 });
    const t0 = time.now;
    const [ai1, ai2, discovery1, discovery2] = await time.run(
      Promise.all([run('ai'), run('ai'), run('discovery'), run('discovery')]),
    );
    expect([ai1 - t0, ai2 - t0, discovery1 - t0, discovery2 - t0]).toEqual([0, 1000, 0, 500]);
  });

  test('a burst lets that many start at once after idling, then paces', async () => {
    const { time, run } = setup({
      utilization: 1,
      rates: { dictionaryFast: 10 },
      burst: { dictionaryFast: 3 },
    });
    const t0 = time.now;
    const starts = await time.run(Promise.all(Array.from({ length: 5 }, () => run('dictionaryFast'))));
    expect(starts.map((at) => at - t0)).toEqual([0, 0, 0, 100, 200]);
  });

  test('pause holds the family, including callers already queued', async () => {
    const { time, throttle, run } = setup({ utilization: 1 });
    const t0 = time.now;
    const first = await time.run(run('discovery'));
    const queued = Promise.all([run('discovery'), run('discovery')]);
    throttle.pause('discovery', t0 + 5000);
    const starts = await time.run(queued);
    expect(first).toBe(t0);
    expect(starts.map((at) => at - t0)).toEqual([5000, 5500]);
  });

  test('setRate takes effect for callers already waiting', async () => {
    const { time, throttle, run } = setup({ utilization: 1 });
    const t0 = time.now;
    const work = Promise.all([run('ai'), run('ai'), run('ai')]);
    await time.advance(0);
    throttle.setRate('ai', 4);
    const starts = await time.run(work);
    // The second was booked for 1000 ms under the old rate; the new rate brings it forward.
    expect(starts.map((at) => at - t0)).toEqual([0, 250, 500]);
    expect(throttle.rate('ai')).toBe(4);
  });

  test('a slower rate holds from the very next request', async () => {
    const { time, throttle, run } = setup({ utilization: 1 });
    const t0 = time.now;
    await time.run(run('discovery'));
    throttle.setRate('discovery', 0.5);
    const starts = await time.run(Promise.all([run('discovery'), run('discovery')]));
    expect(starts.map((at) => at - t0)).toEqual([2000, 4000]);
  });

  test('a concurrency cap holds callers until a permit is released', async () => {
    const { time, throttle, run } = setup({ maxConcurrent: { free: 2 } });
    const t0 = time.now;
    const starts = await time.run(Promise.all(Array.from({ length: 5 }, () => run('free', 300))));
    expect(starts.map((at) => at - t0)).toEqual([0, 0, 300, 300, 600]);
    expect(throttle.stats('free')).toEqual({ waiting: 0, inFlight: 0 });
  });

  test('a caller that gives up leaves the queue without delaying the others', async () => {
    const { time, run } = setup({ utilization: 1 });
    const t0 = time.now;
    const quitter = new AbortController();
    const first = run('ai');
    const second = run('ai', 0, quitter.signal);
    const third = run('ai');
    await time.advance(100);
    quitter.abort(new Error('user closed the sidebar'));
    await expect(second).rejects.toThrow('user closed the sidebar');
    const [a, c] = await time.run(Promise.all([first, third]));
    expect([a - t0, c - t0]).toEqual([0, 1000]);
  });

  test('an already aborted signal is refused at once', async () => {
    const { throttle } = setup();
    await expect(throttle.acquire('ai', AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });

  test('refuses rates, bursts and utilization that make no sense, with a readable message', () => {
    const time = new FakeTime();
    const base = { clock: time.clock, sleep: time.sleep };
    expect(() => new Throttle({ ...base, rates: { ai: 0 } })).toThrow(
      'the rate of ai must be a finite number above 0, got 0',
    );
    expect(() => new Throttle({ ...base, utilization: 1.5 })).toThrow(
      'utilization must be at most 1, got 1.5',
    );
    const throttle = new Throttle({ ...base, burst: { ai: 0.5 } });
    expect(() => throttle.acquire('ai')).toThrow(
      'the burst of ai must be a whole number of at least 1, got 0.5',
    );
  });
});

/** The pace of a shared store, with its rules (GCRA on one `tat` per family) on virtual time. */
function sharedPaceOn(time: FakeTime, lateNewsTakesMs = 0): SharedPace & { holds: number[] } {
  const tat = new Map<RateFamily, number>();
  const holds: number[] = [];
  return {
    holds,
    async book(family, intervalMs) {
      const next = Math.max(tat.get(family) ?? Number.NEGATIVE_INFINITY, time.now) + intervalMs;
      tat.set(family, next);
      return { delayMs: next - intervalMs - time.now, next, intervalMs };
    },
    async startedLate(family, slot, lateMs, window) {
      // A store that answers late (its machine busy) takes the news in that much later.
      if (lateNewsTakesMs > 0) await time.sleep(lateNewsTakesMs);
      // The turn `limit` after the late one no earlier than a span after its real start.
      const current = tat.get(family) ?? Number.NEGATIVE_INFINITY;
      const since = Math.floor(Math.max(0, current - slot.next) / slot.intervalMs);
      const turnsAhead = Math.max(0, window.limit - 1 - since);
      const realStart = slot.next - slot.intervalMs + lateMs;
      tat.set(family, Math.max(current, realStart + window.spanMs - turnsAhead * slot.intervalMs));
    },
    async hold(family, forMs) {
      holds.push(forMs);
      tat.set(family, Math.max(tat.get(family) ?? Number.NEGATIVE_INFINITY, time.now + forMs));
    },
  };
}

describe('Throttle with a pace shared by instances', () => {
  test('two instances on one token keep discovery at 2/s between them, not 2/s each', async () => {
    const time = new FakeTime(1_000_000);
    const shared = sharedPaceOn(time);
    const instances = [0, 1].map(
      () => new Throttle({ clock: time.clock, sleep: time.sleep, utilization: 1, shared }),
    );
    const starts: number[] = [];
    const run = async (throttle: Throttle) => {
      const permit = await throttle.acquire('discovery');
      starts.push(time.now);
      permit.release();
    };
    const t0 = time.now;
    await time.run(Promise.all(Array.from({ length: 20 }, (_, i) => run(instances[i % 2]))));
    expect(maxInWindow(starts, 1000)).toBe(2);
    expect(time.now - t0).toBeGreaterThanOrEqual(9500);
    expect(time.now - t0).toBeLessThanOrEqual(10_000);
  });

  test('a pause after a 429 holds every instance', async () => {
    const time = new FakeTime(1_000_000);
    const shared = sharedPaceOn(time);
    const [a, b] = [0, 1].map(
      () => new Throttle({ clock: time.clock, sleep: time.sleep, utilization: 1, shared }),
    );
    a.pause('discovery', time.now + 3000);
    expect(shared.holds).toEqual([3000]);
    const t0 = time.now;
    const permit = await time.run(b.acquire('discovery'));
    permit.release();
    expect(time.now - t0).toBe(3000);
  });

  test('a request that started late holds back the one a window of turns after it, booked before the news', async () => {
    // Two instances, each sending one request after another (a job's pages), their turns
    // alternating. The store takes the news of a late start in only 700 ms later (its machine
    // busy): by then the instance that started late has booked its next turn, two turns on.
    const time = new FakeTime(1_000_000);
    const shared = sharedPaceOn(time, 700);
    const instances = [0, 1].map(() => new Throttle({ clock: time.clock, sleep: time.sleep, shared }));
    const starts: number[] = [];
    const pages = async (throttle: Throttle, lateAt: number) => {
      for (let page = 0; page < 6; page += 1) {
        const permit = await throttle.acquire('discovery');
        // One page's first byte goes out 80 ms after its turn (the event loop was busy).
        if (page === lateAt) await time.sleep(80);
        permit.started();
        starts.push(time.now);
        await time.sleep(100);
        permit.release();
      }
    };
    await time.run(Promise.all([pages(instances[0], 2), pages(instances[1], -1)]));
    starts.sort((a, b) => a - b);
    const twoTurnsApart = starts.slice(2).map((at, i) => at - starts[i]);
    // Counted by the service as it counts them: never three in one second, 97% of the pace kept.
    expect(Math.min(...twoTurnsApart)).toBeGreaterThanOrEqual(1000);
    expect(starts[starts.length - 1] - starts[0]).toBeLessThanOrEqual((11 * 1000) / (2 * 0.97) + 80 + 1);
  });
});
