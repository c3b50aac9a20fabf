import {
  apportion,
  apportionInto,
  cumulative,
  hashString,
  Rng,
} from '../../../../worker/sandbox/data/random';

describe('Rng', () => {
  it('repeats a stream for the same key and differs for another', () => {
    const first = new Rng(42);
    const again = new Rng(42);
    const sequence = Array.from({ length: 20 }, () => first.next());
    expect(Array.from({ length: 20 }, () => again.next())).toEqual(sequence);
    expect(new Rng(43).next()).not.toBe(sequence[0]);
    expect(new Rng(1).reseed(42).next()).toBe(sequence[0]);
  });

  it('draws uniforms in [0, 1) and roughly standard normals', () => {
    const rng = new Rng(9);
    let lowest = 1;
    let highest = 0;
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < 20_000; i++) {
      const u = rng.next();
      lowest = Math.min(lowest, u);
      highest = Math.max(highest, u);
      const z = rng.normal();
      sum += z;
      squares += z * z;
    }
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(highest).toBeLessThan(1);
    expect(Math.abs(sum / 20_000)).toBeLessThan(0.05);
    expect(squares / 20_000).toBeGreaterThan(0.9);
    expect(squares / 20_000).toBeLessThan(1.1);
  });

  it('picks by weight', () => {
    const rng = new Rng(3);
    const weights = cumulative([1, 0, 3]);
    const counts = [0, 0, 0];
    for (let i = 0; i < 10_000; i++) counts[rng.weighted(weights)]++;
    expect(counts[1]).toBe(0);
    expect(counts[2] / counts[0]).toBeGreaterThan(2.5);
    expect(counts[2] / counts[0]).toBeLessThan(3.5);
  });

  it('hashes strings stably', () => {
    expect(hashString('seed')).toBe(hashString('seed'));
    expect(hashString('seed')).not.toBe(hashString('seeds'));
  });
});

describe('apportion', () => {
  it('rounds shares into units that sum exactly to the total', () => {
    expect(apportion([1, 1, 1], 10_000).reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(apportion([0.5, 0.25, 0.25], 100)).toEqual([50, 25, 25]);
    const out = new Int32Array(3);
    apportionInto(Float64Array.from([1, 1, 1]), 3, 10_000, out);
    expect(Array.from(out)).toEqual([3334, 3333, 3333]);
  });
});
