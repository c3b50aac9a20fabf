import { BULK_TAB_NAMES } from '../../bridge-contract/bulk-tab-names';
import { renderBulkSection } from './bulk-section';
import type { SectionDefinition } from '../sidebar-context';

/** E-mail enrichment: a column of addresses -> the creator accounts that match each one. */
export const enrichSection: SectionDefinition = {
  title: 'Enrich',
  render: (panel, context) =>
    renderBulkSection<null>(panel, context, {
      section: 'enrich',
      title: 'E-mail enrichment',
      intro:
        'Finds the creator accounts behind a column of e-mail addresses: platform, handle, followers, ' +
        'engagement rate and profile link, one row per address. Writing carries on if you close the sidebar.',
      noun: { singular: 'e-mail address', plural: 'e-mail addresses' },
      idPrefix: 'enrich',
      defaultTabName: BULK_TAB_NAMES.enrichment,
      startVerb: 'Start enrichment',
      defaultOptions: null,
      estimate: (source) => context.server.estimateEnrichment(source),
      start: (start) => context.server.startEnrichment(start),
    }),
};
