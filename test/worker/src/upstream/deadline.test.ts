import { settledBy } from '../../../../worker/src/upstream/deadline';
import { timerSleep } from '../../../../worker/common/clock';

describe('settledBy', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says true as soon as the work settles before the deadline, failures included', async () => {
    let finish!: () => void;
    const result = settledBy(new Promise<void>((resolve) => (finish = resolve)), 25_000, timerSleep);
    await jest.advanceTimersByTimeAsync(1000);
    finish();
    await expect(result).resolves.toBe(true);
    await expect(settledBy(Promise.reject(new Error('x')), 25_000, timerSleep)).resolves.toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('says false at the deadline and leaves the work running', async () => {
    let finished = false;
    const work = new Promise<void>((resolve) => setTimeout(resolve, 60_000)).then(() => {
      finished = true;
    });
    const result = settledBy(work, 25_000, timerSleep);
    await jest.advanceTimersByTimeAsync(25_000);
    await expect(result).resolves.toBe(false);
    await jest.advanceTimersByTimeAsync(35_000);
    expect(finished).toBe(true);
  });
});
