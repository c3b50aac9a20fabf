import { createWorld, GROWTH_INTERVALS } from '../../../../worker/sandbox/data';

describe('stat history', () => {
  const world = createWorld({ seed: 'history', creatorsPerPlatform: 2000, now: Date.UTC(2026, 2, 15) });

  it('ends with the current month at today numbers, months in YYYY-MM order', () => {
    const pc = world.instagram;
    const history = pc.statHistory(800);
    const creator = pc.creator(800);
    const last = history[history.length - 1];
    expect(last.month).toBe('2026-03');
    expect(last.followers).toBe(creator.followers);
    expect(last.avgLikes).toBe(creator.avgLikes);
    for (const entry of history) expect(entry.month).toMatch(/^\d{4}-\d{2}$/);
    const months = history.map((entry) => entry.month);
    expect([...months].sort()).toEqual(months);
    if (history.length > 3) expect(history[history.length - 4].month).toBe('2025-12');
  });

  it('agrees with the growth rates of the core', () => {
    let checked = 0;
    for (const platform of ['instagram', 'tiktok', 'youtube'] as const) {
      const pc = world.platform(platform);
      for (let index = 0; index < pc.size; index += 37) {
        const growth = pc.creator(index).followersGrowthRate;
        const history = pc.statHistory(index);
        GROWTH_INTERVALS.forEach((interval, k) => {
          const rate = growth[interval];
          const back = history[history.length - 2 - k];
          if (rate === undefined || back === undefined) return;
          // Rates keep four decimals and history followers are whole: allow for both roundings.
          const followers = pc.creator(index).followers;
          expect(Math.abs(back.followers - followers / (1 + rate))).toBeLessThanOrEqual(1 + followers * 1e-4);
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('is the same on every call', () => {
    expect(world.tiktok.statHistory(55)).toEqual(world.tiktok.statHistory(55));
  });
});
