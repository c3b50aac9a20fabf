import { createHmac, type KeyObject } from 'node:crypto';

/**
 * What the table's `key` column holds: `hmac1:` and the base64url HMAC-SHA256 of namespace and key
 * under the data directory's cache key (data-secret.ts). Keyed, so that a copy of the database
 * cannot be tested against a list of guessed keys (addresses, handles) without the secret file.
 */
export const STORED_KEY_PREFIX = 'hmac1:';

export function storedCacheKey(entryKey: Buffer | KeyObject, namespace: string, key: string): string {
  const mac = createHmac('sha256', entryKey).update(`${namespace}\u0000${key}`, 'utf8').digest('base64url');
  return STORED_KEY_PREFIX + mac;
}

export function checkTtl(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`a cache TTL must be a positive number of milliseconds, got ${String(ttlMs)}`);
  }
}
