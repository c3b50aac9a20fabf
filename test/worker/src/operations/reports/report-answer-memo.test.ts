import { CACHE_NAMESPACES } from '../../../../../worker/src/store/cache/cache-namespaces';
import type { CacheEntry } from '../../../../../worker/src/store/cache-repository';
import {
  createReportAnswerMemo,
  type CachedAnswerSources,
} from '../../../../../worker/src/operations/reports/report-answer-memo';
import type { Store } from '../../../../../worker/src/store/store';
import { openStore } from '../../../../../worker/src/store/sqlite/sqlite-store';
import { ManualClock } from '../../store/store-fixtures';

/**
 * The kept answers of formulas (issue 28): given again only while every report they show is the
 * very entry the cache's memory holds. The cache here is the real one (SQLite in memory, reports
 * kept parsed in memory), on a clock the test moves.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const TTL_MS = 30 * DAY_MS;
const REPORTS = CACHE_NAMESPACES.reports;

let clock: ManualClock;
let store: Store;
beforeEach(() => {
  clock = new ManualClock();
  store = openStore({ memory: true, clock });
});
afterEach(() => store.close());

/** Stores reports for `keys` and reads them back as a request does: the entries an answer is made of. */
async function cached(...keys: string[]): Promise<CachedAnswerSources> {
  for (const key of keys) await store.cache.set(REPORTS, key, { username: key, followers: 10 }, TTL_MS);
  const found = await store.cache.getMany(REPORTS, keys, clock.now());
  return { entries: [...found], cacheHits: found.size, creditsSaved: found.size };
}

describe('the kept answers of formulas', () => {
  it('give the answer again for the same request text, and for no other', async () => {
    const memo = createReportAnswerMemo(store.cache);
    const sources = await cached('["instagram","ada","median"]');
    memo.keep('{"handles":["ada"]}', '{"rows":[["ada"]]}', sources, clock.now());

    const kept = memo.recall('{"handles":["ada"]}', clock.now());
    expect(kept?.body.toString('utf8')).toBe('{"rows":[["ada"]]}');
    expect(kept?.sources).toMatchObject({ cacheHits: 1, creditsSaved: 1 });
    expect(memo.recall('{"handles":["ada"],"withHeader":true}', clock.now())).toBeNull();
  });

  it('stop at the moment a report they show expires', async () => {
    const memo = createReportAnswerMemo(store.cache);
    const sources = await cached('a', 'b');
    memo.keep('text', '{}', sources, clock.now());
    const expiresAt = Math.min(...sources.entries.map(([, entry]) => entry.expiresAt));

    clock.set(expiresAt - 1);
    expect(memo.recall('text', clock.now())).not.toBeNull();
    clock.set(expiresAt);
    expect(memo.recall('text', clock.now())).toBeNull();
  });

  it('stop once a report they show is stored again (a refresh), even with the same content', async () => {
    const memo = createReportAnswerMemo(store.cache);
    const sources = await cached('a', 'b');
    memo.keep('text', '{}', sources, clock.now());

    clock.advance(1000);
    await store.cache.set(REPORTS, 'b', { username: 'b', followers: 10 }, TTL_MS);
    expect(memo.recall('text', clock.now())).toBeNull();
    // Forgotten for good: the answer made next is kept in its place.
    await store.cache.getMany(REPORTS, ['a', 'b'], clock.now());
    expect(memo.recall('text', clock.now())).toBeNull();
  });

  it('stop once a report they show is deleted from the cache', async () => {
    const memo = createReportAnswerMemo(store.cache);
    const sources = await cached('a');
    memo.keep('text', '{}', sources, clock.now());
    await store.cache.delete(REPORTS, 'a');
    expect(memo.recall('text', clock.now())).toBeNull();
  });

  it('keep nothing made of entries the cache no longer holds in memory', async () => {
    const memo = createReportAnswerMemo(store.cache);
    const sources = await cached('a');
    await store.cache.set(REPORTS, 'a', { username: 'a', followers: 11 }, TTL_MS);
    memo.keep('text', '{}', sources, clock.now());
    await store.cache.getMany(REPORTS, ['a'], clock.now());
    expect(memo.recall('text', clock.now())).toBeNull();
  });

  it('keep an answer with no creator in it (blanks and bad cells only) for as long as it fits', async () => {
    const memo = createReportAnswerMemo(store.cache);
    memo.keep('{"handles":[""]}', '{"rows":[[null]]}', { entries: [], cacheHits: 0, creditsSaved: 0 }, 0);
    expect(memo.recall('{"handles":[""]}', clock.now())?.body.toString('utf8')).toBe('{"rows":[[null]]}');
  });

  it('hold at most their bound of request text and answer JSON, the least recently given going first', async () => {
    const memo = createReportAnswerMemo(store.cache, 100);
    const sources = await cached('a');
    const answer = 'x'.repeat(40);
    memo.keep('first', answer, sources, clock.now());
    memo.keep('second', answer, sources, clock.now());
    expect(memo.recall('first', clock.now())).not.toBeNull();
    memo.keep('third', answer, sources, clock.now());

    expect(memo.recall('second', clock.now())).toBeNull();
    expect(memo.recall('first', clock.now())).not.toBeNull();
    expect(memo.recall('third', clock.now())).not.toBeNull();
    memo.keep('too big', 'y'.repeat(200), sources, clock.now());
    expect(memo.recall('too big', clock.now())).toBeNull();
  });

  it('compare entries by identity, not by content: a copy is not what the cache holds', async () => {
    const memo = createReportAnswerMemo(store.cache);
    const sources = await cached('a');
    const [[key, entry]] = sources.entries as [string, CacheEntry][];
    const copy: CachedAnswerSources = { ...sources, entries: [[key, { ...entry }]] };
    memo.keep('text', '{}', copy, clock.now());
    expect(memo.recall('text', clock.now())).toBeNull();
  });
});
