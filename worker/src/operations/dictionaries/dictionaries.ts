import type { z } from 'zod';
import type { OperationId } from '../../../../shared/operations';
import type { Platform } from '../../../../shared/platforms';
import {
  brandsResponseSchema,
  interestsResponseSchema,
  languagesResponseSchema,
  locationsResponseSchema,
  tagsResponseSchema,
  usersResponseSchema,
} from '../../../../shared/responses/dictionaries';
import {
  DICTIONARY_COLUMNS,
  dictionaryToRows,
  type DictionaryItems,
  type DictionaryKind,
} from '../../../../shared/rows/dictionary-rows';
import type { DictionaryAnswer, DictionaryKindName } from '../../../../shared/worker-api/dictionaries';
import { badRequest, WorkerError } from '../../request-io/worker-error';
import { isUpstreamError } from '../../upstream/upstream-error';
import { CACHE_NAMESPACES } from '../../store/cache/cache-namespaces';
import { canonicalJson } from '../operation-helpers/canonical-json';
import type { DictionaryRequest } from './dictionaries-request';
import type { OperationDeps } from '../operation-deps';

/** What the cache keeps of one dictionary answer. */
interface StoredDictionary<T> {
  items: T[];
  total: number | null;
}

/**
 * A free call answered from the dictionaries cache (a day) when it can be, and shared with an
 * identical call in flight in any instance. Dictionaries change slowly and are asked for on every keystroke of a
 * typeahead, so this is what keeps the sidebar fast and the rate limits untouched.
 */
export async function cachedLookup<T>(
  deps: OperationDeps,
  key: string,
  fetch: () => Promise<T>,
): Promise<{ value: T; fromCache: boolean }> {
  const cached = await deps.store.cache.get(CACHE_NAMESPACES.dictionaries, key);
  if (cached !== null) return { value: cached.value as T, fromCache: true };
  // Across instances too: the typeahead of several editors spreads over instances, and the fast
  // dictionaries' 10/s is one limit for all of them. One that waited for the key finds it cached.
  const flight = await deps.singleFlight.runAcrossInstances(`dictionaries:${key}`, async () => {
    const stored = await deps.store.cache.get(CACHE_NAMESPACES.dictionaries, key);
    if (stored !== null) return { value: stored.value as T, fetched: false };
    const value = await fetch();
    await deps.store.cache.set(CACHE_NAMESPACES.dictionaries, key, value, deps.store.cacheTtlMs.dictionaries);
    return { value, fetched: true };
  });
  return { value: flight.value.value, fromCache: flight.shared || !flight.value.fetched };
}

interface DictionarySource {
  operation: OperationId;
  /** Brands and interests exist for Instagram only (their paths name no platform). */
  instagramOnly: boolean;
  rowsKind: DictionaryKind;
  fetch: (
    deps: OperationDeps,
    platform: Platform,
    query: Record<string, string | number | undefined>,
  ) => Promise<StoredDictionary<unknown>>;
}

/**
 * One dictionary: its operation and the tolerant schema of its answer, and where the answer keeps
 * its items (and its size, when it says).
 */
function source<T extends Record<string, unknown>>(
  operation: OperationId,
  rowsKind: DictionaryKind,
  schema: z.ZodType<T>,
  stored: (body: T) => StoredDictionary<unknown>,
  instagramOnly = false,
): DictionarySource {
  return {
    operation,
    instagramOnly,
    rowsKind,
    fetch: async (deps, platform, query) =>
      stored(
        await deps.upstream.request(operation, { ...(instagramOnly ? {} : { platform }), query, schema }),
      ),
  };
}

const SOURCES: Readonly<Record<DictionaryKindName, DictionarySource>> = {
  brands: source(
    'dictionaryBrands',
    'brands',
    brandsResponseSchema,
    (body) => ({ items: body.brands, total: body.total ?? null }),
    true,
  ),
  interests: source(
    'dictionaryInterests',
    'interests',
    interestsResponseSchema,
    (body) => ({ items: body.interests, total: body.total ?? null }),
    true,
  ),
  languages: source('dictionaryLanguages', 'languages', languagesResponseSchema, (body) => ({
    items: body.languages,
    total: body.total ?? null,
  })),
  locations: source('dictionaryLocations', 'locations', locationsResponseSchema, (body) => ({
    items: body.locations,
    total: body.total ?? null,
  })),
  topics: source('dictionaryTopics', 'tags', tagsResponseSchema, (body) => ({
    items: body.tags,
    total: null,
  })),
  hashtags: source('dictionaryHashtags', 'tags', tagsResponseSchema, (body) => ({
    items: body.tags,
    total: null,
  })),
  users: source('dictionaryUsers', 'users', usersResponseSchema, (body) => ({
    items: body.users,
    total: null,
  })),
};

/** `GET /api/dictionaries/:platform/:kind`: free, cached a day per (platform, kind, query, limit). */
export async function readDictionary(
  deps: OperationDeps,
  request: DictionaryRequest,
): Promise<DictionaryAnswer> {
  const { platform, kind, limit } = request;
  const dictionary = SOURCES[kind];
  if (dictionary.instagramOnly && platform !== 'instagram') {
    throw badRequest(`The ${kind} dictionary exists for instagram only, got ${platform}`);
  }
  const query = { limit, ...(request.query === undefined ? {} : { query: request.query }) };
  const key = canonicalJson([
    dictionary.instagramOnly ? 'instagram' : platform,
    kind,
    request.query ?? '',
    limit,
  ]);
  try {
    const { value, fromCache } = await cachedLookup(deps, key, () => dictionary.fetch(deps, platform, query));
    return dictionaryAnswer(dictionary.rowsKind, value, fromCache, request.withHeader === true);
  } catch (error) {
    throw notOfferedOn(kind, platform, error);
  }
}

/**
 * The vendor's own notes list hashtag dictionaries for Instagram only (api-notes "Seen from the
 * real service"), while the spec names every platform: the worker asks all the same, and says in a
 * sentence what a 404 for another platform means.
 */
function notOfferedOn(kind: DictionaryKindName, platform: Platform, error: unknown): unknown {
  if (kind !== 'hashtags' || platform === 'instagram' || !isUpstreamError(error) || error.status !== 404) {
    return error;
  }
  return new WorkerError(
    404,
    'not_found',
    `The API has no hashtag dictionary for ${platform}: its notes list one for instagram only. Use the topics dictionary, or AI search hashtags (every platform)`,
  );
}

/** Items and rows of one dictionary kind. */
export function dictionaryAnswer<K extends DictionaryKind>(
  kind: K,
  stored: StoredDictionary<unknown>,
  fromCache: boolean,
  withHeader: boolean,
): DictionaryAnswer<K> {
  const columns = DICTIONARY_COLUMNS[kind];
  const items = stored.items as DictionaryItems[K][];
  return {
    header: columns.map((col) => col.label),
    columns: [...columns],
    rows: dictionaryToRows(kind, items, { withHeader }),
    items,
    total: stored.total,
    fromCache,
  };
}
