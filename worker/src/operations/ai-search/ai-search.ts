import type { Platform } from '../../../../shared/platforms';
import { actualCredits, estimateCredits, sumCharges } from '../../../../shared/pricing';
import { aiSearchResponseSchema, type AiProfile } from '../../../../shared/responses/ai-search';
import { AI_SEARCH_COLUMNS, aiSearchToRows } from '../../../../shared/rows/ai-search-rows';
import { errorRow, withOptionalHeader, type Row } from '../../../../shared/rows/columns';
import {
  isUnreadableAnswer,
  unreadableAnswerMessage,
  type UnreadableAnswer,
} from '../../../../shared/unreadable-answer';
import type { AiSearchAnswer } from '../../../../shared/worker-api/ai-search';
import type { PaidBudget, PaidCallSpec } from '../../billing/paid-call';
import type { AiSearchBody, AiSearchInput, AiSearchMode } from './ai-search-request';
import { canonicalDigest } from '../operation-helpers/canonical-json';
import { fetchImage, type ImageFetchRules } from './image-fetch';
import type { OperationContext, OperationDeps } from '../operation-deps';
import { startPagedAnswer, tallyPage } from '../operation-helpers/paged-answer';

/** The API operation behind each mode. */
const AI_SEARCH_OPERATIONS = {
  text: 'aiTextSearch',
  image: 'aiImageSearch',
  lookalikes: 'aiLookalikes',
} as const satisfies Record<AiSearchMode, string>;

/** AI search pages, kept a day like search pages. */
const AI_SEARCH_PAGES_NAMESPACE = 'ai-search-pages';

interface AiSearchPageResult {
  profiles: AiProfile[];
  /** The API's estimate of all matches (may exceed what paging can reach); null when not said. */
  total: number | null;
  /** The page was billed but could not be read: it holds no profiles and ends the search. */
  unreadable: UnreadableAnswer | null;
  fromCache: boolean;
  shared: boolean;
  /** What this call was billed (0 from the cache or a shared call). */
  credits: number;
}

interface CachedAiPage {
  total: number | null;
  profiles: AiProfile[];
  /** An unreadable paid page is cached too, so asking again costs nothing. */
  unreadable?: UnreadableAnswer;
}

/** A digest, not the body: an image search body carries up to 5 MB of base64. */
function aiSearchPageCacheKey(
  mode: AiSearchMode,
  platform: Platform,
  body: AiSearchBody,
  page: number,
): string {
  return canonicalDigest([mode, platform, body, page]);
}

/**
 * One page of an AI search, for `runAiSearch` and for AI search jobs: from the cache (free,
 * recorded as savings), an identical call in flight, or the API at its 1-a-second rate (the
 * throttle paces the family, so this never draws a 429 in normal work), paid under `budget` when
 * given. The caller checks the depth rule first.
 */
export async function aiSearchPage(
  deps: OperationDeps,
  context: OperationContext,
  args: {
    mode: AiSearchMode;
    platform: Platform;
    body: AiSearchBody;
    page: number;
    refresh?: boolean;
    budget?: PaidBudget;
  },
): Promise<AiSearchPageResult> {
  const { mode, platform, body, page } = args;
  const refresh = args.refresh === true;
  const operation = AI_SEARCH_OPERATIONS[mode];
  const priced = { pageSize: body.pageSize };
  const key = aiSearchPageCacheKey(mode, platform, body, page);
  const saved = async (result: AiSearchPageResult) => {
    await deps.paid.recordSavings(context, operation, {
      cacheHits: result.profiles.length,
      creditsSaved: actualCredits(operation, priced, result.profiles.length).credits,
    });
    return result;
  };
  const cachedPage = async () => {
    const cached = refresh ? null : await deps.store.cache.get(AI_SEARCH_PAGES_NAMESPACE, key);
    if (cached === null) return null;
    const value = cached.value as CachedAiPage;
    return {
      profiles: value.profiles,
      total: value.total,
      unreadable: value.unreadable ?? null,
      fromCache: true,
      shared: false,
      credits: 0,
    };
  };

  const cached = await cachedPage();
  if (cached !== null) return saved(cached);
  const flight = await deps.singleFlight.runAcrossInstances(
    `ai-search:${key}`,
    async (): Promise<AiSearchPageResult> => {
      const again = await cachedPage();
      if (again !== null) return again;
      const spec: PaidCallSpec<CachedAiPage> = {
        operation,
        estimate: estimateCredits(operation, priced),
        call: async () => {
          const response = await deps.upstream.request(operation, {
            platform,
            body: { ...body, page },
            schema: aiSearchResponseSchema,
          });
          return { total: response.total ?? null, profiles: response.profiles };
        },
        actual: (answer) => actualCredits(operation, priced, answer.profiles.length),
      };
      const paid = args.budget ? await args.budget.run(spec) : await deps.paid.run(context, spec);
      const answer: CachedAiPage = isUnreadableAnswer(paid)
        ? { total: null, profiles: [], unreadable: paid }
        : paid;
      await deps.store.cache.set(
        AI_SEARCH_PAGES_NAMESPACE,
        key,
        answer,
        deps.store.cacheTtlMs['search-pages'],
      );
      return {
        profiles: answer.profiles,
        total: answer.total,
        unreadable: answer.unreadable ?? null,
        fromCache: false,
        shared: false,
        credits: isUnreadableAnswer(paid) ? paid.credits : spec.actual(paid).credits,
      };
    },
  );
  if (!flight.shared) return flight.value;
  return saved({ ...flight.value, fromCache: false, shared: true, credits: 0 });
}

