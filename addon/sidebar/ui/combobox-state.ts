import type { DictionaryOption } from '../../bridge-contract/sidebar-api';

/**
 * The state of a dictionary picker (an ARIA combobox with a listbox popup and chips for the chosen
 * items) as pure functions, so the keyboard rules are tested without a browser; combobox.ts only
 * draws the state and feeds events in.
 */
export interface ComboboxState {
  readonly multiple: boolean;
  /** What the user typed. */
  readonly query: string;
  /** The suggestions for `query`, without the items already chosen. */
  readonly options: readonly DictionaryOption[];
  /** The highlighted suggestion (aria-activedescendant), -1 for none. */
  readonly activeIndex: number;
  readonly expanded: boolean;
  readonly chosen: readonly DictionaryOption[];
  /** Waiting for the suggestions of `query`. */
  readonly loading: boolean;
  /** A line under the field: no match, or why the look-up failed. */
  readonly message: string | null;
}

export function initialCombobox(multiple: boolean, chosen: readonly DictionaryOption[] = []): ComboboxState {
  return {
    multiple,
    query: '',
    options: [],
    activeIndex: -1,
    expanded: false,
    chosen,
    loading: false,
    message: null,
  };
}

/** Whether a query is worth a look-up: blanks only are not. */
export function isSearchable(query: string): boolean {
  return query.trim() !== '';
}

function sameOption(a: DictionaryOption, b: DictionaryOption): boolean {
  return a.id === b.id;
}

function isChosen(state: ComboboxState, option: DictionaryOption): boolean {
  return state.chosen.some((item) => sameOption(item, option));
}

export function typed(state: ComboboxState, query: string): ComboboxState {
  const searchable = isSearchable(query);
  return {
    ...state,
    query,
    options: searchable ? state.options : [],
    activeIndex: -1,
    expanded: searchable && state.expanded,
    loading: searchable,
    message: null,
  };
}

/** Suggestions arrived; those for an older query than the field holds now are ignored. */
export function optionsArrived(
  state: ComboboxState,
  query: string,
  options: readonly DictionaryOption[],
): ComboboxState {
  if (query !== state.query) return state;
  const fresh = options.filter((option) => !isChosen(state, option));
  return {
    ...state,
    options: fresh,
    activeIndex: -1,
    expanded: fresh.length > 0,
    loading: false,
    message: fresh.length > 0 ? null : `No match for "${query.trim()}": try another spelling.`,
  };
}

export function lookupFailed(state: ComboboxState, query: string, message: string): ComboboxState {
  if (query !== state.query) return state;
  return {
    ...state,
    options: [],
    activeIndex: -1,
    expanded: false,
    loading: false,
    message: `Could not look up "${query.trim()}": ${message}`,
  };
}

/** Takes the suggestion at `index`; a single-choice picker replaces its item. */
export function choose(state: ComboboxState, index: number): ComboboxState {
  const option = state.options[index];
  if (option === undefined) return state;
  const chosen = state.multiple ? [...state.chosen, option] : [option];
  return {
    ...state,
    chosen,
    query: '',
    options: [],
    activeIndex: -1,
    expanded: false,
    loading: false,
    message: null,
  };
}

export function removeChosen(state: ComboboxState, id: DictionaryOption['id']): ComboboxState {
  return { ...state, chosen: state.chosen.filter((item) => item.id !== id) };
}

export function clearChosen(state: ComboboxState): ComboboxState {
  return { ...state, chosen: [] };
}

export function collapse(state: ComboboxState): ComboboxState {
  return { ...state, expanded: false, activeIndex: -1 };
}

export interface KeyResult {
  state: ComboboxState;
  /** The key was used by the picker: the page must not act on it too (preventDefault). */
  handled: boolean;
}

/**
 * The keyboard of the ARIA combobox pattern: arrows move through the suggestions (opening the list
 * if closed, wrapping at the ends), Enter takes the highlighted one, Escape closes the list and then
 * clears the text, Backspace in an empty field removes the last chip.
 */
export function pressKey(state: ComboboxState, key: string): KeyResult {
  const count = state.options.length;
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { state, handled: false };
      if (!state.expanded) return { state: { ...state, expanded: true, activeIndex: 0 }, handled: true };
      return { state: { ...state, activeIndex: (state.activeIndex + 1) % count }, handled: true };
    case 'ArrowUp':
      if (count === 0) return { state, handled: false };
      if (!state.expanded)
        return { state: { ...state, expanded: true, activeIndex: count - 1 }, handled: true };
      return {
        state: { ...state, activeIndex: state.activeIndex <= 0 ? count - 1 : state.activeIndex - 1 },
        handled: true,
      };
    case 'Enter':
      if (!state.expanded || state.activeIndex < 0) return { state, handled: false };
      return { state: choose(state, state.activeIndex), handled: true };
    case 'Escape':
      if (state.expanded) return { state: collapse(state), handled: true };
      if (state.query !== '') return { state: typed(state, ''), handled: true };
      return { state, handled: false };
    case 'Backspace': {
      const last = state.chosen[state.chosen.length - 1];
      if (state.query !== '' || last === undefined) return { state, handled: false };
      return { state: removeChosen(state, last.id), handled: true };
    }
    case 'Tab':
      return { state: collapse(state), handled: false };
    default:
      return { state, handled: false };
  }
}
