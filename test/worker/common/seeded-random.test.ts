import { seedNumber, seededRandom } from '../../../worker/common/seeded-random';

describe('seededRandom', () => {
  it('replays the same numbers for the same seed, in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(990);
    expect(seededRandom(43)()).not.toBe(values[0]);
  });
});

describe('seedNumber', () => {
  it('keeps number seeds and hashes text seeds to stable 32-bit numbers', () => {
    expect(seedNumber(7)).toBe(7);
    expect(seedNumber('demo')).toBe(seedNumber('demo'));
    expect(seedNumber('demo')).not.toBe(seedNumber('demp'));
    expect(Number.isInteger(seedNumber('creator-sheets'))).toBe(true);
  });
});
