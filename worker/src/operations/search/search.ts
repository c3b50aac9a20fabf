import { SEARCH_PAGE_SIZE } from '../../../../shared/limits';
import type { Platform } from '../../../../shared/platforms';
import { actualCredits, estimateCredits, sumCharges } from '../../../../shared/pricing';
import { searchResponseSchema, type SearchItem } from '../../../../shared/responses/search';
import { errorRow, type Row } from '../../../../shared/rows/columns';
import {
  isUnreadableAnswer,
  unreadableAnswerMessage,
  type UnreadableAnswer,
} from '../../../../shared/unreadable-answer';
import { SEARCH_COLUMNS, searchToRows } from '../../../../shared/rows/search-rows';
import type { SearchAnswer } from '../../../../shared/worker-api/search';
import type { PaidBudget, PaidCallSpec } from '../../billing/paid-call';
import { createConcurrencyLimit } from '../../concurrency/concurrency-limit';
import { CACHE_NAMESPACES } from '../../store/cache/cache-namespaces';
import { canonicalJson } from '../operation-helpers/canonical-json';
import type { OperationContext, OperationDeps } from '../operation-deps';
import type { SearchBody, SearchInput } from './search-request';
import { startPagedAnswer, tallyPage } from '../operation-helpers/paged-answer';

export type { SearchAnswer };

/**
 * Pages of one search in flight at once. The throttle paces them (about 2 a second); this only
 * bounds how many wait in it, and how many may be spent past the last page before it is known.
 */
const SEARCH_PAGE_CONCURRENCY = 4;

/** One page of a search, as the API answered it (or the cache kept it). */
interface SearchPageResult {
  /** The page's `directs`, then its `lookalikes`, in the API's order. */
  items: SearchItem[];
  /** How many of `items` are direct matches; the rest are lookalikes. */
  directCount: number;
  /** The API's count of matches of the whole search; null when the page did not say. */
  total: number | null;
  /** The page was billed but could not be read: it holds no items and ends the search. */
  unreadable: UnreadableAnswer | null;
  /** Served from the page cache: nothing paid. */
  fromCache: boolean;
  /** Joined an identical call already in flight: nothing paid here. */
  shared: boolean;
  /** What this call was billed (0 from the cache or a shared call). */
  credits: number;
}

/** What the page cache keeps. */
interface CachedSearchPage {
  total: number | null;
  directs: SearchItem[];
  lookalikes: SearchItem[];
  /** An unreadable paid page is cached too, so asking again costs nothing. */
  unreadable?: UnreadableAnswer;
}

/** Platform, the whole body (filter, sort, calculation method) and page: the same search, the same key. */
function searchPageCacheKey(platform: Platform, body: SearchBody, page: number): string {
  return canonicalJson([platform, body, page]);
}

function fromCached(value: CachedSearchPage, flags: Pick<SearchPageResult, 'fromCache' | 'shared'>) {
  return {
    items: [...value.directs, ...value.lookalikes],
    directCount: value.directs.length,
    total: value.total,
    unreadable: value.unreadable ?? null,
    credits: 0,
    ...flags,
  };
}

/**
 * One page of a search, for `runSearch` and for multi-page search jobs: from the page cache (free,
 * recorded as savings), from an identical call in flight, or from the API, paid under `budget`
 * when given (one budget check for many pages) or under its own reservation. A fetched page is
 * cached for a day.
 */
export async function searchPage(
  deps: OperationDeps,
  context: OperationContext,
  args: { platform: Platform; body: SearchBody; page: number; refresh?: boolean; budget?: PaidBudget },
): Promise<SearchPageResult> {
  const { platform, body, page } = args;
  const refresh = args.refresh === true;
  const key = searchPageCacheKey(platform, body, page);
  const priced = { platform, filter: body.filter };
  const saved = async (result: SearchPageResult) => {
    await deps.paid.recordSavings(context, 'search', {
      cacheHits: result.items.length,
      creditsSaved: actualCredits('search', priced, result.items.length).credits,
    });
    return result;
  };

  if (!refresh) {
    const cached = await deps.store.cache.get(CACHE_NAMESPACES.searchPages, key);
    if (cached !== null) {
      return saved(fromCached(cached.value as CachedSearchPage, { fromCache: true, shared: false }));
    }
  }
  const flight = await deps.singleFlight.runAcrossInstances(
    `search:${key}`,
    async (): Promise<SearchPageResult> => {
      if (!refresh) {
        // Another request may have stored the page since this one looked.
        const cached = await deps.store.cache.get(CACHE_NAMESPACES.searchPages, key);
        if (cached !== null)
          return fromCached(cached.value as CachedSearchPage, { fromCache: true, shared: false });
      }
      const spec: PaidCallSpec<CachedSearchPage> = {
        operation: 'search',
        estimate: estimateCredits('search', priced),
        call: async () => {
          const response = await deps.upstream.request('search', {
            platform,
            body: { ...body, page },
            schema: searchResponseSchema,
          });
          return {
            total: response.total ?? null,
            directs: response.directs,
            lookalikes: response.lookalikes ?? [],
          };
        },
        actual: (answer) => actualCredits('search', priced, answer.directs.length + answer.lookalikes.length),
      };
      const paid = args.budget ? await args.budget.run(spec) : await deps.paid.run(context, spec);
      const answer: CachedSearchPage = isUnreadableAnswer(paid)
        ? { total: null, directs: [], lookalikes: [], unreadable: paid }
        : paid;
      await deps.store.cache.set(
        CACHE_NAMESPACES.searchPages,
        key,
        answer,
        deps.store.cacheTtlMs['search-pages'],
      );
      return {
        ...fromCached(answer, { fromCache: false, shared: false }),
        credits: isUnreadableAnswer(paid) ? paid.credits : spec.actual(paid).credits,
      };
    },
  );
  if (!flight.shared) return flight.value;
  return saved({ ...flight.value, shared: true, fromCache: false, credits: 0 });
}

