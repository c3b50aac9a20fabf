import { BULK_TAB_NAMES } from '../../bridge-contract/bulk-tab-names';
import { PLATFORMS } from '../../../shared/platforms';
import type { ReportsOptions } from '../../bridge-contract/sidebar-api';
import type { BulkOptionsForm } from './bulk-section';
import { renderBulkSection } from './bulk-section';
import { createElement } from '../ui/create-element';
import { selectField } from '../ui/form-fields';
import { createReportColumnsField } from './report-columns-field';
import { PLATFORM_NAMES } from '../search/search-options';
import type { SectionDefinition } from '../sidebar-context';

/** The platform for plain names and the groups of columns to fetch. */
function createReportsOptions(): BulkOptionsForm<ReportsOptions> {
  const platform = selectField(
    'Platform',
    PLATFORMS.map((value) => ({ value, label: PLATFORM_NAMES[value] })),
    'instagram',
    'For plain names and ids; profile links say their own platform.',
  );
  const columns = createReportColumnsField({ idPrefix: 'reports' });

  const read: BulkOptionsForm<ReportsOptions>['read'] = () => {
    const chosen = platform.control.value;
    const known = PLATFORMS.find((value) => value === chosen);
    if (known === undefined) return { ok: false, message: 'Pick a platform.' };
    const fields = columns.read();
    if (!fields.ok) return fields;
    return { ok: true, value: { platform: known, fields: fields.value } };
  };

  return {
    element: createElement('div', { class: 'options' }, [platform.wrapper, columns.element]),
    read,
    onChange(listener) {
      platform.control.addEventListener('change', listener);
      columns.onChange(listener);
    },
  };
}

/** Bulk reports: a column of handles or profile links -> one report row per creator. */
export const reportsSection: SectionDefinition = {
  title: 'Reports',
  render: (panel, context) =>
    renderBulkSection<ReportsOptions>(panel, context, {
      section: 'reports',
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
