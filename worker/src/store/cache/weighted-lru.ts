/**
 * A least-recently-used map bounded by the total weight of its values (for the cache: the length
 * of their stored JSON), not by their count: a few large reports must not crowd out memory that
 * many small ones would fit in. A value heavier than the whole bound is not kept at all.
 */
export class WeightedLru<K, V> {
  /** Map iteration order is insertion order: the first key is the least recently used. */
  private readonly items = new Map<K, { value: V; weight: number }>();
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
    this.items.delete(key);
    this.items.set(key, item);
    return item.value;
  }

  set(key: K, value: V, weight: number): void {
    this.delete(key);
    if (weight > this.maxWeight) return;
    this.items.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, item] of this.items) {
      if (this.total <= this.maxWeight) break;
      this.items.delete(oldest);
      this.total -= item.weight;
    }
  }

  delete(key: K): boolean {
    const item = this.items.get(key);
    if (item === undefined) return false;
    this.items.delete(key);
    this.total -= item.weight;
    return true;
  }

  /** Removes every entry `drop` says yes to. */
  deleteWhere(drop: (value: V, key: K) => boolean): void {
    for (const [key, item] of this.items) if (drop(item.value, key)) this.delete(key);
  }
}
