import { AI_PAGE_SIZE_MAX, aiPacingText } from '../../bridge-contract/ai-search-plan';
import {
  type AiSearchFormResult,
  type AiSearchFormValues,
  cappedPages,
  pagesLimitText,
  suggestAiSearchTitle,
} from './ai-search-form';
import { type AiSearchPart, watchFields } from './ai-search-part';
import { createElement } from '../ui/create-element';
import { detailsGroup, fieldPair, textField, withId } from '../ui/form-fields';
import { writeText } from '../ui/form-write';
import { createTabModeField, type TabModeField } from '../ui/tab-mode-field';

export type AiPagesValues = Pick<AiSearchFormValues, 'pageSize' | 'pages' | 'title' | 'tabMode'>;

export interface AiPagesPanel extends AiSearchPart<AiPagesValues> {
  /** Before mapping: the tab name made from the search, and the depth limit of this page size. */
  suggest(values: AiSearchFormValues): void;
  /** After mapping: how long the pages take. */
  showPacing(result: AiSearchFormResult): void;
  /** The user typed the tab's name (else it follows the search). */
  titleEdited(): boolean;
  /** New tab, replace or append, and the document's tabs it offers. */
  tabMode: TabModeField;
}

function pagesFields(defaults: AiSearchFormValues) {
  const pageSize = withId(
    textField({
      label: 'Creators per page',
      value: defaults.pageSize,
      inputMode: 'numeric',
      hint: `1 to ${AI_PAGE_SIZE_MAX}; each creator returned costs 0.025 credits.`,
    }),
    'ai-search-page-size',
  );
  const pages = withId(
    textField({
      label: 'Pages',
      value: defaults.pages,
      inputMode: 'numeric',
      hint: pagesLimitText(defaults.pageSize),
    }),
    'ai-search-pages',
  );
  const title = withId(
    textField({ label: 'New tab name', hint: 'Made from the search until you change it.' }),
    'ai-search-title',
  );
  return { pageSize, pages, title };
}

/** The "Pages and tab" group: creators per page, pages (capped at the depth), the tab and what a run does to it. */
export function createAiPagesPanel(changed: () => void, defaults: AiSearchFormValues): AiPagesPanel {
  const { pageSize, pages, title } = pagesFields(defaults);
  const tabMode = createTabModeField(title, 'ai-search');
  const pagesHint = pages.wrapper.querySelector('.hint');
  const pacing = createElement('p', { class: 'hint', id: 'ai-search-pacing' });
  let titleEdited = false;

  title.control.addEventListener('input', () => {
    titleEdited = title.control.value.trim() !== '';
    changed();
  });
  watchFields(changed, [pageSize, pages], [tabMode.field]);
  // Pages past the depth are capped when the field is left, so the limit is met as a limit.
  const capPages = (): void => {
    const capped = cappedPages(pageSize.control.value, pages.control.value);
    if (capped === null) return;
    pages.control.value = capped;
    changed();
  };
  pages.control.addEventListener('change', capPages);
  pageSize.control.addEventListener('change', capPages);

  return {
    elements: [
      detailsGroup(
        'Pages and tab',
        true,
        [fieldPair(pageSize, pages), pacing, title.wrapper, ...tabMode.elements],
        'ai-search-pages-group',
      ),
    ],
    read: () => ({
      pageSize: pageSize.control.value,
      pages: pages.control.value,
      title: title.control.value,
      tabMode: tabMode.mode(),
    }),
    write(values) {
      writeText(pageSize, values.pageSize);
      writeText(pages, values.pages);
      // A blank name follows the search again; a typed one stays.
      writeText(title, values.title);
      titleEdited = values.title.trim() !== '';
      tabMode.set(values.tabMode);
    },
    errors: { pageSize, pages, title },
    titleEdited: () => titleEdited,
    tabMode,
    suggest(values) {
      if (!titleEdited) title.control.value = suggestAiSearchTitle(values);
      if (pagesHint !== null) pagesHint.textContent = pagesLimitText(values.pageSize);
      tabMode.show();
    },
    showPacing(result) {
      pacing.textContent = result.ok ? aiPacingText(result.estimate.pages) : '';
    },
  };
}
