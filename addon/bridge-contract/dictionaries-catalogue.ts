import type { OperationId } from '../../shared/operations';
import { MENTION_PLATFORMS, PLATFORMS, type Platform } from '../../shared/platforms';
import { describePrice } from '../../shared/pricing';

/**
 * Every dictionary the worker serves (`/api/dictionaries/:platform/:kind` and the AI dictionaries
 * `/api/ai/brands|hashtags|mentions`), described once for the sidebar (choices, hints, limits,
 * cost) and the server (which route, what to preview, how much to write).
 */

export const DICTIONARY_NAMES = [
  'locations',
  'languages',
  'interests',
  'brands',
  'topics',
  'hashtags',
  'users',
  'ai_brands',
  'ai_hashtags',
  'ai_mentions',
] as const;
export type DictionaryName = (typeof DICTIONARY_NAMES)[number];

/** A tab holds at most this many items of a dictionary; a search narrows a longer one. */
const DICTIONARY_WRITE_LIMIT = 50_000;
/** The users dictionary is a creator look-up, biggest first: a long tail of it is no filter. */
const USERS_WRITE_LIMIT = 1000;
/** Matches the sidebar previews as the user types. */
export const DICTIONARY_PREVIEW_ITEMS = 10;

export interface DictionaryEntry {
  readonly name: DictionaryName;
  /** The choice's label. */
  readonly label: string;
  /** In sentences: "12 locations". */
  readonly noun: string;
  /** Platforms it exists for; empty when its route names none. */
  readonly platforms: readonly Platform[];
  /** The API operation behind it, for its price. */
  readonly operation: OperationId;
  /** What the search box matches. */
  readonly searchHint: string;
  /** What its ids or names are good for. */
  readonly use: string;
  /** The most items "Write all" puts into a tab. */
  readonly writeLimit: number;
  /** Column ids (shared/rows/dictionary-rows.ts) the sidebar's preview shows; the tab has all. */
  readonly previewColumns: readonly string[];
}

const entry = (value: DictionaryEntry): DictionaryEntry => value;

export const DICTIONARIES: Readonly<Record<DictionaryName, DictionaryEntry>> = {
  locations: entry({
    name: 'locations',
    label: 'Locations',
    noun: 'locations',
    platforms: PLATFORMS,
    operation: 'dictionaryLocations',
    searchHint: 'Matches the name or the full name, e.g. "paris".',
    use: 'Ids for the location filters of Search (creator and audience) and AI search.',
    writeLimit: DICTIONARY_WRITE_LIMIT,
    previewColumns: ['id', 'title'],
  }),
  languages: entry({
    name: 'languages',
    label: 'Languages',
    noun: 'languages',
    platforms: PLATFORMS,
    operation: 'dictionaryLanguages',
    searchHint: 'Matches the name or the code, e.g. "fr".',
    use: 'Codes for the language filters of Search and AI search.',
    writeLimit: DICTIONARY_WRITE_LIMIT,
    previewColumns: ['code', 'name'],
  }),
  interests: entry({
    name: 'interests',
    label: 'Interests',
    noun: 'interests',
    platforms: ['instagram'],
    operation: 'dictionaryInterests',
    searchHint: 'Matches the name, e.g. "travel".',
    use: "Ids for the interest filters of Search. Instagram's list; Search takes them on every platform.",
    writeLimit: DICTIONARY_WRITE_LIMIT,
    previewColumns: ['id', 'name'],
  }),
  brands: entry({
    name: 'brands',
    label: 'Brands',
    noun: 'brands',
    platforms: ['instagram'],
    operation: 'dictionaryBrands',
    searchHint: 'Matches the name, e.g. "nike".',
    use: 'Ids for the "brands worked with" filter of Search. For AI search, use AI search brands.',
    writeLimit: DICTIONARY_WRITE_LIMIT,
    previewColumns: ['id', 'name'],
  }),
  topics: entry({
    name: 'topics',
    label: 'Topics',
    noun: 'topics',
    platforms: PLATFORMS,
    operation: 'dictionaryTopics',
    searchHint: 'Matches the topic, e.g. "fitness".',
    use: 'Topics for the relevance filter of Search.',
    writeLimit: DICTIONARY_WRITE_LIMIT,
    previewColumns: ['tag'],
  }),
  hashtags: entry({
    name: 'hashtags',
    label: 'Hashtags',
    noun: 'hashtags',
    // The spec names every platform; the vendor's own notes list this one for Instagram only.
    platforms: ['instagram'],
    operation: 'dictionaryHashtags',
    searchHint: 'Matches the hashtag, with or without #; most used first.',
    use: 'Hashtags for the relevance filter of Search.',
    writeLimit: DICTIONARY_WRITE_LIMIT,
    previewColumns: ['tag'],
  }),
  users: entry({
    name: 'users',
    label: 'Creators',
    noun: 'creators',
    platforms: PLATFORMS,
    operation: 'dictionaryUsers',
    searchHint: 'Matches the start of the handle or of the name; biggest accounts first.',
    use: 'User ids and handles, for lookalike and relevance filters or a list of creators.',
    writeLimit: USERS_WRITE_LIMIT,
    previewColumns: ['handle', 'followers'],
  }),
  ai_brands: entry({
    name: 'ai_brands',
    label: 'AI search brands',
    noun: 'brands',
    platforms: [],
    operation: 'aiBrands',
    searchHint: 'Matches the brand name, e.g. "adidas".',
    use: 'Brand names for the brands filter of AI search (every platform).',
    writeLimit: DICTIONARY_WRITE_LIMIT,
    previewColumns: ['name'],
  }),
  ai_hashtags: entry({
    name: 'ai_hashtags',
    label: 'AI search hashtags',
    noun: 'hashtags',
    platforms: PLATFORMS,
    operation: 'aiHashtags',
    searchHint: 'Matches the start of the hashtag; most posted first.',
    use: 'Hashtags for the text tags of AI search.',
    writeLimit: DICTIONARY_WRITE_LIMIT,
    previewColumns: ['tag', 'post_count'],
  }),
  ai_mentions: entry({
    name: 'ai_mentions',
    label: 'AI search mentions',
    noun: 'mentions',
    platforms: MENTION_PLATFORMS,
    operation: 'aiMentions',
    searchHint: 'Matches the start of the handle; most mentioned first.',
    use: 'Mentions for the text tags of AI search (YouTube has none).',
    writeLimit: DICTIONARY_WRITE_LIMIT,
    previewColumns: ['handle', 'post_count'],
  }),
};

export function isDictionaryName(value: unknown): value is DictionaryName {
  return typeof value === 'string' && (DICTIONARY_NAMES as readonly string[]).indexOf(value) >= 0;
}

/** The platform a dictionary is read on: the one chosen when it has it, else its first; null: none. */
export function dictionaryPlatform(name: DictionaryName, wanted: Platform): Platform | null {
  const { platforms } = DICTIONARIES[name];
  if (platforms.length === 0) return null;
  return platforms.indexOf(wanted) >= 0 ? wanted : platforms[0];
}

/** What reading it costs, from the shared price table: "Free: dictionaries cost no credits." */
export function dictionaryCostText(name: DictionaryName): string {
  const price = describePrice(DICTIONARIES[name].operation);
  return price === 'free'
    ? 'Free: dictionaries cost no credits, and the worker keeps them a day.'
    : `Each look-up costs ${price}.`;
}
