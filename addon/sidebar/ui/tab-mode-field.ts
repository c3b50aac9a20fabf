import { isTabWriteMode, type TabWriteMode } from '../../bridge-contract/tab-output';
import { createElement } from './create-element';
import { type Field, selectField, withId } from './form-fields';

/**
 * The choice of every form that writes a table (issue 15): a new tab each run, as before, or the
 * tab its name field names, replaced or added to below its table. The name field beside it reads
 * "New tab name" or "Tab name" to match, and offers the document's tabs as suggestions.
 */

const TAB_MODE_CHOICES: readonly { value: TabWriteMode; label: string }[] = [
  { value: 'new', label: 'A new tab each run' },
  { value: 'replace', label: 'This tab, replacing its contents' },
  { value: 'append', label: 'This tab, below its table' },
];

/** What the chosen mode does, in a sentence under the choice. */
export function tabModeHint(mode: TabWriteMode, tab: string, exists: boolean): string {
  const name = tab.trim() === '' ? 'the tab' : `"${tab.trim()}"`;
  if (mode === 'new') return 'A number is added to the name when a tab of that name exists.';
  if (!exists) return `${name} does not exist yet: it is made, with the header.`;
  if (mode === 'replace') return `Everything in ${name} is cleared, then the new table written.`;
  return `The rows go below the table in ${name}; its header must match, or nothing is started.`;
}

export interface TabModeField {
  field: Field<HTMLSelectElement>;
  /** The choice, its hint and a list of the document's tabs for the name field. */
  elements: readonly HTMLElement[];
  mode(): TabWriteMode;
  set(mode: string): void;
  /** Says what the mode does to the tab named now; relabels the name field. */
  show(): void;
  /** The document's tabs, offered by the name field (and to tell whether its tab exists). */
  setTabs(names: readonly string[]): void;
}

/** The choice beside a name field whose id is `nameField.control.id`; the select is `<idPrefix>-tab-mode`. */
export function createTabModeField(nameField: Field<HTMLInputElement>, idPrefix: string): TabModeField {
  const field = withId(selectField('Write into', TAB_MODE_CHOICES), `${idPrefix}-tab-mode`);
  const hint = createElement('p', { class: 'hint', id: `${idPrefix}-tab-mode-hint`, 'aria-live': 'polite' });
  field.control.setAttribute('aria-describedby', hint.id);
  const list = createElement('datalist', { id: `${idPrefix}-tab-names` });
  nameField.control.setAttribute('list', list.id);
  const label = nameField.wrapper.querySelector('label');
  let tabs: readonly string[] = [];
  const mode = (): TabWriteMode => (isTabWriteMode(field.control.value) ? field.control.value : 'new');
  const show = (): void => {
    const name = nameField.control.value;
    const exists = tabs.some((tab) => tab.toLowerCase() === name.trim().toLowerCase());
    hint.textContent = tabModeHint(mode(), name, exists);
    label?.replaceChildren(mode() === 'new' ? 'New tab name' : 'Tab name');
  };
  field.control.addEventListener('change', show);
  nameField.control.addEventListener('input', show);
  show();
  return {
    field,
    elements: [field.wrapper, hint, list],
    mode,
    set(next) {
      field.control.value = isTabWriteMode(next) ? next : 'new';
      show();
    },
    show,
    setTabs(names) {
      tabs = names;
      list.replaceChildren(...names.map((name) => createElement('option', { value: name })));
      show();
    },
  };
}
