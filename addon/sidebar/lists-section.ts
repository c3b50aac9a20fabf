import { AI_LISTS_PER_ACCOUNT } from '../../shared/limits';
import { PLATFORMS } from '../../shared/platforms';
import type { ListDetail, ListSummary, MemberInput } from '../shared/lists-api';
import { whileBusy } from './busy';
import { readColumnSource } from './column-source';
import { countOf, formatCount } from './count-text';
import { createElement } from './create-element';
import { failureText } from './error-text';
import { button, checkboxField, factList, type Field, selectField, textField } from './form-fields';
import { filterLists, readNewList } from './lists-form';
import {
  checkFacts,
  deleteQuestion,
  listFacts,
  listLimitsFacts,
  listLine,
  LISTS_COST_TEXT,
  memberIdHint,
  moreListsText,
  shownMembersText,
  writtenText,
} from './lists-text';
import { PLATFORM_NAMES } from './search-options';
import type { SectionDefinition, SectionView, SidebarContext } from './sidebar-context';

/**
 * Lists: AI lists for AI search filters. Create one (platform fixed), pick one from the account's
 * lists, open it (exact member count, first members, all of them into a tab), add or remove
 * members from the selection or a column, delete it after a question. Everything here is free,
 * and says so. Main controls carry `lists-` ids for the browser tests.
 */

/** Gives a field's control a stable id, keeping its label tied to it (hint and error ids stay). */
function withId<C extends HTMLElement>(field: Field<C>, id: string): Field<C> {
  const label = field.wrapper.querySelector(`label[for="${field.control.id}"]`);
  field.control.id = id;
  label?.setAttribute('for', id);
  return field;
}

function withButtonId(element: HTMLButtonElement, id: string): HTMLButtonElement {
  element.id = id;
  return element;
}

/** Lists at which the search box shows. */
const FILTER_FROM = 10;

