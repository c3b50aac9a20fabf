import { createSecretKey } from 'node:crypto';
import type { Clock } from '../../../common/clock';
import { createCacheMemory, type CacheMemoryOptions, type CacheRow } from '../cache/cache-memory';
import type { CacheRepository } from '../cache-repository';
import { checkTtl, storedCacheKey } from '../rows/cache-rows';
import { toStoredJson } from '../values/json-value';
import type { PostgresDatabase, Sql } from './postgres-database';

/**
 * The cache on Postgres, shared by every instance. Keys are stored as HMACs like SQLite's (a
 * Postgres database never held plain keys, so nothing is re-keyed when it opens). Reports kept
 * parsed in memory are this instance's own: an entry another instance rewrites reaches this one
 * once it falls out of memory or expires, which for reports (rewritten only when the API's copy
 * is refreshed) means a still-valid older copy at worst.
 */
export function createPostgresCacheRepository(
  db: PostgresDatabase,
  clock: Clock,
  entryKey: Buffer,
  memoryOptions?: CacheMemoryOptions,
): CacheRepository {
  // The key imported once, not for each of an enrichment's 65,000 look-ups (issue 28).
  const secret = createSecretKey(entryKey);
  const storedKey = (namespace: string, key: string) => storedCacheKey(secret, namespace, key);
  const memory = createCacheMemory(memoryOptions);

  const readStored = async (namespace: string, keys: readonly string[], now: number) => {
    const { rows } = await db.query<CacheRow>(
      `SELECT key, value, stored_at, expires_at FROM cache_entries
       WHERE namespace = $1 AND key = ANY($2::text[]) AND expires_at > $3`,
      [namespace, keys, now],
    );
    return rows;
  };

  const writeMany = async (
    namespace: string,
    entries: readonly { key: string; value: unknown }[],
    ttlMs: number,
    now: number,
  ) => {
    checkTtl(ttlMs);
    // The last value of a key given twice wins, as one write after the other would leave it.
    const values = new Map<string, string>();
    for (const { key, value } of entries) {
      memory.forget(namespace, key);
      // The message names the namespace only: the key may be anything a user typed.
      values.set(storedKey(namespace, key), toStoredJson(value, `a cached value of ${namespace}`));
    }
    // In key order: two instances writing overlapping entries take their row locks in one order
    // (and should they still deadlock, the transaction is tried again).
    const keys = [...values.keys()].sort();
    if (keys.length === 0) return;
    const upsert = (sql: Sql) =>
      sql.query(
        `INSERT INTO cache_entries (namespace, key, value, stored_at, expires_at)
       SELECT $1, entry.key, entry.value, $4, $5 FROM unnest($2::text[], $3::text[]) AS entry (key, value)
       ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at,
         expires_at = excluded.expires_at`,
        [namespace, keys, keys.map((key) => values.get(key)), now, now + ttlMs],
      );
    await (keys.length === 1 ? upsert(db) : db.transaction(upsert));
  };

  return {
    async get(namespace, key, now = clock.now()) {
      const inMemory = memory.remembered(namespace, key, now);
      if (inMemory !== null) return inMemory;
      const [row] = await readStored(namespace, [storedKey(namespace, key)], now);
      return row === undefined ? null : memory.entryOf(namespace, key, row);
    },

    remembered: memory.remembered,

    getMany(namespace, keys, now = clock.now()) {
      return memory.readMany(namespace, keys, now, storedKey, (stored) => readStored(namespace, stored, now));
    },

    async set(namespace, key, value, ttlMs, now = clock.now()) {
      await writeMany(namespace, [{ key, value }], ttlMs, now);
    },

    async setMany(namespace, entries, ttlMs, now = clock.now()) {
      await writeMany(namespace, entries, ttlMs, now);
    },

    async delete(namespace, key) {
      memory.forget(namespace, key);
      const { rowCount } = await db.query('DELETE FROM cache_entries WHERE namespace = $1 AND key = $2', [
        namespace,
        storedKey(namespace, key),
      ]);
      return (rowCount ?? 0) > 0;
    },

    async purgeExpired(now = clock.now()) {
      memory.forgetExpired(now);
      const { rowCount } = await db.query('DELETE FROM cache_entries WHERE expires_at <= $1', [now]);
      return rowCount ?? 0;
    },
  };
}
