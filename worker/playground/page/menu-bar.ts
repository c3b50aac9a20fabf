import type { MenuInfo } from '../playground-api';
import { h } from './element';

interface MenuBarCallbacks {
  /** A menu item was chosen: `menu` is its menu's caption (an add-on's is the add-on's name). */
  onItem(menu: string, item: string): void;
}

interface Dropdown {
  button: HTMLButtonElement;
  list: HTMLElement;
}

/**
 * The menus the script added: an add-on's under Extensions (as Sheets puts them), other menus
 * beside it. Menu buttons in the ARIA pattern: Enter, Space or Down opens and focuses the first
 * item, arrows move, Escape (wherever the focus is) closes and goes back to the button.
 */
export class MenuBar {
  readonly element: HTMLElement;
  private readonly menus: HTMLElement;
  private shown = '';
  private open: Dropdown | null = null;

  constructor(
    private readonly callbacks: MenuBarCallbacks,
    extra: HTMLElement[],
  ) {
    this.menus = h('div', { class: 'menus' });
    this.element = h('nav', { class: 'menu-bar', 'aria-label': 'Menus and tools' }, [this.menus, ...extra]);
    document.addEventListener('mousedown', (event) => {
      if (this.open !== null && !this.open.button.parentElement?.contains(event.target as Node))
        this.close(false);
    });
    // Escape closes an open menu wherever the focus is (a click opens one with the focus on its button).
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || this.open === null) return;
      event.preventDefault();
      this.close(true);
    });
  }

  show(menus: readonly MenuInfo[]): void {
    const key = JSON.stringify(menus);
    if (key === this.shown) return;
    this.shown = key;
    const addons = menus.filter((menu) => menu.addon);
    const own = menus.filter((menu) => !menu.addon);
    const dropdowns = [
      this.dropdown(
        'Extensions',
        addons.length === 0
          ? [h('p', { class: 'menu-empty' }, ['No add-on menus yet'])]
          : addons.flatMap((menu) => this.group(menu, true)),
      ),
      ...own.map((menu) => this.dropdown(menu.caption, this.group(menu, false))),
    ];
    this.menus.replaceChildren(...dropdowns);
  }

  private group(menu: MenuInfo, titled: boolean): HTMLElement[] {
    const items = menu.items.map((item) => {
      if (item === 'separator') return h('div', { role: 'separator', class: 'menu-separator' });
      const button = h('button', { type: 'button', role: 'menuitem', tabindex: '-1', class: 'menu-item' }, [
        item.caption,
      ]);
      button.addEventListener('click', () => {
        this.close(true);
        this.callbacks.onItem(menu.caption, item.caption);
      });
      return button;
    });
    if (!titled) return items;
    return [
      h('div', { role: 'group', 'aria-label': menu.caption, class: 'menu-group' }, [
        h('div', { class: 'menu-heading', 'aria-hidden': 'true' }, [menu.caption]),
        ...items,
      ]),
    ];
  }

  private dropdown(caption: string, children: HTMLElement[]): HTMLElement {
    const id = `menu-${caption.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    const button = h(
      'button',
      {
        type: 'button',
        class: 'menu-button',
        id,
        'aria-haspopup': 'menu',
        'aria-expanded': 'false',
        'aria-controls': `${id}-list`,
      },
      [caption],
    );
    const list = h(
      'div',
      { role: 'menu', id: `${id}-list`, 'aria-labelledby': id, class: 'menu-list', hidden: '' },
      children,
    );
    const dropdown: Dropdown = { button, list };
    const items = (): HTMLButtonElement[] =>
      Array.from(list.querySelectorAll<HTMLButtonElement>('[role="menuitem"]'));
    button.addEventListener('click', () =>
      this.open === dropdown ? this.close(true) : this.openMenu(dropdown, false),
    );
    button.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        this.openMenu(dropdown, true);
      }
    });
    list.addEventListener('keydown', (event) => {
      const all = items();
      const at = all.indexOf(document.activeElement as HTMLButtonElement);
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        all[(at + step + all.length) % all.length]?.focus();
      } else if (event.key === 'Home' || event.key === 'End') {
        event.preventDefault();
        (event.key === 'Home' ? all[0] : all[all.length - 1])?.focus();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        this.close(true);
      } else if (event.key === 'Tab') {
        this.close(false);
      }
    });
    return h('div', { class: 'menu' }, [button, list]);
  }

  private openMenu(dropdown: Dropdown, focusFirst: boolean): void {
    this.close(false);
    this.open = dropdown;
    dropdown.list.hidden = false;
    dropdown.button.setAttribute('aria-expanded', 'true');
    const first = dropdown.list.querySelector<HTMLButtonElement>('[role="menuitem"]');
    if (focusFirst) first?.focus();
  }

  private close(refocus: boolean): void {
    const open = this.open;
    if (open === null) return;
    this.open = null;
    open.list.hidden = true;
    open.button.setAttribute('aria-expanded', 'false');
    if (refocus) open.button.focus();
  }
}
