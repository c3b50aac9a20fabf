import type { CacheEntry, CacheRepository } from '../../store/cache-repository';
import { CACHE_NAMESPACES } from '../../store/cache/cache-namespaces';
import { WeightedLru } from '../../store/cache/weighted-lru';

/**
 * What an answer of `POST /api/reports` was made from when the cache answered it all: the report
 * cache's entry of each creator it shows (as the cache's memory holds them: frozen, one object per
 * stored report), and what the cache saved the caller.
 */
export interface CachedAnswerSources {
  entries: readonly (readonly [key: string, entry: CacheEntry])[];
  cacheHits: number;
  creditsSaved: number;
}

interface Remembered {
  sources: CachedAnswerSources;
  /**
   * The answer's JSON as UTF-8, as sent. Kept as bytes, not text: Node joins a text body to the
   * head, a new string of the answer's size on every request (about 20 KB for one report's row and
   * its columns); a Buffer goes to the socket beside the head, and nothing of its size is made in
   * the JavaScript heap. (The route's larger cost after a report run was V8's pretenuring: see
   * worker/gc-tuning.ts.)
   */
  body: Buffer;
}

/**
 * A sheet recalculates its formulas again and again with the same arguments, and between two
 * recalculations nothing they show changes: the same request text, the same cached reports. The
 * answer to such a request is kept, ready to send, under the request's text, and given again while
 * every report it was made from is still the very entry the cache's memory holds (fresh, not
 * refreshed, not forgotten): the same input is not validated, parsed into handles, looked up, made
 * into rows and serialized again (issue 28). Anything else is answered the long way: a creator
 * not in the cache's memory, a refresh, an answer with something pending or to approve.
 *
 * It holds nothing the cache's memory does not already hold (the reports, by reference) but the
 * request's text and the answer's JSON, bounded by their size together. It is not who asks: the
 * caller's identity, rate limit and budget are checked on every request before it is asked, and
 * a kept answer spends nothing (what it saved the caller is recorded again each time).
 */
export interface ReportAnswerMemo {
  /** The answer kept for this request text, while all it was made from stands; null otherwise. */
  recall(requestText: string, now: number): Remembered | null;
  /** Keeps an answer made from `sources` only; ignored when they are not all in the cache's memory. */
  keep(requestText: string, json: string, sources: CachedAnswerSources, now: number): void;
}

/** Request text and answer JSON kept, in characters (about bytes): a few hundred formulas' worth. */
export const REPORT_ANSWER_MEMO_CHARS = 16 * 1024 * 1024;

export function createReportAnswerMemo(
  cache: Pick<CacheRepository, 'remembered'>,
  maxChars = REPORT_ANSWER_MEMO_CHARS,
): ReportAnswerMemo {
  const kept = new WeightedLru<string, Remembered>(maxChars);

  const stands = (sources: CachedAnswerSources, now: number): boolean => {
    for (const [key, entry] of sources.entries) {
      if (cache.remembered(CACHE_NAMESPACES.reports, key, now) !== entry) return false;
    }
    return true;
  };

  return {
    recall(requestText, now) {
      const remembered = kept.get(requestText);
      if (remembered === undefined) return null;
      if (stands(remembered.sources, now)) return remembered;
      kept.delete(requestText);
      return null;
    },

    keep(requestText, json, sources, now) {
      if (!stands(sources, now)) return;
      const body = Buffer.from(json, 'utf8');
      kept.set(requestText, { sources, body }, requestText.length + body.length);
    },
  };
}
