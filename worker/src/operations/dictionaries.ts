import type { OperationId } from '../../../shared/operations';
import type { Platform } from '../../../shared/platforms';
import {
  brandsResponseSchema,
  interestsResponseSchema,
  languagesResponseSchema,
  locationsResponseSchema,
  tagsResponseSchema,
  usersResponseSchema,
} from '../../../shared/responses/dictionaries';
import type { Column, Row } from '../../../shared/rows/columns';
import {
  DICTIONARY_COLUMNS,
  dictionaryToRows,
  type DictionaryItems,
  type DictionaryKind,
} from '../../../shared/rows/dictionary-rows';
import { badRequest } from '../http/worker-error';
import { CACHE_NAMESPACES } from '../store/cache-namespaces';
import { canonicalJson } from './canonical-json';
import type { DictionaryKindName, DictionaryRequest } from './dictionaries-request';
import type { OperationDeps } from './operation-deps';

/** A dictionary answer: the items for the sidebar's typeahead and the same items as sheet rows. */
export interface DictionaryAnswer<K extends DictionaryKind = DictionaryKind> {
  header: string[];
  columns: Column[];
  rows: Row[];
  items: DictionaryItems[K][];
  /** The dictionary's size when the API says it (brands, interests, languages, locations). */
  total: number | null;
  fromCache: boolean;
}

/** What the cache keeps of one dictionary answer. */
interface StoredDictionary<T> {
  items: T[];
  total: number | null;
}

/**
 * A free call answered from the dictionaries cache (a day) when it can be, and shared with an
 * identical call in flight. Dictionaries change slowly and are asked for on every keystroke of a
 * typeahead, so this is what keeps the sidebar fast and the rate limits untouched.
 */
export async function cachedLookup<T>(
  deps: OperationDeps,
  key: string,
  fetch: () => Promise<T>,
): Promise<{ value: T; fromCache: boolean }> {
  const cached = await deps.store.cache.get(CACHE_NAMESPACES.dictionaries, key);
  if (cached !== null) return { value: cached.value as T, fromCache: true };
  const flight = await deps.singleFlight.run(`dictionaries:${key}`, async () => {
    const value = await fetch();
    await deps.store.cache.set(CACHE_NAMESPACES.dictionaries, key, value, deps.store.cacheTtlMs.dictionaries);
    return value;
  });
  return { value: flight.value, fromCache: flight.shared };
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

function source(
  operation: OperationId,
  rowsKind: DictionaryKind,
  read: (json: unknown) => StoredDictionary<unknown>,
  instagramOnly = false,
): DictionarySource {
  return {
    operation,
    instagramOnly,
    rowsKind,
    fetch: async (deps, platform, query) =>
      deps.upstream.request(operation, {
        ...(instagramOnly ? {} : { platform }),
        query,
        parse: read,
      }),
  };
}

const SOURCES: Readonly<Record<DictionaryKindName, DictionarySource>> = {
  brands: source(
    'dictionaryBrands',
    'brands',
    (json) => {
      const body = brandsResponseSchema.parse(json);
      return { items: body.brands, total: body.total };
    },
    true,
  ),
  interests: source(
    'dictionaryInterests',
    'interests',
    (json) => {
      const body = interestsResponseSchema.parse(json);
      return { items: body.interests, total: body.total };
    },
    true,
  ),
  languages: source('dictionaryLanguages', 'languages', (json) => {
    const body = languagesResponseSchema.parse(json);
    return { items: body.languages, total: body.total };
  }),
  locations: source('dictionaryLocations', 'locations', (json) => {
    const body = locationsResponseSchema.parse(json);
    return { items: body.locations, total: body.total };
  }),
  topics: source('dictionaryTopics', 'tags', (json) => ({
    items: tagsResponseSchema.parse(json).tags,
    total: null,
  })),
  hashtags: source('dictionaryHashtags', 'tags', (json) => ({
    items: tagsResponseSchema.parse(json).tags,
    total: null,
  })),
  users: source('dictionaryUsers', 'users', (json) => ({
    items: usersResponseSchema.parse(json).users,
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
  const { value, fromCache } = await cachedLookup(deps, key, () => dictionary.fetch(deps, platform, query));
  return dictionaryAnswer(dictionary.rowsKind, value, fromCache, request.withHeader === true);
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
