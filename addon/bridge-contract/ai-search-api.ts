/**
 * The AI search part of the sidebar's contract (see sidebar-api.ts): the types its section and server
 * functions exchange, and the functions themselves. Payloads are JSON-safe.
 *
 * The filters travel in the API's own shape (`filters.*` of the spec's AI search), already snapped
 * and converted by the sidebar (follower and view bounds on the API's steps, percentages as
 * fractions), so what the sidebar shows is exactly what is searched; the worker checks them with
 * the API's schema.
 */
import type { Platform } from '../../shared/platforms';
import type { DictionaryOption, JobView } from './sidebar-api';
import type { TabWriteMode } from './tab-output';

export type AiSearchMode = 'text' | 'image' | 'lookalikes';

/** The image types AI image search takes (shared/limits AI_IMAGE_TYPES). */
export type AiImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** Where the image of an image search comes from. */
export type AiImageSource =
  /** Read in the sidebar (FileReader), type and size checked there: bare base64, no data: prefix. */
  | { kind: 'upload'; imageType: AiImageType; base64Image: string; name: string }
  /** A link from a cell: the worker fetches it (the add-on may call no other server). */
  | { kind: 'url'; url: string };

// Type aliases, not interfaces: the server checks that this shape is assignable to the API's
// schema type (shared/requests/ai-search.ts), whose loose objects carry an index signature.
export type AiRange = {
  min?: number;
  max?: number;
};

/** `filters.*` of AI search, as the API takes them (spec "AI search", filters table). */
export type AiSearchFilters = {
  /** On FOLLOWER_STEPS already (min rounded down, max up). */
  followersCount?: AiRange;
  /** Location ids from the locations dictionary. */
  locations?: number[];
  gender?: 'MALE' | 'FEMALE' | 'KNOWN' | 'UNKNOWN';
  lastPostedInDays?: number;
  accountType?: 'creator' | 'individual_creator' | 'group_creator' | 'brand' | 'anonymous_content';
  /** A language code from the languages dictionary. */
  language?: string;
  /** Strings, as the spec has them. */
  age?: { min?: '13' | '18' | '25' | '35' | '45' | '65'; max?: '18' | '25' | '35' | '45' | '65' };
  /** A fraction (0.01 = 1%). */
  engagementRate?: { min: number };
  /** Average posts per 30-day month. */
  postingFrequency?: AiRange;
  /** On FOLLOWER_STEPS already. */
  viewsCount?: AiRange & { calculationMethod?: 'median' | 'average' };
  followersGrowthRate?: {
    interval: 'i1month' | 'i2months' | 'i3months' | 'i4months' | 'i5months' | 'i6months';
    /** Fractions (0.05 = 5%), negatives allowed. */
    min?: number;
    max?: number;
  };
  hasEmail?: boolean;
  /** Names from the AI brands dictionary. */
  brands?: string[];
  username?: string;
  maxPostAgeMonths?: 3 | 6 | 9 | 12;
  contentType?: 'video' | 'image';
  textTags?: { type: 'hashtag' | 'mention'; value: string; mode: 'include' | 'exclude' }[];
  /** Up to 10 phrases; any one found matches. */
  bio?: string[];
  keywords?: string[];
  /** Exactly one list, of the search platform. */
  lists?: { listIds: string[]; mode: 'include' | 'exclude' };
  /** 0.75 = at most 25% fake followers. */
  audience?: { credibility: number };
};

/** One AI search as the sidebar asks for it: the job's input, its size and the new tab's name. */
export interface AiSearchRequest {
  mode: AiSearchMode;
  /** The platform searched (for lookalikes: where the lookalikes are found). */
  platform: Platform;
  /** Text mode: what the posts show, in positive words. */
  query?: string;
  /** Image mode. */
  image?: AiImageSource;
  /** Lookalikes: 1 to 5 source creators (usernames or ids). */
  sources?: string[];
  filters: AiSearchFilters;
  /** Profiles per page, 1 to AI_PAGE_SIZE_MAX. */
  pageSize: number;
  /** Pages from the first; (pages) * pageSize stays within the 1,500-result depth. */
  pages: number;
  /** The new tab's name. */
  title: string;
  /** A new tab each run (when left out), or the tab `title` names replaced or added to (issue 15). */
  tabMode?: TabWriteMode;
}

/** An image named by the active cell, found and checked before the search is started. */
export interface AiImageCell {
  /** The cell it was read from, e.g. "Moodboard!B2". */
  cell: string;
  source: { kind: 'url'; url: string };
  /** What was found, in words. */
  summary: string;
}

/** The AI dictionaries behind the filters' typeaheads (all free). */
export type AiFilterDictionary = 'brands' | 'hashtags' | 'mentions';

export interface AiSearchApi {
  /**
   * The image link the active cell names (also inside =IMAGE("...")); a Drive file is refused with
   * what to do instead (the add-on asks for no Drive scope).
   */
  readAiImageCell(): AiImageCell;
  /** Typeahead options of an AI dictionary: brand names, hashtags or mentions (ids are the names). */
  lookupAiFilterOptions(platform: Platform, kind: AiFilterDictionary, query: string): DictionaryOption[];
  /** The AI lists of a platform, for the lists include/exclude filter. */
  listAiSearchLists(platform: Platform): DictionaryOption[];
  /** Starts the search as an 'ai-search-pages' job into a new tab; refuses an unconfirmed cost above 1 credit. */
  startAiSearch(request: AiSearchRequest, confirmedCost: boolean): JobView;
}
