/**
 * The Dictionaries part of the sidebar's contract (see sidebar-api.ts): browse any dictionary of
 * any platform (dictionaries-catalogue.ts), preview the first matches of a search, write them all
 * into a new tab.
 */
import type { Platform } from '../../shared/platforms';
import type { DictionaryName } from './dictionaries-catalogue';
import type { TabOutput } from './tab-output';

export interface DictionaryBrowse {
  dictionary: DictionaryName;
  /** Ignored by dictionaries that name no platform; brands and interests are Instagram's. */
  platform: Platform;
  /** Blank: the dictionary from its start. */
  query: string;
  /** Where "Write all" puts the matches (issue 15); left out: a new tab named after the search. */
  tab?: TabOutput;
}

/** The first matches, as text, in the preview's columns. */
export interface DictionaryPreview {
  /** The preview's column labels ("Id", "Full name"). */
  header: string[];
  rows: string[][];
  /** Every match, when the API says (locations, languages, interests, brands); else null. */
  total: number | null;
  /** More matches than shown may exist. */
  more: boolean;
  /** "10 of 1,234 locations matching "par"." */
  summary: string;
}

export interface DictionaryWritten {
  sheetName: string;
  /** Where the first item is, e.g. "'Locations (tiktok)'!A2". */
  destination: string;
  rows: number;
  /** Matches left out by the write limit (null when the API does not say how many). */
  leftOut: number | null;
  /** Whether the write limit cut the list. */
  truncated: boolean;
  /** A sentence for the status line. */
  message: string;
}

export interface DictionariesApi {
  /** The first matches of a search (or of the whole dictionary): free. */
  previewDictionary(browse: DictionaryBrowse): DictionaryPreview;
  /** Every match (up to the dictionary's write limit) into a tab, ids first: free. */
  writeDictionary(browse: DictionaryBrowse): DictionaryWritten;
}
