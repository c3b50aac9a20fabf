import type * as publicSurface from './index';

/** Names Apps Script can call from a menu item: only the public surface gets top-level stubs. */
type PublicFunctionName = keyof typeof publicSurface;

type MenuEntry = { caption: string; functionName: PublicFunctionName } | 'separator';

const MENU: readonly MenuEntry[] = [
  { caption: 'Open sidebar', functionName: 'showSidebar' },
  'separator',
  { caption: 'Enrich selected column', functionName: 'enrichSelectedColumn' },
  { caption: 'Reports for selected column', functionName: 'reportsForSelectedColumn' },
  { caption: 'Refresh formulas', functionName: 'refreshFormulas' },
  'separator',
  { caption: 'Settings', functionName: 'showSettings' },
];

/**
 * Builds the Creator Sheets menu when the spreadsheet opens. Builds the menu only: before the
 * add-on is authorized this runs in AuthMode.NONE, where properties, the sheet and the network
 * are all out of reach.
 */
export function onOpen(): void {
  // An add-on's menu lives under Extensions and takes the add-on's name ("Creator Sheets").
  const menu = SpreadsheetApp.getUi().createAddonMenu();
  for (const entry of MENU) {
    if (entry === 'separator') menu.addSeparator();
    else menu.addItem(entry.caption, entry.functionName);
  }
  menu.addToUi();
}

/** Adds the menu right after installation, without waiting for the spreadsheet to reopen. */
export function onInstall(): void {
  onOpen();
}
