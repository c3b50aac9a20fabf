import type { AiFilterDictionary } from '../../bridge-contract/ai-search-api';
import type { DictionaryKind, DictionaryOption } from '../../bridge-contract/sidebar-api';
import type { AiPartContext } from './ai-search-part';
import { type Combobox, createCombobox } from '../ui/combobox';

/** The typeaheads of the AI search filters and where their options come from. */

type Search = (text: string) => Promise<DictionaryOption[]>;

/** A typeahead's options with what was typed first, for tags that are not (yet) popular. */
export function withTyped(
  query: string,
  sign: '#' | '@',
  options: readonly DictionaryOption[],
): DictionaryOption[] {
  const typed = query.trim().replace(/^[#@]/, '');
  if (typed === '' || /\s/.test(typed)) return [...options];
  const exists = options.some((option) => String(option.id).toLowerCase() === typed.toLowerCase());
  return exists ? [...options] : [{ id: typed, label: `${sign}${typed} (as typed)` }, ...options];
}

/** Locations and languages, from the search dictionaries of the platform chosen. */
export function dictionarySearch(part: AiPartContext, kind: DictionaryKind): Search {
  return (text) => part.context.server.lookupDictionary(part.platform(), kind, text);
}

/** Brands, hashtags and mentions, from the AI filter lists; tags also offer what was typed. */
export function aiFilterSearch(part: AiPartContext, kind: AiFilterDictionary, sign?: '#' | '@'): Search {
  return async (text) => {
    const options = await part.context.server.lookupAiFilterOptions(part.platform(), kind, text);
    return sign === undefined ? options : withTyped(text, sign, options);
  };
}

export interface AiComboOptions {
  id: string;
  label: string;
  multiple: boolean;
  search: Search;
  placeholder: string;
  hint?: string;
}

/** A typeahead with the stable id browser tests find it by; a pick re-runs the mapping. */
export function aiCombo(part: AiPartContext, options: AiComboOptions): Combobox {
  const { id, ...rest } = options;
  const box = createCombobox({ ...rest, onChange: () => part.changed() });
  box.element.id = id;
  return box;
}
