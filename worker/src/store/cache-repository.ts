export interface CacheEntry {
  value: unknown;
  storedAt: number;
  expiresAt: number;
}

/**
 * A keyed cache with namespaces and a time to live per entry; values are JSON. `now` defaults to
 * the store's clock and is a parameter so a caller can read several entries at one instant.
 * Promise-based so a shared engine can stand in for SQLite without changing callers.
 *
 * Entries of the namespaces kept in memory (CacheMemoryOptions) come back deeply frozen and shared
 * between callers: read them, copy before changing anything.
 *
 * Keys are the callers' own text (a request body, a handle) and may quote anything a user typed,
 * e-mail addresses included: the database holds only an HMAC of each (storedCacheKey), never the key.
 */
export interface CacheRepository {
  /** null when absent or expired (an expired entry is never served, even before purging). */
  get(namespace: string, key: string, now?: number): Promise<CacheEntry | null>;
  /**
   * The entry of a namespace kept in memory, when it is there and fresh at `now`; null otherwise
   * (the table is not read). The same object every call until it is written, forgotten or expires.
   */
  remembered(namespace: string, key: string, now: number): CacheEntry | null;
  /** Entries found and fresh, by key; keys without one are absent from the map. */
  getMany(namespace: string, keys: readonly string[], now?: number): Promise<Map<string, CacheEntry>>;
  set(namespace: string, key: string, value: unknown, ttlMs: number, now?: number): Promise<void>;
  setMany(
    namespace: string,
    entries: readonly { key: string; value: unknown }[],
    ttlMs: number,
    now?: number,
  ): Promise<void>;
  /** true when an entry was there. */
  delete(namespace: string, key: string): Promise<boolean>;
  /** Deletes every expired entry; returns how many. */
  purgeExpired(now?: number): Promise<number>;
}
