/**
 * The tab a bulk action writes into when the user gives no name: the server names the tab so, and
 * the sidebar says so (the name field's placeholder) and checks a tab replaced or added to against
 * the input's own tab by it. One list, so the two cannot drift apart.
 */
export const BULK_TAB_NAMES = {
  enrichment: 'E-mail enrichment',
  reports: 'Reports',
} as const;
