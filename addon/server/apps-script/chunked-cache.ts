import { utf8Bytes } from './utf8-bytes';

/**
 * Values of any size in CacheService, whose entries hold at most 100 KB: a value that fits is
 * stored under its key; a bigger one is split into chunks under derived keys, and the key holds a
 * manifest naming them. Chunk keys carry a tag of the value, so chunks of two different writes
 * never mix, and a missing chunk (entries may vanish early) reads as a miss, never as half a value.
 * The cache is an optimization: a failing put or get is a miss, never an error for the user.
 */

/** The part of Apps Script's Cache this needs. */
export interface CacheStore {
  get(key: string): string | null;
  getAll(keys: string[]): { [key: string]: string };
  put(key: string, value: string, expirationInSeconds?: number): void;
  putAll(values: { [key: string]: string }, expirationInSeconds?: number): void;
}

/** CacheService's limit is 100 KB per value; chunks stay well under it, prefix included. */
export const CHUNK_MAX_BYTES = 90_000;
/** CacheService keeps entries at most 6 hours. */
export const CACHE_MAX_TTL_SECONDS = 6 * 60 * 60;
/** About 3.6 MB: bigger answers are not worth the cache's room (and Sheets would choke on them). */
export const MAX_CHUNKS = 40;

const INLINE = 'v';
const MANIFEST = 'c';

/** Splits a text into pieces of at most `maxBytes` UTF-8 bytes, never inside a surrogate pair. */
export function splitByBytes(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > maxBytes && i > start) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    if (pair) i++;
  }
  if (start < text.length || pieces.length === 0) pieces.push(text.slice(start));
  return pieces;
}

/** A short tag of a text (FNV-1a), enough to tell two writes apart; not a security measure. */
export function tagOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(36)}${text.length.toString(36)}`;
}

function chunkKey(key: string, tag: string, index: number): string {
  return `${key}.${tag}.${index}`;
}

/** Stores `value` under `key` for at most 6 hours; false when it was not stored. */
export function putChunked(cache: CacheStore, key: string, value: string, ttlSeconds: number): boolean {
  const ttl = Math.max(1, Math.min(Math.floor(ttlSeconds), CACHE_MAX_TTL_SECONDS));
  try {
    if (utf8Bytes(value) + INLINE.length <= CHUNK_MAX_BYTES) {
      cache.put(key, INLINE + value, ttl);
      return true;
    }
    const pieces = splitByBytes(value, CHUNK_MAX_BYTES);
    if (pieces.length > MAX_CHUNKS) return false;
    const tag = tagOf(value);
    const entries: { [key: string]: string } = {};
    pieces.forEach((piece, index) => {
      entries[chunkKey(key, tag, index)] = piece;
    });
    // Chunks first: a reader that finds the manifest finds its chunks (unless evicted).
    cache.putAll(entries, ttl);
    cache.put(key, `${MANIFEST}${tag}:${pieces.length}`, ttl);
    return true;
  } catch {
    return false;
  }
}

/** The value stored under `key`, or null when absent, expired or incomplete. */
export function getChunked(cache: CacheStore, key: string): string | null {
  try {
    const head = cache.get(key);
    if (head === null || head === '') return null;
    if (head.charAt(0) === INLINE) return head.slice(1);
    const manifest = /^c([a-z0-9]+):(\d+)$/.exec(head);
    if (manifest === null) return null;
    const tag = manifest[1];
    const count = Number(manifest[2]);
    if (count < 1 || count > MAX_CHUNKS) return null;
    const keys: string[] = [];
    for (let index = 0; index < count; index++) keys.push(chunkKey(key, tag, index));
    const found = cache.getAll(keys);
    const pieces: string[] = [];
    for (const name of keys) {
      const piece = found[name];
      if (typeof piece !== 'string') return null;
      pieces.push(piece);
    }
    const value = pieces.join('');
    return tagOf(value) === tag ? value : null;
  } catch {
    return null;
  }
}
