import type { ListDetail, ListSummary } from '../../bridge-contract/lists-api';
import { whileBusy } from '../ui/busy';
import type { SidebarContext } from '../sidebar-context';

/**
 * What the panels of the Lists section share: the account's lists and the one opened, and the
 * redraws any action may need. One server call at a time: every button of the section waits.
 */
export interface ListsPage {
  context: SidebarContext;
  /** The account's lists; null until read. */
  lists: ListSummary[] | null;
  opened: ListDetail | null;
  /** Runs a server call with every button of the section off, the trigger saying what it does. */
  busy(task: () => Promise<void>, trigger: HTMLButtonElement, text: string): Promise<void>;
  showLists(): void;
  showDetail(): void;
  /** Shows the list just opened or made: its details, no earlier change result, focus on its name. */
  showOpened(): void;
  openList(listId: string, trigger: HTMLButtonElement): void;
  /** Keeps the list of lists in step with what an action learnt about one list. */
  noteList(list: ListSummary): void;
}

export type ListsRedraws = Pick<ListsPage, 'showLists' | 'showDetail' | 'showOpened' | 'openList'>;

export function createListsPage(
  panel: HTMLElement,
  context: SidebarContext,
  redraws: () => ListsRedraws,
): ListsPage {
  const page: ListsPage = {
    context,
    lists: null,
    opened: null,
    busy: (task, trigger, text) =>
      whileBusy(Array.from(panel.querySelectorAll('button')), task, { button: trigger, text }),
    showLists: () => redraws().showLists(),
    showDetail: () => redraws().showDetail(),
    showOpened: () => redraws().showOpened(),
    openList: (listId, trigger) => redraws().openList(listId, trigger),
    noteList(list) {
      if (page.lists === null) return;
      const at = page.lists.findIndex((item) => item.id === list.id);
      if (at >= 0) page.lists[at] = list;
      else page.lists.unshift(list);
      page.showLists();
    },
  };
  return page;
}
