import type { Platform } from '../../../shared/platforms';
import type { DictionaryBrowse } from '../../bridge-contract/dictionaries-api';
import type { TabWriteMode } from '../../bridge-contract/tab-output';
import {
  DICTIONARIES,
  DICTIONARY_NAMES,
  dictionaryPlatform,
  isDictionaryName,
  type DictionaryName,
} from '../../bridge-contract/dictionaries-catalogue';
import { formatCount } from '../ui/count-text';
import type { Choice } from '../ui/form-fields';
import { PLATFORM_NAMES } from '../search/search-options';

/** The Dictionaries section's form without the page: choices, the request, and what it says. */

export function dictionaryChoices(): Choice[] {
  return DICTIONARY_NAMES.map((name) => ({ value: name, label: DICTIONARIES[name].label }));
}

/** The platforms a dictionary exists for; none for one whose route names no platform. */
export function platformChoicesFor(name: DictionaryName): Choice[] {
  return DICTIONARIES[name].platforms.map((platform) => ({
    value: platform,
    label: PLATFORM_NAMES[platform],
  }));
}

export interface DictionaryFormValues {
  dictionary: string;
  platform: string;
  query: string;
}

/**
 * The request for the form's values: an unknown dictionary falls back to the first, a platform the
 * dictionary lacks to the dictionary's own (brands and interests are Instagram's).
 */
export function readDictionaryBrowse(values: DictionaryFormValues): DictionaryBrowse {
  const dictionary: DictionaryName = isDictionaryName(values.dictionary)
    ? values.dictionary
    : DICTIONARY_NAMES[0];
  const wanted = (Object.keys(PLATFORM_NAMES) as Platform[]).find((platform) => platform === values.platform);
  const platform = dictionaryPlatform(dictionary, wanted ?? 'instagram') ?? wanted ?? 'instagram';
  return { dictionary, platform, query: values.query.trim() };
}

/**
 * What "Write all" sends: the browse with the tab it goes into (issue 15). A blank name leaves the
 * naming to the worker's side (after the dictionary and the search), in every mode.
 */
export function dictionaryWriteRequest(
  browse: DictionaryBrowse,
  tabName: string,
  mode: TabWriteMode,
): DictionaryBrowse {
  return { ...browse, tab: { name: tabName.replace(/\s+/g, ' ').trim(), mode } };
}

/** Equal for requests that get the same answer. */
export function browseKey(browse: DictionaryBrowse): string {
  const platformless = DICTIONARIES[browse.dictionary].platforms.length === 0;
  return JSON.stringify([browse.dictionary, platformless ? null : browse.platform, browse.query]);
}

/** The write limit, stated before the user writes: "Up to 50,000 locations go into one tab; ..." */
export function dictionaryLimitText(name: DictionaryName): string {
  const entry = DICTIONARIES[name];
  return (
    `"Write all" puts every ${entry.noun.replace(/s$/, '')} matching the search (the whole list when it is ` +
    `blank) into the chosen tab, up to ${formatCount(entry.writeLimit)}; search to narrow a longer list.`
  );
}

/** The hint under the platform choice, for dictionaries that exist on some platforms only. */
export function platformNote(name: DictionaryName): string | null {
  const { platforms } = DICTIONARIES[name];
  if (platforms.length === 0) return 'The same list serves every platform.';
  if (platforms.length === 1) return `Exists for ${PLATFORM_NAMES[platforms[0]]} only.`;
  if (platforms.length < Object.keys(PLATFORM_NAMES).length) {
    return `Exists for ${platforms.map((platform) => PLATFORM_NAMES[platform]).join(' and ')} only.`;
  }
  return null;
}
