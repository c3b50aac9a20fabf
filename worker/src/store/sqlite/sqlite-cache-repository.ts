import { createSecretKey } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import { createCacheMemory, type CacheMemoryOptions, type CacheRow } from '../cache/cache-memory';
import { toStoredJson } from '../values/json-value';
import type { CacheRepository } from '../cache-repository';
import { storedCacheKey, checkTtl, STORED_KEY_PREFIX } from '../rows/cache-rows';

/** The first text after every `hmac1:...` key (`;` follows `:`): the end of their index range. */
const AFTER_STORED_KEYS = 'hmac1;';

export function createSqliteCacheRepository(
  db: Database.Database,
  clock: Clock,
  entryKey: Buffer,
  memoryOptions?: CacheMemoryOptions,
): CacheRepository {
  const select = db.prepare<[string, string, number], CacheRow>(
    'SELECT key, value, stored_at, expires_at FROM cache_entries WHERE namespace = ? AND key = ? AND expires_at > ?',
  );
  // One statement for any number of keys (a JSON array), instead of preparing one per list length.
  const selectMany = db.prepare<[string, number, string], CacheRow>(
    `SELECT key, value, stored_at, expires_at FROM cache_entries
     WHERE namespace = ? AND expires_at > ? AND key IN (SELECT value FROM json_each(?))`,
  );
  const upsert = db.prepare<[string, string, string, number, number]>(
    `INSERT INTO cache_entries (namespace, key, value, stored_at, expires_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at,
       expires_at = excluded.expires_at`,
  );
  const remove = db.prepare<[string, string]>('DELETE FROM cache_entries WHERE namespace = ? AND key = ?');
  const purge = db.prepare<[number]>('DELETE FROM cache_entries WHERE expires_at <= ?');
  // The key imported once, not for each of an enrichment's 65,000 look-ups (issue 28).
  const secret = createSecretKey(entryKey);
  const storedKey = (namespace: string, key: string) => storedCacheKey(secret, namespace, key);
  rekeyPlainEntries(db, storedKey);

  const memory = createCacheMemory(memoryOptions);

  const writeMany = db.transaction(
    (namespace: string, entries: readonly { key: string; value: unknown }[], ttlMs: number, now: number) => {
      for (const { key, value } of entries) {
        // Forgotten, not replaced: the caller still holds the value and may change it; the next
        // read parses the stored text.
        memory.forget(namespace, key);
        // The message names the namespace only: the key may be anything a user typed.
        upsert.run(
          namespace,
          storedKey(namespace, key),
          toStoredJson(value, `a cached value of ${namespace}`),
          now,
          now + ttlMs,
        );
      }
    },
  );

  return {
    async get(namespace, key, now = clock.now()) {
      const inMemory = memory.remembered(namespace, key, now);
      if (inMemory !== null) return inMemory;
      const row = select.get(namespace, storedKey(namespace, key), now);
      return row === undefined ? null : memory.entryOf(namespace, key, row);
    },

    remembered: memory.remembered,

    getMany(namespace, keys, now = clock.now()) {
      return memory.readMany(namespace, keys, now, storedKey, (stored) => {
        if (stored.length !== 1) return selectMany.all(namespace, now, JSON.stringify(stored));
        const row = select.get(namespace, stored[0], now);
        return row === undefined ? [] : [row];
      });
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
      memory.forget(namespace, key);
      return remove.run(namespace, storedKey(namespace, key)).changes > 0;
    },

    async purgeExpired(now = clock.now()) {
      memory.forgetExpired(now);
      return purge.run(now).changes;
    },
  };
}

/**
 * Entries written by a version that stored keys in plain text get their HMAC key in place, once,
 * when the store opens: what they hold stays cached (a report already paid for is not paid again)
 * and no plain key is left behind (secure_delete overwrites the old text). Each namespace is
 * looked at through the primary key's index, outside the range of stored keys, so an open with
 * nothing to do costs a few index probes, not a scan of the table.
 */
function rekeyPlainEntries(
  db: Database.Database,
  storedKey: (namespace: string, key: string) => string,
): void {
  const firstNamespace = db.prepare<[], { namespace: string }>(
    'SELECT namespace FROM cache_entries ORDER BY namespace LIMIT 1',
  );
  const nextNamespace = db.prepare<[string], { namespace: string }>(
    'SELECT namespace FROM cache_entries WHERE namespace > ? ORDER BY namespace LIMIT 1',
  );
  const plainKeys = db.prepare<[string, string, string, string], { key: string }>(
    `SELECT key FROM cache_entries WHERE namespace = ? AND key < ?
     UNION ALL SELECT key FROM cache_entries WHERE namespace = ? AND key >= ?`,
  );
  // OR REPLACE: should an entry exist under both keys, the one being moved is kept.
  const rekey = db.prepare<[string, string, string]>(
    'UPDATE OR REPLACE cache_entries SET key = ? WHERE namespace = ? AND key = ?',
  );
  db.transaction(() => {
    for (let row = firstNamespace.get(); row !== undefined; row = nextNamespace.get(row.namespace)) {
      const { namespace } = row;
      const keys = plainKeys.all(namespace, STORED_KEY_PREFIX, namespace, AFTER_STORED_KEYS);
      for (const { key } of keys) rekey.run(storedKey(namespace, key), namespace, key);
    }
  })();
}
