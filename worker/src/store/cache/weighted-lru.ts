/**
 * A least-recently-used map bounded by the total weight of its values (for the cache: the length
 * of their stored JSON), not by their count: a few large reports must not crowd out memory that
 * many small ones would fit in. A value heavier than the whole bound is not kept at all.
 */
export class WeightedLru<K, V> {
  /** Map iteration order is insertion order: the first key is the least recently used. */
  private readonly items = new Map<K, Item<K, V>>();
  /** The most recently used item: using it again moves nothing. */
  private newest: Item<K, V> | undefined;
  private total = 0;

  constructor(private readonly maxWeight: number) {
    if (!Number.isFinite(maxWeight) || maxWeight < 0) {
      throw new RangeError(`an LRU bound must be a number of 0 or more, got ${String(maxWeight)}`);
    }
  }

  get size(): number {
    return this.items.size;
  }

  get weight(): number {
    return this.total;
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const item = this.items.get(key);
    if (item === undefined) return undefined;
    if (item !== this.newest) {
      // Moved under the key it was stored with, not the caller's (often a string just built for
      // this look-up): the map, long-lived, would otherwise keep every caller's copy alive past the
      // young generation, and a busy route would fill the old one with garbage (issue 28).
      this.items.delete(item.key);
      this.items.set(item.key, item);
      this.newest = item;
    }
    return item.value;
  }

  set(key: K, value: V, weight: number): void {
    this.delete(key);
    if (weight > this.maxWeight) return;
    const item = { key, value, weight };
    this.items.set(key, item);
    this.newest = item;
    this.total += weight;
    for (const [oldest, item] of this.items) {
      if (this.total <= this.maxWeight) break;
      this.items.delete(oldest);
      this.total -= item.weight;
      if (item === this.newest) this.newest = undefined;
    }
  }

  delete(key: K): boolean {
    const item = this.items.get(key);
    if (item === undefined) return false;
    this.items.delete(key);
    this.total -= item.weight;
    if (item === this.newest) this.newest = undefined;
    return true;
  }

  /** Removes every entry `drop` says yes to. */
  deleteWhere(drop: (value: V, key: K) => boolean): void {
    for (const [key, item] of this.items) if (drop(item.value, key)) this.delete(key);
  }
}

interface Item<K, V> {
  key: K;
  value: V;
  weight: number;
}
