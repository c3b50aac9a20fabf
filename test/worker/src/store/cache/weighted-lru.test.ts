import { WeightedLru } from '../../../../../worker/src/store/cache/weighted-lru';

describe('WeightedLru', () => {
  it('drops the least recently used entries once their weights pass the bound', () => {
    const lru = new WeightedLru<string, string>(10);
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    expect(lru.get('a')).toBe('A');
    lru.set('c', 'C', 4);

    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
    expect(lru.weight).toBe(8);
  });

  it('keeps the order of use when the newest entry is read again, deleted or pushed out', () => {
    const lru = new WeightedLru<string, string>(12);
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    lru.set('c', 'C', 4);
    // c is the newest: read again, it moves nothing; then a is read and becomes the newest.
    expect([lru.get('c'), lru.get('c'), lru.get('a')]).toEqual(['C', 'C', 'A']);
    lru.set('d', 'D', 4);
    expect(lru.get('b')).toBeUndefined();
    // The newest (d) deleted: the next read of c moves it after a.
    lru.delete('d');
    expect(lru.get('c')).toBe('C');
    lru.set('e', 'E', 8);
    expect([lru.get('a'), lru.get('c'), lru.get('e')]).toEqual([undefined, 'C', 'E']);
  });

  it('keeps nothing heavier than the bound, and a replaced entry counts once', () => {
    const lru = new WeightedLru<string, number>(10);
    lru.set('a', 1, 6);
    lru.set('a', 2, 5);
    expect(lru.weight).toBe(5);
    lru.set('huge', 3, 11);
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('a')).toBe(2);
    expect(lru.size).toBe(1);
  });

  it('deletes one entry or every entry a test picks', () => {
    const lru = new WeightedLru<string, number>(100);
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      lru.set(key, value, 1);
    expect(lru.delete('a')).toBe(true);
    expect(lru.delete('a')).toBe(false);
    lru.deleteWhere((value) => value >= 3);
    expect([lru.get('b'), lru.get('c'), lru.size, lru.weight]).toEqual([2, undefined, 1, 1]);
  });

  it('refuses a bound that is not a number of 0 or more', () => {
    expect(() => new WeightedLru(-1)).toThrow('an LRU bound must be a number of 0 or more, got -1');
  });
});
