import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth, so two bodies that mean the same thing (keys typed
 * in another order) give the same cache key. Arrays keep their order: in a filter it can matter.
 * `undefined` members are dropped, as JSON.stringify drops them.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

/** A short, fixed-length key for a body that may be large (an AI image search carries megabytes). */
export function canonicalDigest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value), 'utf8').digest('base64url');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) sorted[key] = sortKeys(member);
  }
  return sorted;
}
