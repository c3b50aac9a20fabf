import type { DictionaryOption } from '../../bridge-contract/sidebar-api';
import {
  choose,
  clearChosen,
  collapse,
  type ComboboxState,
  initialCombobox,
  isSearchable,
  lookupFailed,
  optionsArrived,
  pressKey,
  removeChosen,
  typed,
} from './combobox-state';
import { createElement } from './create-element';
import { debounce } from '../server-calls/debounce';
import { errorMessage } from '../server-calls/error-text';
import { uniqueId } from './form-fields';
import { latestOnly, STALE } from '../server-calls/latest-only';

/** Dictionary look-ups wait until typing pauses this long. */
export const LOOKUP_DEBOUNCE_MS = 300;

export interface ComboboxOptions {
  label: string;
  multiple: boolean;
  placeholder?: string;
  hint?: string;
  search(query: string): Promise<DictionaryOption[]>;
  onChange?(chosen: readonly DictionaryOption[]): void;
}

export interface Combobox {
  element: HTMLElement;
  input: HTMLInputElement;
  chosen(): readonly DictionaryOption[];
  clear(): void;
  /** Puts these items in as chosen (a saved form loaded); one at most for a single choice. */
  choose(items: readonly DictionaryOption[]): void;
}

/**
 * A picker for dictionary items (ARIA 1.2 combobox with a listbox popup): type, wait for the
 * suggestions, take one with the arrows and Enter or a click; chosen items show as chips with a
 * remove button. The rules live in combobox-state.ts; this draws them.
 */
export function createCombobox(options: ComboboxOptions): Combobox {
  const inputId = uniqueId('combo');
  const listId = `${inputId}-list`;
  const messageId = `${inputId}-message`;
  const hintId = `${inputId}-hint`;
  const input = createElement('input', {
    type: 'text',
    id: inputId,
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': listId,
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': options.hint === undefined ? messageId : `${hintId} ${messageId}`,
  });
  if (options.placeholder !== undefined) input.placeholder = options.placeholder;
  const chips = createElement('ul', { class: 'chips', 'aria-label': `Chosen: ${options.label}` });
  const listbox = createElement('ul', {
    role: 'listbox',
    id: listId,
    class: 'listbox',
    'aria-label': options.label,
  });
  const message = createElement('p', { class: 'hint combo-message', id: messageId, 'aria-live': 'polite' });
  const parts: Node[] = [createElement('label', { for: inputId }, [options.label]), chips];
  parts.push(createElement('div', { class: 'combo-input' }, [input, listbox]));
  if (options.hint !== undefined)
    parts.push(createElement('p', { class: 'hint', id: hintId }, [options.hint]));
  parts.push(message);
  const element = createElement('div', { class: 'field combobox' }, parts);

  let state: ComboboxState = initialCombobox(options.multiple);
  const lookup = latestOnly((query: string) => options.search(query.trim()));

  const set = (next: ComboboxState): void => {
    const chosenChanged = next.chosen !== state.chosen;
    state = next;
    render();
    if (chosenChanged) options.onChange?.(state.chosen);
  };

  const runLookup = debounce((query: string) => {
    lookup(query).then(
      (found) => {
        if (found !== STALE) set(optionsArrived(state, query, found));
      },
      (error: unknown) => set(lookupFailed(state, query, errorMessage(error))),
    );
  }, LOOKUP_DEBOUNCE_MS);

  const render = (): void => {
    if (input.value !== state.query) input.value = state.query;
    input.setAttribute('aria-expanded', String(state.expanded));
    listbox.hidden = !state.expanded;
    listbox.replaceChildren(
      ...state.options.map((option, index) => {
        const item = createElement(
          'li',
          {
            role: 'option',
            id: `${listId}-${index}`,
            'aria-selected': String(index === state.activeIndex),
          },
          [option.label],
        );
        // mousedown would blur the input (and close the list) before the click lands.
        item.addEventListener('mousedown', (event) => event.preventDefault());
        item.addEventListener('click', () => {
          set(choose(state, index));
          input.focus();
        });
        return item;
      }),
    );
    if (state.expanded && state.activeIndex >= 0) {
      input.setAttribute('aria-activedescendant', `${listId}-${state.activeIndex}`);
      document.getElementById(`${listId}-${state.activeIndex}`)?.scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
    message.textContent = state.loading
      ? 'Looking up…'
      : (state.message ??
        (state.expanded ? `${state.options.length} suggestions: use the arrow keys and Enter.` : ''));
    chips.replaceChildren(
      ...state.chosen.map((option) => {
        const remove = createElement(
          'button',
          { type: 'button', class: 'chip-remove', 'aria-label': `Remove ${option.label}` },
          ['×'],
        );
        remove.addEventListener('click', () => {
          set(removeChosen(state, option.id));
          input.focus();
        });
        return createElement('li', { class: 'chip' }, [createElement('span', {}, [option.label]), remove]);
      }),
    );
    chips.hidden = state.chosen.length === 0;
  };

  input.addEventListener('input', () => {
    set(typed(state, input.value));
    if (isSearchable(input.value)) runLookup(input.value);
    else runLookup.cancel();
  });
  input.addEventListener('keydown', (event) => {
    const result = pressKey(state, event.key);
    if (result.handled) event.preventDefault();
    if (result.state !== state) set(result.state);
  });
  input.addEventListener('blur', () => set(collapse(state)));
  render();

  return {
    element,
    input,
    chosen: () => state.chosen,
    clear: () => set(clearChosen(state)),
    choose: (items) =>
      set(initialCombobox(options.multiple, options.multiple ? [...items] : items.slice(0, 1))),
  };
}
