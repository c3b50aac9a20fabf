import type { CacheEntry } from './cache-repository';
import { freezeJson, fromStoredJson } from './json-value';
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
}

export function createCacheMemory(options?: CacheMemoryOptions): CacheMemory {
  const kept = new Set(options?.namespaces ?? []);
  const memory = new WeightedLru<string, CacheEntry>(options?.maxChars ?? 0);
  // NUL appears in no namespace the worker uses, so the pair cannot be confused.
  const memoryKey = (namespace: string, key: string) => `${namespace}\u0000${key}`;

  return {
    remembered(namespace, key, now) {
      if (!kept.has(namespace)) return null;
      const id = memoryKey(namespace, key);
      const entry = memory.get(id);
      if (entry === undefined) return null;
      if (entry.expiresAt > now) return entry;
      memory.delete(id);
      return null;
    },

    entryOf(namespace, key, row) {
      const entry = { value: fromStoredJson(row.value), storedAt: row.stored_at, expiresAt: row.expires_at };
      if (!kept.has(namespace)) return entry;
      freezeJson(entry.value);
      Object.freeze(entry);
      memory.set(memoryKey(namespace, key), entry, row.value.length);
      return entry;
    },

    forget(namespace, key) {
      if (kept.has(namespace)) memory.delete(memoryKey(namespace, key));
    },

    forgetExpired(now) {
      memory.deleteWhere((entry) => entry.expiresAt <= now);
    },
  };
}
