import type { RawOperation } from '../../bridge-contract/raw-data-operations';
import { RAW_MAX_PAGES, RAW_MAX_ROWS } from '../../bridge-contract/raw-data-request';
import { formatCount } from '../ui/count-text';
import { createElement } from '../ui/create-element';
import { checkboxField, type Field, textField, withId } from '../ui/form-fields';
import { setTabName } from './raw-data-form-state';
import type { RawPage } from './raw-data-page';
import { createTabModeField, type TabModeField } from '../ui/tab-mode-field';

export interface RawOptionsPanel {
  elements: readonly Node[];
  pages: Field<HTMLInputElement>;
  /** New tab, replace or append (issue 15); its errors show under it. */
  tabMode: TabModeField;
  /** Shows the fields that apply to the operation and the state's tab name. */
  show(operation: RawOperation): void;
  /** Puts the state's values into the fields (a kept form loaded). */
  write(): void;
}

function optionFields(page: RawPage) {
  const { state } = page;
  return {
    pages: withId(
      textField({
        label: 'Pages',
        value: state.pages,
        inputMode: 'numeric',
        hint: `1 to ${formatCount(RAW_MAX_PAGES)}; each page is one raw request.`,
      }),
      'raw-data-pages',
    ),
    untilDone: withId(
      checkboxField(
        'Until done',
        state.untilDone,
        `Follows the feed to its end, at most ${formatCount(RAW_MAX_PAGES)} pages or ${formatCount(RAW_MAX_ROWS)} rows.`,
      ),
      'raw-data-until-done',
    ),
    allFields: withId(
      checkboxField(
        'All fields',
        state.allFields,
        "Every field of the answer, one column each (a video's comments_cursor, for one), instead of the useful columns.",
      ),
      'raw-data-all-fields',
    ),
    tabName: withId(
      textField({
        label: 'New tab name',
        value: state.tabName,
        hint: 'Made from the operation until you change it.',
      }),
      'raw-data-tab-name',
    ),
  };
}

/** How much to pull: pages or until done (paged operations), all fields (the others), the tab. */
export function createRawOptions(page: RawPage): RawOptionsPanel {
  const { pages, untilDone, allFields, tabName } = optionFields(page);
  const tabMode = createTabModeField(tabName, 'raw-data');
  tabMode.set(page.state.tabMode);
  const pagingBox = createElement('div', { class: 'raw-data-paging' }, [pages.wrapper, untilDone.wrapper]);

  pages.control.addEventListener('input', () => {
    page.state = { ...page.state, pages: pages.control.value };
    page.changed();
  });
  pages.control.addEventListener('change', () => {
    page.touched.add('pages');
    page.changed();
  });
  untilDone.control.addEventListener('change', () => {
    page.state = { ...page.state, untilDone: untilDone.control.checked };
    page.changed();
  });
  allFields.control.addEventListener('change', () => {
    page.state = { ...page.state, allFields: allFields.control.checked };
    page.changed();
  });
  tabName.control.addEventListener('input', () => {
    page.state = setTabName(page.state, tabName.control.value);
    page.changed();
  });
  tabMode.field.control.addEventListener('change', () => {
    page.state = { ...page.state, tabMode: tabMode.mode() };
    page.touched.add('tabMode');
    page.changed();
  });

  return {
    elements: [pagingBox, allFields.wrapper, tabName.wrapper, ...tabMode.elements],
    pages,
    tabMode,
    write() {
      pages.control.value = page.state.pages;
      untilDone.control.checked = page.state.untilDone;
      allFields.control.checked = page.state.allFields;
      tabName.control.value = page.state.tabName;
      tabMode.set(page.state.tabMode);
    },
    show(operation) {
      pagingBox.hidden = !operation.paged;
      allFields.wrapper.hidden = operation.paged;
      pages.control.disabled = page.state.untilDone;
      if (tabName.control.value !== page.state.tabName) tabName.control.value = page.state.tabName;
      tabMode.show();
    },
  };
}
