import { timerSleep } from '../../../worker/common/clock';

describe('timerSleep', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('resolves after the given time', async () => {
    let done = false;
    const sleeping = timerSleep(1000).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(done).toBe(true);
  });

  it('resolves early and leaves no timer behind when aborted', async () => {
    const controller = new AbortController();
    const sleeping = timerSleep(60_000, controller.signal);
    controller.abort();
    await sleeping;
    expect(jest.getTimerCount()).toBe(0);
  });
});