/**
 * The rows of one page, leaving out creators `seen` on earlier pages (and adding this page's to
 * it): a creator appears once even when the API lists it again (as a lookalike, or after the
 * order shifted between pages).
 */
export function searchRows(page: SearchPageResult, seen: Set<string>): { rows: Row[]; duplicates: number } {
  if (page.unreadable !== null) {
    return {
      rows: [errorRow(unreadableAnswerMessage(page.unreadable), SEARCH_COLUMNS.length)],
      duplicates: 0,
    };
  }
  const fresh = (item: SearchItem) => {
    // An item without any id cannot repeat a creator as far as anyone can tell: it is kept.
    const id = item.userId ?? item.profile?.userId ?? item.profile?.username;
    if (id === undefined) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  };
  const directs = page.items.slice(0, page.directCount).filter(fresh);
  const lookalikes = page.items.slice(page.directCount).filter(fresh);
  return {
    rows: searchToRows({ directs, lookalikes }),
    duplicates: page.items.length - directs.length - lookalikes.length,
  };
}

/**
 * A search over several pages: one budget check for the pages not in the cache (or only the
 * estimate, on a dry run), then page 0 alone (its `total` says how many pages exist; at 2 calls a
 * second the next page could not start much sooner anyway), then the rest concurrently within the
 * throttle. Pages past a short page, or past what `total` allows, are not asked for. Creators are
 * deduplicated by user id across pages.
 */
export async function runSearch(
  deps: OperationDeps,
  context: OperationContext,
  input: SearchInput,
): Promise<SearchAnswer> {
  const { platform, body, refresh } = input;
  const pageNumbers = Array.from({ length: input.pages }, (_, page) => page);
  const keys = pageNumbers.map((page) => searchPageCacheKey(platform, body, page));
  const cached = refresh
    ? new Map<string, unknown>()
    : await deps.store.cache.getMany(CACHE_NAMESPACES.searchPages, keys);
  const perPage = estimateCredits('search', { platform, filter: body.filter });
  const estimate = sumCharges(keys.filter((key) => !cached.has(key)).map(() => perPage));
  const answer = startPagedAnswer(SEARCH_COLUMNS, estimate, input, cached.size);
  if (input.dryRun) return answer;

  const results = new Map<number, SearchPageResult>();
  const budget = await deps.paid.reserve(context, estimate);
  try {
    let last = input.pages - 1;
    const fetchPage = async (page: number) => {
      const result = await searchPage(deps, context, { platform, body, page, refresh, budget });
      results.set(page, result);
      // A short page (an unreadable one holds none) is the last; so is the last page `total` allows.
      if (result.items.length < SEARCH_PAGE_SIZE) last = Math.min(last, page);
      if (result.total !== null)
        last = Math.min(last, Math.max(0, Math.ceil(result.total / SEARCH_PAGE_SIZE) - 1));
    };
    await fetchPage(0);
    const limit = createConcurrencyLimit(SEARCH_PAGE_CONCURRENCY);
    let failed = false;
    const settled = await Promise.allSettled(
      pageNumbers.slice(1).map((page) =>
        limit(async () => {
          if (page > last || failed) return;
          try {
            await fetchPage(page);
          } catch (error) {
            failed = true;
            throw error;
          }
        }),
      ),
    );
    // Pages fetched before the failure are cached: asking again costs only what is missing.
    for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  } finally {
    budget.release();
  }

  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const page of pageNumbers) {
    const result = results.get(page);
    if (result === undefined) continue;
    const pageRows = searchRows(result, seen);
    tallyPage(answer, result, pageRows.duplicates);
    rows.push(...pageRows.rows);
  }
  const kept = input.maxResults === null ? rows : rows.slice(0, input.maxResults);
  answer.counts.results = kept.length;
  answer.rows = input.withHeader ? [[...answer.header], ...kept] : kept;
  context.log.info(
    { platform, pages: input.pages, fetched: answer.counts.pagesFetched, cached: answer.counts.pagesCached },
    'search done',
  );
  return answer;
}
