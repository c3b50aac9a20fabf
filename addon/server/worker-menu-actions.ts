/**
 * Menu items whose work happens on the worker. Until the add-on can reach it, each says plainly
 * what it will do instead of pretending to do it.
 */

const NEEDS_WORKER =
  'This needs the connection to the Creator Sheets worker, which arrives in the next release. ' +
  'Extensions > Creator Sheets > Settings shows which worker this add-on will use.';

function explainPendingItem(title: string, whatItWillDo: string): void {
  const ui = SpreadsheetApp.getUi();
  ui.alert(title, `${whatItWillDo}\n\n${NEEDS_WORKER}`, ui.ButtonSet.OK);
}

/** Menu item: will enrich the e-mail addresses of the selected column (not connected yet). */
export function enrichSelectedColumn(): void {
  explainPendingItem(
    'Enrich selected column',
    'This will look up every e-mail address in the selected column and write the creator accounts ' +
      'found for each one beside it, after showing the estimated cost.',
  );
}

/** Menu item: will write creator reports for the handles of the selected column (not connected yet). */
export function reportsForSelectedColumn(): void {
  explainPendingItem(
    'Reports for selected column',
    'This will fetch a creator report for every handle in the selected column and write one row ' +
      'per creator beside it, after showing the estimated cost.',
  );
}

/** Menu item: will recalculate the Creator Sheets formulas of this spreadsheet (not connected yet). */
export function refreshFormulas(): void {
  explainPendingItem(
    'Refresh formulas',
    'This will recalculate every INFLUENCER_REPORT and EMAIL_SEARCH formula in this spreadsheet.',
  );
}
