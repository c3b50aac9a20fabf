import type { Platform } from '../../../shared/platforms';
import type { DictionaryKind } from '../../bridge-contract/sidebar-api';
import { type Combobox, createCombobox } from '../ui/combobox';
import type { Field } from '../ui/form-fields';
import type { SearchField } from './search-form';
import type { SidebarContext } from '../sidebar-context';

/**
 * What the panels of the Search form share: each panel owns its fields and their events, and
 * names the fields that show their own errors, so the section can place every message the
 * mapping returns without knowing the fields.
 */

export type SearchFieldsByName = Partial<Record<SearchField, Field<HTMLElement>>>;

/** One panel of the form: what it shows, what it adds to the values, which fields show errors. */
export interface SearchPart<V> {
  elements: readonly Node[];
  read(): V;
  /** Puts kept values back (a saved search loaded, the last form restored). */
  write(values: V): void;
  fields: SearchFieldsByName;
}

/** What a panel needs from the section. */
export interface SearchPartContext {
  context: SidebarContext;
  platform(): Platform;
  /** Every edit maps the whole form again. */
  changed(): void;
}

/** "Any": no filter on the field. */
export const ANY = { value: '', label: 'Any' };

/** A typeahead over one of the platform's dictionaries; a pick maps the form again. */
export function dictionaryCombo(
  part: SearchPartContext,
  label: string,
  kind: DictionaryKind,
  multiple: boolean,
  placeholder: string,
): Combobox {
  return createCombobox({
    label,
    multiple,
    placeholder,
    search: (query: string) => part.context.server.lookupDictionary(part.platform(), kind, query),
    onChange: () => part.changed(),
  });
}
