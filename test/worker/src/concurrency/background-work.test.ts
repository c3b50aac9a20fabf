import { createBackgroundWork } from '../../../../worker/src/concurrency/background-work';

describe('createBackgroundWork', () => {
  afterEach(() => jest.useRealTimers());

  it('counts work until it settles, failures included, and drains', async () => {
    const background = createBackgroundWork();
    let finish!: () => void;
    background.track(new Promise<void>((resolve) => (finish = resolve)));
    background.track(Promise.reject(new Error('ignored here')));
    expect(background.pending).toBe(2);

    const drained = background.drain(1000);
    finish();

    await expect(drained).resolves.toBe(true);
    expect(background.pending).toBe(0);
  });

  it('gives up draining after the timeout', async () => {
    jest.useFakeTimers();
    const background = createBackgroundWork();
    background.track(new Promise(() => undefined));
    const drained = background.drain(500);
    await jest.advanceTimersByTimeAsync(500);
    await expect(drained).resolves.toBe(false);
    expect(background.pending).toBe(1);
  });
});
