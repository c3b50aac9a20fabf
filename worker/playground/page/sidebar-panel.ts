import { PLAYGROUND_ROUTES, type SidebarInfo } from '../playground-api';
import { h } from './element';

/**
 * The add-on's sidebar beside the grid, 300 px wide as in Sheets: the page the script gave
 * HtmlService, in an iframe, with google.script.run provided (page/script-run-shim.ts). A new
 * sidebar from the script (a menu item, the first open) replaces the shown one; closing it
 * unloads the page, as Sheets does.
 */
export class SidebarPanel {
  readonly element: HTMLElement;
  private readonly title: HTMLElement;
  private readonly frame: HTMLIFrameElement;
  private shownId = 0;

  constructor() {
    this.title = h('h2', { id: 'sidebar-title', class: 'sidebar-title' }, ['Sidebar']);
    const close = h(
      'button',
      { type: 'button', class: 'sidebar-close', 'aria-label': 'Close the sidebar', title: 'Close' },
      ['×'],
    );
    close.addEventListener('click', () => this.close());
    this.frame = h('iframe', { id: 'sidebar-frame', title: 'Add-on sidebar', src: 'about:blank' });
    this.element = h('aside', { class: 'sidebar-panel', 'aria-labelledby': 'sidebar-title', hidden: '' }, [
      h('div', { class: 'sidebar-head' }, [this.title, close]),
      this.frame,
    ]);
  }

  /** Opens a sidebar the playground has not shown yet. */
  show(sidebar: SidebarInfo | null): void {
    if (sidebar === null || sidebar.id <= this.shownId) return;
    this.shownId = sidebar.id;
    this.title.textContent = sidebar.title;
    this.frame.title = `${sidebar.title} sidebar`;
    this.frame.src = `${PLAYGROUND_ROUTES.sidebar}/${sidebar.id}`;
    this.element.hidden = false;
  }

  close(): void {
    this.element.hidden = true;
    this.frame.src = 'about:blank';
  }

  /** Whether a message came from the sidebar's page. */
  owns(source: MessageEventSource | null): boolean {
    return source !== null && source === this.frame.contentWindow;
  }
}
