import type { CacheEntry } from '../cache-repository';
import { freezeJson, fromStoredJson } from '../values/json-value';
import { WeightedLru } from './weighted-lru';

/**
 * Namespaces read far more often than written (a report is fetched once a month and read on every
 * recalculation of every sheet that shows it) also stay parsed in memory, least recently used
 * first out: a cached answer then costs neither a query nor a JSON parse of the whole report.
 */
export interface CacheMemoryOptions {
  namespaces: readonly string[];
  /** Bound on the stored JSON of the entries kept, in characters (about bytes). */
  maxChars: number;
}

/** A cache row as either engine stores it. */
export interface CacheRow {
  key: string;
  value: string;
  stored_at: number;
  expires_at: number;
}

/**
 * The cache's memory in front of its table, the same on both engines. Entries of kept namespaces
 * come back deeply frozen and shared between callers.
 */
export interface CacheMemory {
  /** The entry kept in memory, when fresh at `now`; a stale one is dropped. */
  remembered(namespace: string, key: string, now: number): CacheEntry | null;
  /** The entry a stored row holds, kept (frozen) when its namespace is. */
  entryOf(namespace: string, key: string, row: CacheRow): CacheEntry;
  forget(namespace: string, key: string): void;
  forgetExpired(now: number): void;
  /**
   * The entries of `keys` fresh at `now`, by key: kept ones from memory, the others from `read`,
   * given their stored keys (`storedKey`) LOOKUP_CHUNK at a time, which answers the fresh rows.
   */
  readMany(
    namespace: string,
    keys: readonly string[],
    now: number,
    storedKey: (namespace: string, key: string) => string,
    read: (storedKeys: string[]) => Promise<CacheRow[]> | CacheRow[],
  ): Promise<Map<string, CacheEntry>>;
}

/** Keys looked up per query: bounds the rows one statement hands back at once. */
const LOOKUP_CHUNK = 500;

export function createCacheMemory(options?: CacheMemoryOptions): CacheMemory {
  const kept = new Set(options?.namespaces ?? []);
  const memory = new WeightedLru<string, CacheEntry>(options?.maxChars ?? 0);
  // NUL appears in no namespace the worker uses, so the pair cannot be confused.
  const memoryKey = (namespace: string, key: string) => `${namespace}\u0000${key}`;

  const remembered = (namespace: string, key: string, now: number): CacheEntry | null => {
    if (!kept.has(namespace)) return null;
    const id = memoryKey(namespace, key);
    const entry = memory.get(id);
    if (entry === undefined) return null;
    if (entry.expiresAt > now) return entry;
    memory.delete(id);
    return null;
  };

  const entryOf = (namespace: string, key: string, row: CacheRow): CacheEntry => {
    const entry = { value: fromStoredJson(row.value), storedAt: row.stored_at, expiresAt: row.expires_at };
    if (!kept.has(namespace)) return entry;
    freezeJson(entry.value);
    Object.freeze(entry);
    memory.set(memoryKey(namespace, key), entry, row.value.length);
    return entry;
  };

  return {
    remembered,
    entryOf,

    async readMany(namespace, keys, now, storedKey, read) {
      const found = new Map<string, CacheEntry>();
      /** The caller's key of each stored key still to read. */
      const toRead = new Map<string, string>();
      for (const key of new Set(keys)) {
        const inMemory = remembered(namespace, key, now);
        if (inMemory === null) toRead.set(storedKey(namespace, key), key);
        else found.set(key, inMemory);
      }
      const stored = [...toRead.keys()];
      for (let start = 0; start < stored.length; start += LOOKUP_CHUNK) {
        for (const row of await read(stored.slice(start, start + LOOKUP_CHUNK))) {
          const key = toRead.get(row.key);
          if (key !== undefined) found.set(key, entryOf(namespace, key, row));
        }
      }
      return found;
    },

    forget(namespace, key) {
      if (kept.has(namespace)) memory.delete(memoryKey(namespace, key));
    },

    forgetExpired(now) {
      memory.deleteWhere((entry) => entry.expiresAt <= now);
    },
  };
}
