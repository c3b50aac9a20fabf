import { createHash } from 'node:crypto';
import { badRequest } from '../../request-io/worker-error';

/**
 * Levels of arrays and objects canonicalJson follows. Request bodies are held to MAX_BODY_DEPTH
 * (request-io/body-depth.ts) when read, and the callers wrap them in a level or two; this bound keeps a
 * value that came another way (a stored job input) from walking the stack to its end.
 */
export const MAX_CANONICAL_DEPTH = 256;

/**
 * JSON with object keys sorted at every depth, so two bodies that mean the same thing (keys typed
 * in another order) give the same cache key. Arrays keep their order: in a filter it can matter.
 * `undefined` members are dropped, as JSON.stringify drops them. A value nested deeper than
 * MAX_CANONICAL_DEPTH is refused with a 400.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value, 0)) ?? 'null';
}

/** A short, fixed-length key for a body that may be large (an AI image search carries megabytes). */
export function canonicalDigest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value), 'utf8').digest('base64url');
}

function sortKeys(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_CANONICAL_DEPTH) {
    throw badRequest(
      `The input nests arrays or objects more than ${MAX_CANONICAL_DEPTH} levels deep; no request of this worker needs that many`,
    );
  }
  if (Array.isArray(value)) return value.map((member: unknown) => sortKeys(member, depth + 1));
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) sorted[key] = sortKeys(member, depth + 1);
  }
  return sorted;
}
