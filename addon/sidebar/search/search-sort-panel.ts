import type { Platform } from '../../../shared/platforms';
import { watchFields } from '../ai-search/ai-search-part';
import { detailsGroup, fieldPair, selectField, setChoices, textField, withId } from '../ui/form-fields';
import { writeChoice, writeText } from '../ui/form-write';
import type { SearchFormValues } from './search-form';
import { MAX_SEARCH_PAGES, sortChoicesFor } from './search-options';
import type { SearchPart } from './search-part';
import { suggestSearchTitle } from './search-title';
import { createTabModeField, type TabModeField } from '../ui/tab-mode-field';

export type SortValues = Pick<
  SearchFormValues,
  'sortField' | 'sortDirection' | 'pages' | 'title' | 'tabMode'
>;

export interface SearchSortPanel extends SearchPart<SortValues> {
  /** The sort fields are the platform's: offer them, keeping the one chosen when it has it. */
  showSortChoices(platform: Platform): void;
  /** Names the new tab after the filters until the user names it; the values take the name. */
  suggestTitle(values: SearchFormValues): void;
  /** The user typed the tab's name (else it follows the filters). */
  titleEdited(): boolean;
  /** New tab, replace or append, and the document's tabs it offers. */
  tabMode: TabModeField;
}

function sortFields(defaults: SearchFormValues) {
  const sortField = selectField('Sort by', []);
  const sortDirection = selectField(
    'Order',
    [
      { value: 'desc', label: 'Highest first' },
      { value: 'asc', label: 'Lowest first' },
    ],
    defaults.sortDirection,
  );
  const pages = textField({
    label: 'Pages',
    value: defaults.pages,
    inputMode: 'numeric',
    hint: `15 creators per page, up to ${MAX_SEARCH_PAGES} pages.`,
  });
  const title = withId(
    textField({ label: 'New tab name', hint: 'Made from the filters until you change it.' }),
    'search-title',
  );
  return { sortField, sortDirection, pages, title };
}

/** "Sort and size": the order, how many pages, the tab's name and what a run does to it. */
export function createSearchSortPanel(changed: () => void, defaults: SearchFormValues): SearchSortPanel {
  const { sortField, sortDirection, pages, title } = sortFields(defaults);
  const tabMode = createTabModeField(title, 'search');
  let titleEdited = false;
  title.control.addEventListener('input', () => {
    titleEdited = title.control.value.trim() !== '';
    changed();
  });
  watchFields(changed, [pages], [sortField, sortDirection, tabMode.field]);

  return {
    elements: [
      detailsGroup('Sort and size', true, [
        fieldPair(sortField, sortDirection),
        pages.wrapper,
        title.wrapper,
        ...tabMode.elements,
      ]),
    ],
    read: () => ({
      sortField: sortField.control.value,
      sortDirection: sortDirection.control.value,
      pages: pages.control.value,
      title: title.control.value,
      tabMode: tabMode.mode(),
    }),
    write(values) {
      writeChoice(sortField, values.sortField);
      writeChoice(sortDirection, values.sortDirection);
      writeText(pages, values.pages);
      // A blank name follows the filters again; a typed one stays.
      writeText(title, values.title);
      titleEdited = values.title.trim() !== '';
      tabMode.set(values.tabMode);
    },
    fields: { sortField, pages, title },
    titleEdited: () => titleEdited,
    tabMode,
    showSortChoices(platform) {
      setChoices(
        sortField.control,
        sortChoicesFor(platform).map((choice) => ({ value: choice.field, label: choice.label })),
        sortField.control.value || defaults.sortField,
      );
    },
    suggestTitle(values) {
      if (titleEdited) return;
      title.control.value = suggestSearchTitle(values);
      values.title = title.control.value;
      tabMode.show();
    },
  };
}
