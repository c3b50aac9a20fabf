import type { ListSummary } from '../../bridge-contract/lists-api';
import { createElement } from '../ui/create-element';
import { button, factList, textField, withId } from '../ui/form-fields';
import { filterLists } from './lists-form';
import type { ListsPage } from './lists-page';
import { listLimitsFacts, listLine, moreListsText } from './lists-text';

/** Lists at which the search box shows. */
const FILTER_FROM = 10;

export interface ListsOverviewPanel {
  /** The limits, shown up front. */
  limits: HTMLElement;
  /** "Your lists": the account's lists, with a search box once there are many. */
  elements: readonly Node[];
  refresh: HTMLButtonElement;
  show(): void;
  load(): Promise<void>;
  /** Back to the lists after closing one. */
  focusFirst(): void;
}

function listItem(page: ListsPage, list: ListSummary): HTMLLIElement {
  const open = button('Open', { small: true });
  open.dataset.listId = list.id;
  open.setAttribute('aria-label', `Open ${list.name}`);
  if (page.opened !== null && page.opened.list.id === list.id) open.setAttribute('aria-current', 'true');
  open.addEventListener('click', () => page.openList(list.id, open));
  return createElement('li', {}, [
    createElement('div', { class: 'lists-item-text' }, [
      createElement('strong', {}, [list.name]),
      createElement('span', { class: 'hint' }, [listLine(list)]),
    ]),
    open,
  ]);
}

/** The account's lists, each with Open; `afterShow` learns how many there are. */
export function createListsOverview(
  page: ListsPage,
  afterShow: (listCount: number) => void,
): ListsOverviewPanel {
  const limits = createElement('div', { class: 'lists-limits', id: 'lists-limits' });
  const refresh = button('Refresh', { small: true });
  refresh.id = 'lists-refresh';
  const filter = withId(textField({ label: 'Find a list', placeholder: 'Part of a name' }), 'lists-filter');
  const allLists = createElement('ul', { class: 'lists-all', id: 'lists-all', 'aria-label': 'Your lists' });
  const moreLists = createElement('p', { class: 'hint', 'aria-live': 'polite' });

  const show = (): void => {
    const all = page.lists ?? [];
    // A handful of lists needs no search box; a query typed earlier must not hide them then.
    filter.wrapper.hidden = all.length <= FILTER_FROM;
    const { shown, matching } = filterLists(all, filter.wrapper.hidden ? '' : filter.control.value);
    allLists.replaceChildren(...shown.map((list) => listItem(page, list)));
    const more =
      page.lists === null ? 'Loading your lists…' : moreListsText(shown.length, matching, all.length);
    moreLists.textContent = more ?? '';
    moreLists.hidden = more === null;
    afterShow(all.length);
    limits.replaceChildren(factList(listLimitsFacts(page.lists === null ? null : page.lists.length)));
  };

  const load = async (): Promise<void> => {
    try {
      page.lists = (await page.context.server.getListsOverview()).lists;
    } catch (error) {
      page.context.fail('read your lists', error);
    }
    show();
  };

  refresh.addEventListener('click', () => void page.busy(load, refresh, 'Refreshing…'));
  filter.control.addEventListener('input', show);

  return {
    limits,
    elements: [
      createElement('div', { class: 'section-head' }, [createElement('h3', {}, ['Your lists']), refresh]),
      filter.wrapper,
      allLists,
      moreLists,
    ],
    refresh,
    show,
    load,
    focusFirst: () => allLists.querySelector('button')?.focus(),
  };
}