/**
 * An image search by link with its image fetched (once: every page then sends the same bytes, and
 * a job stores them in its params), under the rules of image-fetch.ts for the worker's mode.
 * Other inputs come back as they are.
 */
export async function withFetchedImage(
  deps: Pick<OperationDeps, 'config'>,
  input: AiSearchInput,
  rules: Partial<ImageFetchRules> = {},
): Promise<AiSearchInput> {
  if (input.imageUrl === undefined) return input;
  const image = await fetchImage(input.imageUrl, { mode: deps.config.mode, ...rules });
  const { imageUrl: _fetched, ...rest } = input;
  return { ...rest, body: { ...input.body, imageType: image.imageType, base64Image: image.base64Image } };
}

/** Profiles not `seen` on earlier pages (by user id, else username); adds them to `seen`. */
function freshProfiles(profiles: readonly AiProfile[], seen: Set<string>): AiProfile[] {
  return profiles.filter((profile) => {
    const id =
      profile.userId ?? (profile.username === undefined ? undefined : `@${profile.username.toLowerCase()}`);
    // A profile without any id cannot repeat a creator as far as anyone can tell: it is kept.
    if (id === undefined) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * The rows of one page: its profiles not `seen` before, or one row saying the page was billed but
 * could not be read.
 */
export function aiPageRows(
  result: AiSearchPageResult,
  seen: Set<string>,
  platform: Platform,
): { rows: Row[]; duplicates: number } {
  if (result.unreadable !== null) {
    return {
      rows: [errorRow(unreadableAnswerMessage(result.unreadable), AI_SEARCH_COLUMNS.length)],
      duplicates: 0,
    };
  }
  const fresh = freshProfiles(result.profiles, seen);
  return {
    rows: aiSearchToRows({ profiles: fresh }, platform),
    duplicates: result.profiles.length - fresh.length,
  };
}

/**
 * An AI search over one or more pages: the estimate (0.025 x pageSize per page not in the cache),
 * one budget check, then the pages one after another (the family runs at 1 call a second, so
 * nothing is gained by sending them together), stopping at the first short page.
 */
export async function runAiSearch(
  deps: OperationDeps,
  context: OperationContext,
  input: AiSearchInput,
): Promise<AiSearchAnswer> {
  const { mode, platform, body, refresh } = input;
  if (input.imageUrl !== undefined && !input.dryRun) {
    throw new Error('runAiSearch: fetch the image of imageUrl first (withFetchedImage)');
  }
  const operation = AI_SEARCH_OPERATIONS[mode];
  const pageNumbers = Array.from({ length: input.pages }, (_, index) => input.startPage + index);
  const keys = pageNumbers.map((page) => aiSearchPageCacheKey(mode, platform, body, page));
  const cached = refresh
    ? new Map<string, unknown>()
    : await deps.store.cache.getMany(AI_SEARCH_PAGES_NAMESPACE, keys);
  const perPage = estimateCredits(operation, { pageSize: body.pageSize });
  const estimate = sumCharges(keys.filter((key) => !cached.has(key)).map(() => perPage));
  const answer = startPagedAnswer(AI_SEARCH_COLUMNS, estimate, input, cached.size);
  if (input.dryRun) return answer;

  const seen = new Set<string>();
  const rows: Row[] = [];
  let results = 0;
  const budget = await deps.paid.reserve(context, estimate);
  try {
    for (const page of pageNumbers) {
      const result = await aiSearchPage(deps, context, { mode, platform, body, page, refresh, budget });
      const pageRows = aiPageRows(result, seen, platform);
      tallyPage(answer, result, pageRows.duplicates);
      if (result.unreadable === null) results += pageRows.rows.length;
      rows.push(...pageRows.rows);
      if (result.profiles.length < body.pageSize) break;
    }
  } finally {
    budget.release();
  }
  answer.counts.results = results;
  answer.rows = withOptionalHeader(AI_SEARCH_COLUMNS, rows, { withHeader: input.withHeader });
  context.log.info(
    {
      mode,
      platform,
      pages: input.pages,
      fetched: answer.counts.pagesFetched,
      cached: answer.counts.pagesCached,
    },
    'AI search done',
  );
  return answer;
}
