import { createElement } from './create-element';
import { nextTabIndex } from './tab-keys';

export interface TabDefinition<I extends string> {
  id: I;
  title: string;
}

export interface Tabs<I extends string> {
  select(id: I, options?: { focus?: boolean }): void;
  readonly selected: I;
}

/**
 * ARIA tabs: a tablist of buttons (aria-selected, roving tabindex so Tab enters the list once and
 * arrows move inside it) controlling one tabpanel each. Panels are kept once made, so switching
 * tabs never loses what was typed in a form.
 */
export function createTabs<I extends string>(
  tablist: HTMLElement,
  panelHost: HTMLElement,
  definitions: readonly TabDefinition<I>[],
  onSelect: (id: I, panel: HTMLElement) => void,
): Tabs<I> {
  tablist.setAttribute('role', 'tablist');
  const entries = definitions.map((definition) => {
    const tab = createElement(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: `tab-${definition.id}`,
        'aria-controls': `panel-${definition.id}`,
        'aria-selected': 'false',
        tabindex: '-1',
      },
      [definition.title],
    );
    const panel = createElement('section', {
      role: 'tabpanel',
      id: `panel-${definition.id}`,
      'aria-labelledby': `tab-${definition.id}`,
      tabindex: '0',
      hidden: '',
    });
    return { definition, tab, panel };
  });
  let selected = definitions[0].id;

  const select = (id: I, options: { focus?: boolean } = {}): void => {
    selected = id;
    for (const entry of entries) {
      const on = entry.definition.id === id;
      entry.tab.setAttribute('aria-selected', String(on));
      entry.tab.tabIndex = on ? 0 : -1;
      entry.panel.hidden = !on;
      if (on) {
        if (options.focus) entry.tab.focus();
        onSelect(id, entry.panel);
      }
    }
  };

  entries.forEach((entry, index) => {
    entry.tab.addEventListener('click', () => select(entry.definition.id));
    entry.tab.addEventListener('keydown', (event) => {
      const next = nextTabIndex(index, event.key, entries.length);
      if (next === null) return;
      event.preventDefault();
      select(entries[next].definition.id, { focus: true });
    });
  });
  tablist.replaceChildren(...entries.map((entry) => entry.tab));
  panelHost.replaceChildren(...entries.map((entry) => entry.panel));

  return {
    select,
    get selected() {
      return selected;
    },
  };
}
