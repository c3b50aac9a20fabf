import type { MENTION_PLATFORMS, Platform } from '../platforms';
import type { DictionaryItems, DictionaryKind } from '../rows/dictionary-rows';
import type { SheetTable } from './sheet-table';

/** The `:kind` of `GET /api/dictionaries/:platform/:kind` (worker/src/operations/dictionaries/dictionaries-request.ts). */
export const DICTIONARY_KINDS = [
  'brands',
  'interests',
  'languages',
  'locations',
  'topics',
  'hashtags',
  'users',
] as const;
export type DictionaryKindName = (typeof DICTIONARY_KINDS)[number];

export interface DictionaryParams {
  platform: string;
  kind: DictionaryKindName;
}

/** `?query=&limit=` as the API takes them (limit 20 by default, 1,000,000 for all), plus `withHeader`. */
export interface DictionaryQuery {
  query?: string;
  limit?: number;
  withHeader?: boolean;
}

/**
 * The AI dictionaries' query strings (worker/src/operations/dictionaries/ai-dictionaries-request.ts): the
 * typeahead sends its text as `q`, which is the API's `query` for brands and `prefix` for hashtags
 * and mentions; an explicit `query` or `prefix` wins.
 */
export interface AiBrandsQuery {
  q?: string;
  query?: string;
  limit?: number;
  withHeader?: boolean;
}

/** `GET /api/ai/hashtags`. */
export interface AiHashtagsQuery {
  platform: Platform;
  q?: string;
  prefix?: string;
  limit?: number;
  withHeader?: boolean;
}

/** `GET /api/ai/mentions`: Instagram and TikTok only (YouTube has no mentions dictionary). */
export interface AiMentionsQuery extends Omit<AiHashtagsQuery, 'platform'> {
  platform: (typeof MENTION_PLATFORMS)[number];
}

/** Every dictionary answer: the items for a typeahead, and the same items as sheet rows (free). */
export interface DictionaryAnswer<K extends DictionaryKind = DictionaryKind> extends SheetTable {
  items: DictionaryItems[K][];
  /** The dictionary's size when the API says it (brands, interests, languages, locations). */
  total: number | null;
  fromCache: boolean;
}
