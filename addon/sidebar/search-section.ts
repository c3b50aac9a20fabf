import { PLATFORMS, type Platform } from '../../shared/platforms';
import { createElement } from './create-element';
import { selectField } from './form-fields';
import { createSearchAudiencePanel } from './search-audience-panel';
import { createSearchCreatorPanel } from './search-creator-panel';
import { buildSearchForm, initialSearchValues, type SearchFormResult } from './search-form';
import { PLATFORM_NAMES } from './search-options';
import type { SearchFieldsByName, SearchPartContext } from './search-part';
import { createSearchRunPanel } from './search-run-panel';
import { createSearchSortPanel } from './search-sort-panel';
import type { SectionDefinition, SectionView, SidebarContext } from './sidebar-context';

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
      'Finds creators by their own numbers and by their audience, and writes the results into a new tab.',
    ]),
  ];
}

/** Search: filters -> live cost estimate -> Run, which pulls the pages into a new tab as a job. */
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

  /** Every edit maps the whole form again: messages, estimate, consent and the Run button. */
  function changed(): void {
    const values = {
      platform: currentPlatform(),
      ...creator.read(),
      ...audience.read(),
      ...sort.read(),
    };
    sort.suggestTitle(values);
    const result = buildSearchForm(values);
    showErrors(result, fields, otherErrors);
    run.show(result);
  }

  platform.control.addEventListener('change', () => {
    sort.showSortChoices(currentPlatform());
    changed();
  });
  panel.replaceChildren(
    ...heading(),
    platform.wrapper,
    ...creator.elements,
    ...audience.elements,
    ...sort.elements,
    otherErrors,
    ...run.elements,
  );
  changed();
  return {};
}

export const searchSection: SectionDefinition = { title: 'Search', render: renderSearchSection };
