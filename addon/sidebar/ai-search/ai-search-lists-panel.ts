import type { Platform } from '../../../shared/platforms';
import type { AiFilterValues } from './ai-filters-form';
import { type AiPartContext, type AiSearchPart, watchFields } from './ai-search-part';
import { formatCount } from '../ui/count-text';
import { createElement } from '../ui/create-element';
import { errorMessage } from '../server-calls/error-text';
import { button, detailsGroup, selectField, setChoices, withId } from '../ui/form-fields';
import { PLATFORM_NAMES } from '../search/search-options';

export type AiListFilter = Pick<AiFilterValues, 'listId' | 'listMode'>;

export interface AiListsPanel extends AiSearchPart<AiListFilter> {
  /** Lists belong to one platform: forget the ones loaded, and load the new platform's if open. */
  platformChanged(): void;
}

const NO_LIST = { value: '', label: 'No list' };

function listsMessageText(platform: Platform, count: number): string {
  if (count === 0) return `No ${PLATFORM_NAMES[platform]} lists yet: make one in the Lists tab.`;
  return `${formatCount(count)} ${PLATFORM_NAMES[platform]} ${count === 1 ? 'list' : 'lists'}. One list per search.`;
}

/**
 * The "Lists" filter: keep to, or leave out, the members of one AI list of the platform. The
 * account's lists load when the group is first opened, not with the form: most searches use none.
 */
export function createAiListsPanel(part: AiPartContext): AiListsPanel {
  const list = withId(selectField('AI list', [NO_LIST], ''), 'ai-search-list');
  const listMode = withId(
    selectField('Its members', [
      { value: 'include', label: 'Only creators in the list' },
      { value: 'exclude', label: 'Leave out creators in the list' },
    ]),
    'ai-search-list-mode',
  );
  const message = createElement('p', { class: 'hint', 'aria-live': 'polite' }, [
    'Lists of the platform above; make them in the Lists tab.',
  ]);
  const reload = button('Reload lists', { small: true });
  reload.id = 'ai-search-lists-reload';
  let loadedFor: Platform | null = null;

  const load = async (): Promise<void> => {
    const on = part.platform();
    message.textContent = 'Loading the lists…';
    try {
      const options = await part.context.server.listAiSearchLists(on);
      if (on !== part.platform()) return;
      loadedFor = on;
      setChoices(list.control, [
        NO_LIST,
        ...options.map((option) => ({ value: String(option.id), label: option.label })),
      ]);
      message.textContent = listsMessageText(on, options.length);
    } catch (error) {
      message.textContent = `Could not load the lists: ${errorMessage(error)}`;
    }
    part.changed();
  };

  reload.addEventListener('click', () => void load());
  const group = detailsGroup(
    'Lists',
    false,
    [list.wrapper, listMode.wrapper, message, reload],
    'ai-search-lists-group',
  );
  group.addEventListener('toggle', () => {
    if (group.open && loadedFor !== part.platform()) void load();
  });
  watchFields(part.changed, [], [list, listMode]);

  return {
    elements: [group],
    read: () => ({ listId: list.control.value, listMode: listMode.control.value }),
    write(values) {
      // The lists load when the group opens: until then a kept list stands as its id, kept if it still exists.
      if (values.listId !== '' && !Array.from(list.control.options).some((o) => o.value === values.listId)) {
        setChoices(
          list.control,
          [NO_LIST, { value: values.listId, label: `List ${values.listId}` }],
          values.listId,
        );
      } else {
        list.control.value = values.listId;
      }
      listMode.control.value = values.listMode === 'exclude' ? 'exclude' : 'include';
    },
    errors: { listMode },
    platformChanged() {
      loadedFor = null;
      setChoices(list.control, [NO_LIST], '');
      if (group.open) void load();
    },
  };
}
