import { createElement } from '../ui/create-element';
import { createListsCreatePanel } from './lists-create-panel';
import { createListsDetail, type ListsDetailPanel } from './lists-detail-panel';
import { createListsOverview, type ListsOverviewPanel } from './lists-overview-panel';
import { createListsPage } from './lists-page';
import { LISTS_COST_TEXT } from './lists-text';
import type { SectionDefinition, SectionView, SidebarContext } from '../sidebar-context';

/**
 * Lists: AI lists for AI search filters. Create one (platform fixed), pick one from the account's
 * lists, open it (exact member count, first members, all of them into a tab), add or remove
 * members from the selection or a column, delete it after a question. Everything here is free,
 * and says so. Main controls carry `lists-` ids for the browser tests.
 */
function renderListsSection(panel: HTMLElement, context: SidebarContext): SectionView {
  // The panels redraw one another through the page; they exist by the time anything redraws.
  let overview: ListsOverviewPanel | null = null;
  let detail: ListsDetailPanel | null = null;
  const page = createListsPage(panel, context, () => ({
    showLists: () => overview?.show(),
    showDetail: () => detail?.show(),
    showOpened: () => detail?.showOpened(),
    openList: (listId, trigger) => detail?.open(listId, trigger),
  }));
  const create = createListsCreatePanel(page);
  const lists = createListsOverview(page, create.showRoom);
  const opened = createListsDetail(page, {
    afterClose: lists.focusFirst,
    afterDelete: () => lists.refresh.focus(),
  });
  overview = lists;
  detail = opened;

  panel.replaceChildren(
    createElement('h2', {}, ['Lists']),
    createElement('p', { class: 'intro' }, [
      'Creator lists for AI search: an AI search can keep to the members of a list, or leave them out.',
    ]),
    createElement('p', { class: 'cost', id: 'lists-cost' }, [LISTS_COST_TEXT]),
    lists.limits,
    ...create.elements,
    opened.element,
    ...lists.elements,
  );
  lists.show();
  void lists.load();
  return {
    onShow() {
      void lists.load();
    },
  };
}

export const listsSection: SectionDefinition = { title: 'Lists', render: renderListsSection };
