import type { SheetInfo } from '../playground-api';
import { h } from './element';

interface SheetTabsCallbacks {
  onSelect(sheet: string): void;
  onAdd(): void;
}

/**
 * The tab bar under the grid: "+" adds a tab, the tabs switch (arrow keys move between them); the
 * strip scrolls, and the shown tab is always scrolled into it.
 */
export class SheetTabs {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private readonly add: HTMLButtonElement;
  private names: string[] = [];
  private active = '';

  constructor(private readonly callbacks: SheetTabsCallbacks) {
    this.add = h(
      'button',
      { type: 'button', class: 'add-tab', 'aria-label': 'Add a tab', title: 'Add a tab' },
      ['+'],
    );
    this.add.addEventListener('click', () => callbacks.onAdd());
    this.list = h('div', { role: 'tablist', 'aria-label': 'Tabs of the spreadsheet', class: 'sheet-tabs' });
    this.element = h('div', { class: 'tab-bar' }, [this.add, this.list]);
  }

  show(sheets: readonly SheetInfo[], active: string): void {
    const names = sheets.map((sheet) => sheet.name);
    if (names.join('\u0000') === this.names.join('\u0000') && active === this.active) return;
    const hadFocus = this.list.contains(document.activeElement);
    this.names = names;
    this.active = active;
    const tabs = names.map((name, index) => {
      const on = name === active;
      const tab = h(
        'button',
        {
          type: 'button',
          role: 'tab',
          class: 'sheet-tab',
          'aria-selected': String(on),
          'aria-controls': 'grid',
          tabindex: on ? '0' : '-1',
          'data-sheet': name,
        },
        [name],
      );
      tab.addEventListener('click', () => this.callbacks.onSelect(name));
      tab.addEventListener('keydown', (event) => {
        const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
        if (step === 0) return;
        event.preventDefault();
        const next = names[(index + step + names.length) % names.length];
        this.callbacks.onSelect(next);
      });
      return tab;
    });
    this.list.replaceChildren(...tabs);
    const shown = tabs.find((tab) => tab.dataset.sheet === active);
    // A new tab (or one the script switched to) may sit past the strip's edge: bring it into view.
    shown?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    if (hadFocus) shown?.focus();
  }

  setDisabled(disabled: boolean): void {
    this.add.disabled = disabled;
  }
}
