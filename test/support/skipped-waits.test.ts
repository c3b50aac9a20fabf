import { skippedWaits } from './skipped-waits';

describe('skippedWaits', () => {
  it('moves its clock past a wait without waiting it', async () => {
    const { clock, sleep } = skippedWaits();
    const realStart = Date.now();
    const start = clock.now();
    await sleep(60_000);
    expect(clock.now()).toBeGreaterThanOrEqual(start + 60_000);
    expect(Date.now() - realStart).toBeLessThan(10_000);
  });

  it('ends concurrent waits at their own deadlines, not at their sum', async () => {
    const { clock, sleep } = skippedWaits();
    const start = clock.now();
    const ended: number[] = [];
    await Promise.all([
      sleep(1_000).then(() => ended.push(clock.now() - start)),
      sleep(2_000).then(() => ended.push(clock.now() - start)),
    ]);
    expect(ended[0]).toBeGreaterThanOrEqual(1_000);
    expect(ended[1]).toBeGreaterThanOrEqual(2_000);
    // Real time still runs under it, a little; the sum would be 3,000.
    expect(ended[1]).toBeLessThan(2_500);
  });

  it('skips nothing for an aborted wait, and never runs behind the system clock', async () => {
    const { clock, sleep } = skippedWaits();
    const aborted = new AbortController();
    aborted.abort();
    const before = clock.now();
    await sleep(60_000, aborted.signal);
    expect(clock.now() - before).toBeLessThan(1_000);
    const real = Date.now();
    expect(clock.now()).toBeGreaterThanOrEqual(real);
  });
});
