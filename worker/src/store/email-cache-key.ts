import { createHmac } from 'node:crypto';

/**
 * The cache key of a submitted e-mail address: HMAC-SHA256 under the data directory's secret, hex.
 * A plain hash would not do: anyone with the database could hash a list of known addresses and
 * see which ones the team looked up. The address must already be normalized by the caller (the
 * same address must always give the same key).
 */
export type EmailCacheKey = (normalizedEmail: string) => string;

export function createEmailCacheKey(key: Buffer): EmailCacheKey {
  return (normalizedEmail) => createHmac('sha256', key).update(normalizedEmail, 'utf8').digest('hex');
}
