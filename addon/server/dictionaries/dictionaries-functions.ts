import type {
  DictionaryBrowse,
  DictionaryPreview,
  DictionaryWritten,
} from '../../bridge-contract/dictionaries-api';
import { previewDictionaryMatches, writeDictionaryMatches } from './dictionaries-browse';

/**
 * The server functions of the sidebar's Dictionaries section (addon/bridge-contract/dictionaries-api.ts).
 * Every function here becomes a top-level Apps Script function, so this file holds those only.
 */

/** Sidebar: the first matches of a dictionary search, for the preview (free). */
export function previewDictionary(browse: DictionaryBrowse): DictionaryPreview {
  return previewDictionaryMatches(browse);
}

/** Sidebar: every match of a dictionary search, or the whole dictionary, into a new tab (free). */
export function writeDictionary(browse: DictionaryBrowse): DictionaryWritten {
  return writeDictionaryMatches(browse);
}
