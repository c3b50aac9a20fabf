import type { TabOutput } from '../../bridge-contract/tab-output';
import { createElement } from '../ui/create-element';
import { button, factList, textField, withId } from '../ui/form-fields';
import { createListsDelete } from './lists-delete';
import { createListsMembersChange } from './lists-members-change';
import type { ListsPage } from './lists-page';
import { listFacts, memberIdHint, shownMembersText, writtenText } from './lists-text';
import { createTabModeField, type TabModeField } from '../ui/tab-mode-field';

export interface ListsDetailPanel {
  element: HTMLElement;
  show(): void;
  showOpened(): void;
  open(listId: string, trigger: HTMLButtonElement): void;
}

function detailButtons() {
  const make = (label: string, id: string, options: { primary?: boolean; small?: boolean }) => {
    const made = button(label, options);
    made.id = id;
    return made;
  };
  return {
    writeTab: make('Write members to the tab (free)', 'lists-open-tab', { primary: true }),
    reload: make('Reload', 'lists-reload', { small: true }),
    close: make('Close', 'lists-close', { small: true }),
  };
}

/**
 * The opened list: its exact member count and first members (each removable), all of them into
 * a tab, adding or removing members, deleting it. Hidden while no list is open.
 */
export function createListsDetail(
  page: ListsPage,
  focus: { afterClose(): void; afterDelete(): void },
): ListsDetailPanel {
  const heading = createElement('h3', { id: 'lists-detail-name', tabindex: '-1' });
  const facts = createElement('div', { id: 'lists-detail-facts', 'aria-live': 'polite' });
  const { writeTab, reload, close } = detailButtons();
  const members = createElement('ul', {
    class: 'lists-members',
    id: 'lists-members',
    'aria-label': 'Members',
  });
  const shownText = createElement('p', { class: 'hint', id: 'lists-members-count', tabindex: '-1' });
  const change = createListsMembersChange(page);
  const deletion = createListsDelete(page, focus.afterDelete);
  const tab = tabChoice();
  const element = createElement(
    'section',
    { class: 'lists-detail', id: 'lists-detail', 'aria-labelledby': 'lists-detail-name', hidden: '' },
    [
      heading,
      facts,
      ...tab.elements,
      createElement('div', { class: 'actions' }, [writeTab, reload, close]),
      createElement('h4', {}, ['Members']),
      members,
      shownText,
      ...change.elements,
      ...deletion.elements,
    ],
  );

  const memberItem = (id: string, listName: string): HTMLLIElement => {
    const drop = button('Remove', { small: true });
    drop.setAttribute('aria-label', `Remove ${id} from ${listName}`);
    drop.addEventListener('click', () =>
      removeMember(page, id, drop, { show, focus: () => shownText.focus() }),
    );
    return createElement('li', {}, [createElement('code', {}, [id]), drop]);
  };

  const show = (): void => {
    deletion.hide();
    const current = page.opened;
    element.hidden = current === null;
    if (current === null) return;
    heading.textContent = current.list.name;
    facts.replaceChildren(factList(listFacts(current)));
    change.showHint(memberIdHint(current.list.platform));
    members.replaceChildren(...current.shown.map((id) => memberItem(id, current.list.name)));
    shownText.textContent = shownMembersText(current);
  };

  const showOpened = (): void => {
    change.clear();
    show();
    heading.focus();
  };

  const open = (listId: string, trigger: HTMLButtonElement): void => {
    void page.busy(
      async () => {
        try {
          page.opened = await page.context.server.openAiList(listId);
          page.noteList(page.opened.list);
          showOpened();
        } catch (error) {
          page.context.fail('open the list', error);
        }
      },
      trigger,
      'Opening…',
    );
  };

  const panel: ListsDetailPanel = { element, show, showOpened, open };
  wireActions(page, { writeTab, reload, close }, panel, focus.afterClose, tab.output);
  // The tab name field offers the document's tabs.
  const showTabs = (): void => {
    page.context.server.listTabNames().then(tab.tabMode.setTabs, () => undefined);
  };
  showTabs();
  return panel;
}

/** Removes one member shown, then redraws the list without it and moves focus to the count. */
function removeMember(
  page: ListsPage,
  id: string,
  trigger: HTMLButtonElement,
  after: { show(): void; focus(): void },
): void {
  const current = page.opened;
  if (current === null) return;
  void page.busy(
    async () => {
      try {
        const done = await page.context.server.removeAiListMembers(current.list.id, {
          kind: 'ids',
          ids: [id],
        });
        page.opened = {
          list: done.list,
          members: done.members,
          shown: current.shown.filter((shownId) => shownId !== id),
        };
        page.noteList(done.list);
        after.show();
        page.context.status.success(done.message);
        after.focus();
      } catch (error) {
        page.context.fail('remove the member', error);
      }
    },
    trigger,
    'Removing…',
  );
}

/** Where the members go (issue 15): "List <name>" or a name typed, new, replaced or added to. */
function tabChoice(): { elements: HTMLElement[]; output(): TabOutput; tabMode: TabModeField } {
  const name = withId(
    textField({ label: 'New tab name', placeholder: 'List and its name' }),
    'lists-tab-name',
  );
  const tabMode = createTabModeField(name, 'lists');
  return {
    elements: [name.wrapper, ...tabMode.elements],
    output: () => ({ name: name.control.value.trim(), mode: tabMode.mode() }),
    tabMode,
  };
}

/** The opened list's own buttons: all members into a tab, read it again, close it. */
function wireActions(
  page: ListsPage,
  buttons: { writeTab: HTMLButtonElement; reload: HTMLButtonElement; close: HTMLButtonElement },
  detail: ListsDetailPanel,
  afterClose: () => void,
  output: () => TabOutput,
): void {
  const { writeTab, reload, close } = buttons;
  writeTab.addEventListener('click', () => {
    const current = page.opened;
    if (current === null) return;
    void page.busy(
      async () => {
        try {
          const tab = await page.context.server.writeAiListToTab(current.list.id, output());
          page.opened = { ...current, list: tab.list, members: tab.members };
          page.noteList(tab.list);
          detail.show();
          page.context.status.success(writtenText(tab.members, tab.sheetName));
        } catch (error) {
          page.context.fail('write the members into a tab', error);
        }
      },
      writeTab,
      'Writing…',
    );
  });
  reload.addEventListener('click', () => {
    if (page.opened !== null) detail.open(page.opened.list.id, reload);
  });
  close.addEventListener('click', () => {
    page.opened = null;
    detail.show();
    page.showLists();
    afterClose();
  });
}
