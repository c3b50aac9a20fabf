import { AI_LISTS_PER_ACCOUNT } from '../../../shared/limits';
import { PLATFORMS } from '../../../shared/platforms';
import { formatCount } from '../ui/count-text';
import { createElement } from '../ui/create-element';
import { button, selectField, textField, withId } from '../ui/form-fields';
import { runListsCall, setOpened } from './lists-call';
import { readNewList } from './lists-form';
import type { ListsPage } from './lists-page';
import { PLATFORM_NAMES } from '../search/search-options';

export interface ListsCreatePanel {
  elements: readonly Node[];
  /** Creating is refused while the account holds the most lists it may. */
  showRoom(listCount: number): void;
}

function createFields() {
  const name = withId(
    textField({ label: 'Name', placeholder: 'Summer campaign', hint: 'Up to 100 characters.' }),
    'lists-create-name',
  );
  name.control.maxLength = 100;
  const platform = withId(
    selectField(
      'Platform',
      PLATFORMS.map((value) => ({ value, label: PLATFORM_NAMES[value] })),
      'instagram',
      'Fixed once created: members are user ids of this platform, and only AI searches on it can use the list.',
    ),
    'lists-create-platform',
  );
  const create = button('Create list (free)', { primary: true });
  create.id = 'lists-create';
  const blocker = createElement('p', { class: 'hint', id: 'lists-create-blocker' });
  create.setAttribute('aria-describedby', 'lists-create-blocker');
  return { name, platform, create, blocker };
}

/** "New list": a name and a platform (fixed once made); the new list opens at once. */
export function createListsCreatePanel(page: ListsPage): ListsCreatePanel {
  const { name, platform, create, blocker } = createFields();
  name.control.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !create.disabled) create.click();
  });

  create.addEventListener('click', () => {
    const input = readNewList({ name: name.control.value, platform: platform.control.value });
    name.setError(input.ok ? null : input.message);
    if (!input.ok) {
      name.control.focus();
      return;
    }
    runListsCall(page, { trigger: create, busyText: 'Creating…', action: 'create the list' }, async () => {
      const list = await page.context.server.createAiList(input.value.platform, input.value.name);
      setOpened(page, { list, members: 0, shown: [] });
      name.control.value = '';
      page.showOpened();
      page.context.status.success(
        `Created "${list.name}" on ${PLATFORM_NAMES[list.platform]}. Add members below: select the ids, then Add to list.`,
      );
    });
  });

  return {
    elements: [
      createElement('h3', {}, ['New list']),
      name.wrapper,
      platform.wrapper,
      createElement('div', { class: 'actions' }, [create]),
      blocker,
    ],
    showRoom(listCount) {
      const full = listCount >= AI_LISTS_PER_ACCOUNT;
      create.disabled = full;
      blocker.textContent = full
        ? `The account holds ${formatCount(listCount)} lists, the most it may have: delete one before creating another.`
        : '';
    },
  };
}
