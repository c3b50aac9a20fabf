import { TokenBuckets } from '../../../../worker/src/request-io/token-buckets';
import { ManualClock } from '../store/store-fixtures';

describe('TokenBuckets', () => {
  it('lets a full bucket through, then refills at the rate and says how long to wait', () => {
    const clock = new ManualClock();
    const buckets = new TokenBuckets({ perSecond: 10, capacity: 3, maxBuckets: 10, clock });
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([0, 0, 0]);
    expect(buckets.take('a')).toBe(100);
    clock.advance(50);
    expect(buckets.take('a')).toBe(50);
    clock.advance(50);
    expect(buckets.take('a')).toBe(0);
    clock.advance(10_000);
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([
      0, 0, 0, 100,
    ]);
  });

  it('keeps one bucket per caller', () => {
    const buckets = new TokenBuckets({ perSecond: 1, capacity: 1, maxBuckets: 10, clock: new ManualClock() });
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('b')).toBe(0);
    expect(buckets.take('a')).toBe(1000);
  });

  it('forgets the least recently used bucket beyond its bound, which only ever lets a caller through', () => {
    const buckets = new TokenBuckets({ perSecond: 1, capacity: 1, maxBuckets: 2, clock: new ManualClock() });
    buckets.take('a');
    buckets.take('b');
    buckets.take('a');
    buckets.take('c');
    expect(buckets.size).toBe(2);
    expect(buckets.take('b')).toBe(0);
    expect(buckets.take('c')).toBeGreaterThan(0);
  });

  it('refuses settings that could never let anyone through', () => {
    const clock = new ManualClock();
    expect(() => new TokenBuckets({ perSecond: 0, capacity: 1, maxBuckets: 1, clock })).toThrow(RangeError);
    expect(() => new TokenBuckets({ perSecond: 1, capacity: 0, maxBuckets: 1, clock })).toThrow(RangeError);
  });
});
