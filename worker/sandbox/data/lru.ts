/**
 * A small least-recently-used cache for lazily derived data (audiences, post pages). Derivation is
 * deterministic, so an evicted entry is simply derived again, identical.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K, derive: () => V): V {
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      // Re-insert so the Map's insertion order tracks recency.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const value = derive();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
