import { CACHE_MAX_TTL_SECONDS, getChunked, putChunked, type CacheStore } from '../apps-script/chunked-cache';
import { digestOf } from '../apps-script/content-digest';

/**
 * The add-on's own cache in front of the worker, for formulas: Sheets recalculates whenever it
 * likes, and an answer from CacheService is instant and needs no URL fetch. The worker's cache is
 * the one that saves money; this one saves time and UrlFetch quota, so 6 hours (the most
 * CacheService keeps) is plenty.
 *
 * The document cache is shared by every user of the spreadsheet, which is right for formulas: they
 * all run with the owner's key. The key of an entry digests the worker, the worker key and the
 * request, so a new key or another worker never reads old entries, and the script cache (the
 * fallback when no document cache exists) never serves one user's answers to another.
 */

const FORMULA_CACHE_TTL_SECONDS = CACHE_MAX_TTL_SECONDS;

function formulaCacheStore(): CacheStore | null {
  try {
    return CacheService.getDocumentCache() ?? CacheService.getScriptCache();
  } catch {
    return null;
  }
}

export function formulaCacheKey(workerUrl: string, workerKey: string, request: unknown): string {
  return `cs1.${digestOf(JSON.stringify([workerUrl, digestOf(workerKey), request]))}`;
}

interface Loaded<T> {
  value: T;
  /** False for answers that are not final (rows still being fetched): those are never kept. */
  cacheable: boolean;
}

/** The cached value for `key`, else `load()`'s, kept when it is final. */
export function readThroughCache<T>(key: string, load: () => Loaded<T>): T {
  const cache = formulaCacheStore();
  if (cache !== null) {
    const hit = getChunked(cache, key);
    if (hit !== null) {
      try {
        return JSON.parse(hit) as T;
      } catch {
        // A damaged entry is a miss.
      }
    }
  }
  const loaded = load();
  if (cache !== null && loaded.cacheable) {
    putChunked(cache, key, JSON.stringify(loaded.value), FORMULA_CACHE_TTL_SECONDS);
  }
  return loaded.value;
}
