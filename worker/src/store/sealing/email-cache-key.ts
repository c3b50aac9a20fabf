import { createHmac, createSecretKey } from 'node:crypto';

/**
 * The cache key of a submitted e-mail address: HMAC-SHA256 under the data directory's secret, hex.
 * A plain hash would not do: anyone with the database could hash a list of known addresses and
 * see which ones the team looked up. The address must already be normalized by the caller (the
 * same address must always give the same key).
 */
export type EmailCacheKey = (normalizedEmail: string) => string;

export function createEmailCacheKey(key: Buffer): EmailCacheKey {
  // Imported once: an enrichment keys 65,000 addresses before its first lookup (issue 28).
  const secret = createSecretKey(key);
  return (normalizedEmail) => createHmac('sha256', secret).update(normalizedEmail, 'utf8').digest('hex');
}
