import { BULK_TAB_NAMES } from '../shared/bulk-tab-names';
import { PLATFORMS } from '../../shared/platforms';
import type { ReportsOptions } from '../shared/sidebar-api';
import type { BulkOptionsForm } from './bulk-section';
import { renderBulkSection } from './bulk-section';
import { createElement } from './create-element';
import { checkboxField, selectField } from './form-fields';
import { reportFields, reportGroupChoices } from './report-fields';
import { PLATFORM_NAMES } from './search-options';
import type { SectionDefinition } from './sidebar-context';

/** The platform for plain names and the groups of columns to fetch. */
function createReportsOptions(): BulkOptionsForm<ReportsOptions> {
  const platform = selectField(
    'Platform',
    PLATFORMS.map((value) => ({ value, label: PLATFORM_NAMES[value] })),
    'instagram',
    'For plain names and ids; profile links say their own platform.',
  );
  const groups = reportGroupChoices().map((group) => {
    const box = checkboxField(group.label, group.name === 'default', group.columns.join(', '));
    return { name: group.name, box };
  });
  const groupsError = createElement('p', { class: 'field-error', role: 'alert', hidden: '' });
  const fieldset = createElement('fieldset', { class: 'groups' }, [
    createElement('legend', {}, ['Columns']),
    ...groups.map((group) => group.box.wrapper),
    groupsError,
  ]);

  const read: BulkOptionsForm<ReportsOptions>['read'] = () => {
    const fields = reportFields(
      groups.filter((group) => group.box.control.checked).map((group) => group.name),
    );
    const chosen = platform.control.value;
    const known = PLATFORMS.find((value) => value === chosen);
    if (known === undefined) return { ok: false, message: 'Pick a platform.' };
    if (fields === null) return { ok: false, message: 'Tick at least one group of columns.' };
    return { ok: true, value: { platform: known, fields } };
  };

  return {
    element: createElement('div', { class: 'options' }, [platform.wrapper, fieldset]),
    read,
    onChange(listener) {
      const changed = (): void => {
        const result = read();
        groupsError.textContent = result.ok ? '' : result.message;
        groupsError.hidden = result.ok;
        listener();
      };
      platform.control.addEventListener('change', changed);
      for (const group of groups) group.box.control.addEventListener('change', changed);
    },
  };
}

/** Bulk reports: a column of handles or profile links -> one report row per creator. */
export const reportsSection: SectionDefinition = {
  title: 'Reports',
  render: (panel, context) =>
    renderBulkSection<ReportsOptions>(panel, context, {
      title: 'Bulk reports',
      intro:
        'Fetches a creator report for each handle, @name, profile link or id in a column, one row per ' +
        'input row. Reports fetched in the last 30 days come from the cache and cost nothing.',
      noun: { singular: 'handle', plural: 'handles' },
      idPrefix: 'reports',
      defaultTabName: BULK_TAB_NAMES.reports,
      startVerb: 'Start reports',
      options: createReportsOptions(),
      defaultOptions: { platform: 'instagram', fields: [] },
      estimate: (source, options) => context.server.estimateReports(source, options),
      start: (start, options) => context.server.startReports(start, options),
    }),
};
