import { createConcurrencyLimit } from '../../../../worker/src/concurrency/concurrency-limit';

describe('createConcurrencyLimit', () => {
  it('runs at most the limit at once, in queue order, and passes results and failures through', async () => {
    const limit = createConcurrencyLimit(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setImmediate(resolve));
      active -= 1;
      if (id === 3) throw new Error('task 3 failed');
      return id * 10;
    };

    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((id) => limit(task(id))));

    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      'task 3 failed',
      40,
      50,
    ]);
  });

  it('refuses a limit below 1', () => {
    expect(() => createConcurrencyLimit(0)).toThrow(
      'a concurrency limit must be a whole number of at least 1, got 0',
    );
  });
});
