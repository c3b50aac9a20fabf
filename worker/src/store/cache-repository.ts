import type Database from 'better-sqlite3';
import type { Clock } from '../../sandbox/clock';
import { fromStoredJson, toStoredJson } from './json-value';

export interface CacheEntry {
  value: unknown;
  storedAt: number;
  expiresAt: number;
}

/**
 * A keyed cache with namespaces and a time to live per entry; values are JSON. `now` defaults to
 * the store's clock and is a parameter so a caller can read several entries at one instant.
 * Promise-based so a shared engine can stand in for SQLite without changing callers.
 */
export interface CacheRepository {
  /** null when absent or expired (an expired entry is never served, even before purging). */
  get(namespace: string, key: string, now?: number): Promise<CacheEntry | null>;
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

interface CacheRow {
  key: string;
  value: string;
  stored_at: number;
  expires_at: number;
}

/** SQLite limits bound parameters per statement (32,766); chunks stay far below. */
const LOOKUP_CHUNK = 500;

export function createSqliteCacheRepository(db: Database.Database, clock: Clock): CacheRepository {
  const select = db.prepare<[string, string, number], CacheRow>(
    'SELECT key, value, stored_at, expires_at FROM cache_entries WHERE namespace = ? AND key = ? AND expires_at > ?',
  );
  const upsert = db.prepare<[string, string, string, number, number]>(
    `INSERT INTO cache_entries (namespace, key, value, stored_at, expires_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at,
       expires_at = excluded.expires_at`,
  );
  const remove = db.prepare<[string, string]>('DELETE FROM cache_entries WHERE namespace = ? AND key = ?');
  const purge = db.prepare<[number]>('DELETE FROM cache_entries WHERE expires_at <= ?');

  const toEntry = (row: CacheRow): CacheEntry => ({
    value: fromStoredJson(row.value),
    storedAt: row.stored_at,
    expiresAt: row.expires_at,
  });

  const writeMany = db.transaction(
    (namespace: string, entries: readonly { key: string; value: unknown }[], ttlMs: number, now: number) => {
      for (const { key, value } of entries) {
        upsert.run(
          namespace,
          key,
          toStoredJson(value, `the cached value of ${namespace}/${key}`),
          now,
          now + ttlMs,
        );
      }
    },
  );

  return {
    async get(namespace, key, now = clock.now()) {
      const row = select.get(namespace, key, now);
      return row === undefined ? null : toEntry(row);
    },

    async getMany(namespace, keys, now = clock.now()) {
      const found = new Map<string, CacheEntry>();
      const unique = [...new Set(keys)];
      for (let start = 0; start < unique.length; start += LOOKUP_CHUNK) {
        const chunk = unique.slice(start, start + LOOKUP_CHUNK);
        const rows = db
          .prepare<unknown[], CacheRow>(
            `SELECT key, value, stored_at, expires_at FROM cache_entries
             WHERE namespace = ? AND expires_at > ? AND key IN (${chunk.map(() => '?').join(', ')})`,
          )
          .all(namespace, now, ...chunk);
        for (const row of rows) found.set(row.key, toEntry(row));
      }
      return found;
    },

    async set(namespace, key, value, ttlMs, now = clock.now()) {
      checkTtl(ttlMs);
      writeMany(namespace, [{ key, value }], ttlMs, now);
    },

    async setMany(namespace, entries, ttlMs, now = clock.now()) {
      checkTtl(ttlMs);
      writeMany(namespace, entries, ttlMs, now);
    },

    async delete(namespace, key) {
      return remove.run(namespace, key).changes > 0;
    },

    async purgeExpired(now = clock.now()) {
      return purge.run(now).changes;
    },
  };
}

function checkTtl(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`a cache TTL must be a positive number of milliseconds, got ${String(ttlMs)}`);
  }
}
