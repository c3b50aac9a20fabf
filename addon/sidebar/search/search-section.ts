import { PLATFORMS, type Platform } from '../../../shared/platforms';
import { createElement } from '../ui/create-element';
import { selectField } from '../ui/form-fields';
import { writeChoice } from '../ui/form-write';
import { keptSearchForm, readKeptSearchForm } from './kept-search-form';
import { createSavedFormsPanel } from '../ui/saved-forms-panel';
import { createSearchAudiencePanel } from './search-audience-panel';
import { createSearchCreatorPanel } from './search-creator-panel';
import {
  buildSearchForm,
  initialSearchValues,
  type SearchFormResult,
  type SearchFormValues,
} from './search-form';
import { PLATFORM_NAMES } from './search-options';
import type { SearchFieldsByName, SearchPartContext } from './search-part';
import { createSearchRunPanel } from './search-run-panel';
import { createSearchSortPanel } from './search-sort-panel';
import type { SectionDefinition, SectionView, SidebarContext } from '../sidebar-context';

/** Marks each error on its field; errors of fields without a place of their own are listed. */
function showErrors(result: SearchFormResult, fields: SearchFieldsByName, otherErrors: HTMLElement): void {
  for (const field of Object.values(fields)) field.setError(null);
  const unplaced: string[] = [];
  if (!result.ok) {
    for (const error of result.errors) {
      const field = fields[error.field];
      if (field === undefined) unplaced.push(error.message);
      else field.setError(error.message);
    }
  }
  otherErrors.replaceChildren(...unplaced.map((message) => createElement('li', {}, [message])));
  otherErrors.hidden = unplaced.length === 0;
}

function heading(): Node[] {
  return [
    createElement('h2', {}, ['Search']),
    createElement('p', { class: 'intro' }, [
      'Finds creators by their own numbers and by their audience, and writes the results into a tab: a new one, or one you name, replaced or added to.',
    ]),
  ];
}

/**
 * Search: filters -> live cost estimate -> Run, which pulls the pages into a tab as a job. Saved
 * searches (the document's) and this user's last form are kept (issue 15).
 */
function renderSearchSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const defaults = initialSearchValues();
  const platform = selectField(
    'Platform',
    PLATFORMS.map((value) => ({ value, label: PLATFORM_NAMES[value] })),
    defaults.platform,
  );
  const currentPlatform = (): Platform =>
    PLATFORMS.find((value) => value === platform.control.value) ?? 'instagram';
  const part: SearchPartContext = { context, platform: currentPlatform, changed };
  const creator = createSearchCreatorPanel(part);
  const audience = createSearchAudiencePanel(part);
  const sort = createSearchSortPanel(changed, defaults);
  sort.showSortChoices(currentPlatform());
  const run = createSearchRunPanel(context);
  const fields: SearchFieldsByName = { platform, ...creator.fields, ...audience.fields, ...sort.fields };
  const otherErrors = createElement('ul', { class: 'field-error', role: 'alert', hidden: '' });
  /** While a kept form is put back, field by field: the form is mapped once, at the end. */
  let restoring = false;

  const values = (): SearchFormValues => ({
    platform: currentPlatform(),
    ...creator.read(),
    ...audience.read(),
    ...sort.read(),
  });

  const saved = createSavedFormsPanel({
    section: 'search',
    noun: { one: 'saved search', many: 'saved searches' },
    idPrefix: 'search-saved',
    context,
    root: panel,
    read: () => keptSearchForm(values(), sort.titleEdited()),
    apply(kept) {
      const next = readKeptSearchForm(kept);
      restoring = true;
      try {
        writeChoice(platform, next.platform);
        sort.showSortChoices(next.platform);
        creator.write(next);
        audience.write(next);
        sort.write(next);
      } finally {
        restoring = false;
      }
      changed();
    },
  });

  /** Every edit maps the whole form again: messages, estimate, consent and the Run button. */
  function changed(): void {
    if (restoring) return;
    const current = values();
    sort.suggestTitle(current);
    const result = buildSearchForm(current);
    showErrors(result, fields, otherErrors);
    run.show(result);
    saved.changed();
  }

  const loadTabs = (): void => {
    context.server.listTabNames().then(sort.tabMode.setTabs, () => undefined);
  };

  platform.control.addEventListener('change', () => {
    sort.showSortChoices(currentPlatform());
    changed();
  });
  panel.replaceChildren(
    ...heading(),
    saved.element,
    platform.wrapper,
    ...creator.elements,
    ...audience.elements,
    ...sort.elements,
    otherErrors,
    ...run.elements,
  );
  changed();
  loadTabs();
  // A run makes or fills tabs: what the name field offers follows.
  return { onShow: loadTabs };
}

export const searchSection: SectionDefinition = { title: 'Search', render: renderSearchSection };