function renderListsSection(panel: HTMLElement, context: SidebarContext): SectionView {
  let lists: ListSummary[] | null = null;
  let opened: ListDetail | null = null;

  // Limits, shown up front.
  const limits = createElement('div', { class: 'lists-limits', id: 'lists-limits' });
  const showLimits = (): void => {
    limits.replaceChildren(factList(listLimitsFacts(lists === null ? null : lists.length)));
  };

  // New list.
  const createName = withId(
    textField({ label: 'Name', placeholder: 'Summer campaign', hint: 'Up to 100 characters.' }),
    'lists-create-name',
  );
  createName.control.maxLength = 100;
  const createPlatform = withId(
    selectField(
      'Platform',
      PLATFORMS.map((value) => ({ value, label: PLATFORM_NAMES[value] })),
      'instagram',
      'Fixed once created: members are user ids of this platform, and only AI searches on it can use the list.',
    ),
    'lists-create-platform',
  );
  const create = withButtonId(button('Create list (free)', { primary: true }), 'lists-create');
  const createBlocker = createElement('p', { class: 'hint', id: 'lists-create-blocker' });
  create.setAttribute('aria-describedby', 'lists-create-blocker');
  createName.control.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !create.disabled) create.click();
  });

  // The account's lists.
  const refresh = withButtonId(button('Refresh', { small: true }), 'lists-refresh');
  const filter = withId(textField({ label: 'Find a list', placeholder: 'Part of a name' }), 'lists-filter');
  const allLists = createElement('ul', { class: 'lists-all', id: 'lists-all', 'aria-label': 'Your lists' });
  const moreLists = createElement('p', { class: 'hint', 'aria-live': 'polite' });

  // The opened list.
  const detailHeading = createElement('h3', { id: 'lists-detail-name', tabindex: '-1' });
  const detailFacts = createElement('div', { id: 'lists-detail-facts', 'aria-live': 'polite' });
  const writeTab = withButtonId(
    button('Write members to a new tab (free)', { primary: true }),
    'lists-open-tab',
  );
  const reload = withButtonId(button('Reload', { small: true }), 'lists-reload');
  const close = withButtonId(button('Close', { small: true }), 'lists-close');
  const members = createElement('ul', {
    class: 'lists-members',
    id: 'lists-members',
    'aria-label': 'Members',
  });
  const shownText = createElement('p', { class: 'hint', id: 'lists-members-count', tabindex: '-1' });

  const idHint = createElement('p', { class: 'hint' });
  const source = withId(
    selectField('Ids from', [
      { value: 'selection', label: 'The selected cells' },
      { value: 'column', label: 'A column of a tab' },
    ]),
    'lists-add-source',
  );
  const sheetName = withId(textField({ label: 'Tab', placeholder: 'Sheet1' }), 'lists-add-sheet');
  const column = withId(
    textField({ label: 'Column', placeholder: 'B', hint: 'A letter, e.g. B.' }),
    'lists-add-column',
  );
  const firstRow = withId(
    textField({ label: 'First row', value: '2', inputMode: 'numeric', hint: 'Row 1 is usually the header.' }),
    'lists-add-first-row',
  );
  const columnBox = createElement('div', { class: 'subform', hidden: '' }, [
    sheetName.wrapper,
    column.wrapper,
    firstRow.wrapper,
  ]);
  const skipInvalid = withId(
    checkboxField(
      'Skip cells that are not user ids',
      false,
      'Otherwise a column with handles or typos is refused, naming the cells, and nothing changes.',
    ),
    'lists-add-skip-invalid',
  );
  const check = withButtonId(button('Check the cells'), 'lists-add-check');
  const add = withButtonId(button('Add to list (free)', { primary: true }), 'lists-add');
  const remove = withButtonId(button('Remove from list (free)'), 'lists-remove');
  const changeResult = createElement('div', {
    class: 'estimate',
    id: 'lists-change-result',
    'aria-live': 'polite',
  });

  const deleteButton = withButtonId(button('Delete list…'), 'lists-delete');
  const deleteText = createElement('p', { id: 'lists-delete-text' });
  const deleteConfirm = withButtonId(button('Delete for good', { primary: true }), 'lists-delete-confirm');
  const deleteCancel = withButtonId(button('Keep the list'), 'lists-delete-cancel');
  const deleteBox = createElement(
    'div',
    { class: 'question', id: 'lists-delete-question', role: 'alert', hidden: '' },
    [deleteText, createElement('div', { class: 'actions' }, [deleteConfirm, deleteCancel])],
  );

  const detail = createElement(
    'section',
    { class: 'lists-detail', id: 'lists-detail', 'aria-labelledby': 'lists-detail-name', hidden: '' },
    [
      detailHeading,
      detailFacts,
      createElement('div', { class: 'actions' }, [writeTab, reload, close]),
      createElement('h4', {}, ['Members']),
      members,
      shownText,
      createElement('h4', {}, ['Add or remove members']),
      idHint,
      source.wrapper,
      columnBox,
      skipInvalid.wrapper,
      createElement('div', { class: 'actions' }, [check, add, remove]),
      changeResult,
      createElement('h4', {}, ['Delete']),
      createElement('div', { class: 'actions' }, [deleteButton]),
      deleteBox,
    ],
  );

  const busyControls = (): (HTMLButtonElement | HTMLInputElement | HTMLSelectElement)[] => [
    create,
    refresh,
    writeTab,
    reload,
    close,
    check,
    add,
    remove,
    deleteButton,
    deleteConfirm,
    deleteCancel,
    ...Array.from(allLists.querySelectorAll('button')),
    ...Array.from(members.querySelectorAll('button')),
  ];

  const showLists = (): void => {
    const all = lists ?? [];
    // A handful of lists needs no search box; a query typed earlier must not hide them then.
    filter.wrapper.hidden = all.length <= FILTER_FROM;
    const { shown, matching } = filterLists(all, filter.wrapper.hidden ? '' : filter.control.value);
    allLists.replaceChildren(
      ...shown.map((list) => {
        const open = button('Open', { small: true });
        open.dataset.listId = list.id;
        open.setAttribute('aria-label', `Open ${list.name}`);
        if (opened !== null && opened.list.id === list.id) open.setAttribute('aria-current', 'true');
        open.addEventListener('click', () => openList(list.id, open));
        return createElement('li', {}, [
          createElement('div', { class: 'lists-item-text' }, [
            createElement('strong', {}, [list.name]),
            createElement('span', { class: 'hint' }, [listLine(list)]),
          ]),
          open,
        ]);
      }),
    );
    const more = lists === null ? 'Loading your lists…' : moreListsText(shown.length, matching, all.length);
    moreLists.textContent = more ?? '';
    moreLists.hidden = more === null;
    const full = all.length >= AI_LISTS_PER_ACCOUNT;
    create.disabled = full;
    createBlocker.textContent = full
      ? `The account holds ${formatCount(all.length)} lists, the most it may have: delete one before creating another.`
      : '';
    showLimits();
  };

  const showDetail = (): void => {
    deleteBox.hidden = true;
    if (opened === null) {
      detail.hidden = true;
      return;
    }
    const current = opened;
    detail.hidden = false;
    detailHeading.textContent = current.list.name;
    detailFacts.replaceChildren(factList(listFacts(current)));
    idHint.textContent = memberIdHint(current.list.platform);
    members.replaceChildren(
      ...current.shown.map((id) => {
        const drop = button('Remove', { small: true });
        drop.setAttribute('aria-label', `Remove ${id} from ${current.list.name}`);
        drop.addEventListener('click', () => removeOne(id, drop));
        return createElement('li', {}, [createElement('code', {}, [id]), drop]);
      }),
    );
    shownText.textContent = shownMembersText(current);
  };

  /** Keeps the list of lists in step with what an action learnt about one list. */
  const noteList = (list: ListSummary): void => {
    if (lists === null) return;
    const at = lists.findIndex((item) => item.id === list.id);
    if (at >= 0) lists[at] = list;
    else lists.unshift(list);
    showLists();
  };

  const loadLists = async (): Promise<void> => {
    try {
      lists = (await context.server.getListsOverview()).lists;
    } catch (error) {
      context.fail('read your lists', error);
    }
    showLists();
  };

  const openList = (listId: string, trigger: HTMLButtonElement): void => {
    void whileBusy(
      busyControls(),
      async () => {
        try {
          opened = await context.server.openAiList(listId);
          changeResult.replaceChildren();
          noteList(opened.list);
          showDetail();
          detailHeading.focus();
        } catch (error) {
          context.fail('open the list', error);
        }
      },
      { button: trigger, text: 'Opening…' },
    );
  };

  /** The cells to add or remove, or null after saying what is wrong with the choice of them. */
  const member = (): Extract<MemberInput, { kind: 'cells' }> | null => {
    const parsed = readColumnSource({
      kind: source.control.value === 'column' ? 'column' : 'selection',
      sheetName: sheetName.control.value,
      column: column.control.value,
      firstRow: firstRow.control.value,
    });
    if (!parsed.ok) {
      changeResult.replaceChildren(
        createElement('p', { class: 'field-error', role: 'alert' }, [parsed.message]),
      );
      return null;
    }
    return { kind: 'cells', source: parsed.value, skipInvalid: skipInvalid.control.checked };
  };

  const showChangeError = (action: string, error: unknown): void => {
    changeResult.replaceChildren(
      createElement('p', { class: 'field-error', role: 'alert' }, [failureText(action, error)]),
    );
  };

  const change = (kind: 'add' | 'remove', trigger: HTMLButtonElement): void => {
    const current = opened;
    if (current === null) return;
    const input = member();
    if (input === null) return;
    void whileBusy(
      busyControls(),
      async () => {
        changeResult.replaceChildren(
          createElement('p', { class: 'hint' }, ['Reading the cells and sending the ids…']),
        );
        try {
          const done =
            kind === 'add'
              ? await context.server.addAiListMembers(current.list.id, input)
              : await context.server.removeAiListMembers(current.list.id, input);
          changeResult.replaceChildren(createElement('p', { class: 'ok' }, [done.message]));
          context.status.success(done.message);
          // The members shown change with the list: read them again (free).
          opened = await context.server.openAiList(current.list.id);
          noteList(opened.list);
          showDetail();
        } catch (error) {
          showChangeError(kind === 'add' ? 'add the members' : 'remove the members', error);
        }
      },
      { button: trigger, text: kind === 'add' ? 'Adding…' : 'Removing…' },
    );
  };

  const removeOne = (id: string, trigger: HTMLButtonElement): void => {
    const current = opened;
    if (current === null) return;
    void whileBusy(
      busyControls(),
      async () => {
        try {
          const done = await context.server.removeAiListMembers(current.list.id, { kind: 'ids', ids: [id] });
          opened = {
            list: done.list,
            members: done.members,
            shown: current.shown.filter((shownId) => shownId !== id),
          };
          noteList(done.list);
          showDetail();
          context.status.success(done.message);
          shownText.focus();
        } catch (error) {
          context.fail('remove the member', error);
        }
      },
      { button: trigger, text: 'Removing…' },
    );
  };

  create.addEventListener('click', () => {
    const input = readNewList({ name: createName.control.value, platform: createPlatform.control.value });
    createName.setError(input.ok ? null : input.message);
    if (!input.ok) {
      createName.control.focus();
      return;
    }
    void whileBusy(
      busyControls(),
      async () => {
        try {
          const list = await context.server.createAiList(input.value.platform, input.value.name);
          opened = { list, members: 0, shown: [] };
          if (lists !== null) noteList(list);
          createName.control.value = '';
          changeResult.replaceChildren();
          showDetail();
          context.status.success(
            `Created "${list.name}" on ${PLATFORM_NAMES[list.platform]}. Add members below: select the ids, then Add to list.`,
          );
          detailHeading.focus();
        } catch (error) {
          context.fail('create the list', error);
        }
      },
      { button: create, text: 'Creating…' },
    );
  });

  refresh.addEventListener('click', () => {
    void whileBusy(busyControls(), loadLists, { button: refresh, text: 'Refreshing…' });
  });
  filter.control.addEventListener('input', showLists);

  writeTab.addEventListener('click', () => {
    const current = opened;
    if (current === null) return;
    void whileBusy(
      busyControls(),
      async () => {
        try {
          const tab = await context.server.writeAiListToTab(current.list.id);
          opened = { ...current, list: tab.list, members: tab.members };
          noteList(tab.list);
          showDetail();
          context.status.success(writtenText(tab.members, tab.sheetName));
        } catch (error) {
          context.fail('write the members into a tab', error);
        }
      },
      { button: writeTab, text: 'Writing…' },
    );
  });

  reload.addEventListener('click', () => {
    if (opened !== null) openList(opened.list.id, reload);
  });
  close.addEventListener('click', () => {
    opened = null;
    showDetail();
    showLists();
    allLists.querySelector('button')?.focus();
  });

  source.control.addEventListener('change', () => {
    columnBox.hidden = source.control.value !== 'column';
    changeResult.replaceChildren();
  });

  check.addEventListener('click', () => {
    const current = opened;
    if (current === null) return;
    const input = member();
    if (input === null) return;
    void whileBusy(
      busyControls(),
      async () => {
        changeResult.replaceChildren(createElement('p', { class: 'hint' }, ['Reading the cells…']));
        try {
          const result = await context.server.checkAiListMembers(current.list.id, input.source);
          changeResult.replaceChildren(
            factList(checkFacts(result)),
            createElement('p', {}, [result.summary]),
          );
        } catch (error) {
          showChangeError('check the cells', error);
        }
      },
      { button: check, text: 'Checking…' },
    );
  });
  add.addEventListener('click', () => change('add', add));
  remove.addEventListener('click', () => change('remove', remove));

  deleteButton.addEventListener('click', () => {
    if (opened === null) return;
    deleteText.textContent = deleteQuestion(opened);
    deleteBox.hidden = false;
    deleteCancel.focus();
  });
  deleteCancel.addEventListener('click', () => {
    deleteBox.hidden = true;
    deleteButton.focus();
  });
  deleteConfirm.addEventListener('click', () => {
    const current = opened;
    if (current === null) return;
    void whileBusy(
      busyControls(),
      async () => {
        try {
          await context.server.deleteAiList(current.list.id);
          if (lists !== null) lists = lists.filter((list) => list.id !== current.list.id);
          opened = null;
          showDetail();
          showLists();
          context.status.success(
            `Deleted "${current.list.name}" and its ${countOf(current.members, 'member')}.`,
          );
          refresh.focus();
        } catch (error) {
          context.fail('delete the list', error);
        }
      },
      { button: deleteConfirm, text: 'Deleting…' },
    );
  });

  panel.replaceChildren(
    createElement('h2', {}, ['Lists']),
    createElement('p', { class: 'intro' }, [
      'Creator lists for AI search: an AI search can keep to the members of a list, or leave them out.',
    ]),
    createElement('p', { class: 'cost', id: 'lists-cost' }, [LISTS_COST_TEXT]),
    limits,
    createElement('h3', {}, ['New list']),
    createName.wrapper,
    createPlatform.wrapper,
    createElement('div', { class: 'actions' }, [create]),
    createBlocker,
    detail,
    createElement('div', { class: 'section-head' }, [createElement('h3', {}, ['Your lists']), refresh]),
    filter.wrapper,
    allLists,
    moreLists,
  );
  showLists();
  void loadLists();
  return {
    onShow() {
      void loadLists();
    },
  };
}

export const listsSection: SectionDefinition = { title: 'Lists', render: renderListsSection };
