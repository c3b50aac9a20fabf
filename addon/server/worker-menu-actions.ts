import { formulaRefreshText } from '../bridge-contract/formula-refresh-text';
import { refreshAddonFormulas } from './formulas/formula-refresh';
import { openSidebar } from './sidebar';

/**
 * Menu items whose work happens on the worker. The bulk ones open the sidebar at their section:
 * it reads the active selection (the column the user just selected), shows the estimate and asks
 * before spending.
 */

/** Menu item: opens E-mail enrichment for the selected column (estimate, confirm, run, progress). */
export function enrichSelectedColumn(): void {
  openSidebar('enrich');
}

/** Menu item: opens Bulk reports for the selected column of handles. */
export function reportsForSelectedColumn(): void {
  openSidebar('reports');
}

/**
 * Menu item: recalculates every INFLUENCER_REPORT, EMAIL_SEARCH and AUDIENCE_OVERLAP formula of
 * this spreadsheet, so rows that said "Still fetching" fill in (from the worker's cache: free),
 * and names the cells it had to skip, with why.
 */
export function refreshFormulas(): void {
  const outcome = refreshAddonFormulas();
  // Skipped cells need time to be read and found: the toast stays longer.
  const seconds = outcome.skipped.length === 0 ? 5 : 15;
  SpreadsheetApp.getActiveSpreadsheet().toast(formulaRefreshText(outcome), 'Creator Sheets', seconds);
}
