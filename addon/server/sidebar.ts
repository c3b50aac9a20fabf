import type { SidebarSection } from '../bridge-contract/sidebar-section';
import { spreadsheetTimeZone } from './sheet/sheet-dates';
import { readWorkerKey } from './worker-client/worker-key';

const SIDEBAR_TITLE = 'Creator Sheets';

/** Opens the sidebar page (dist/addon/Sidebar.html) at one of its sections. */
export function openSidebar(section: SidebarSection): void {
  const template = HtmlService.createTemplateFromFile('Sidebar');
  // Read by the page's `<?= section ?>` scriptlets, which HtmlService escapes.
  template.section = section;
  // Every time the sidebar shows is in the spreadsheet's zone (issue 25), known before any call.
  template.timeZone = spreadsheetTimeZone();
  SpreadsheetApp.getUi().showSidebar(template.evaluate().setTitle(SIDEBAR_TITLE));
}

/** Opens the Creator Sheets sidebar: at Settings until this user is connected, else at E-mail enrichment. */
export function showSidebar(): void {
  openSidebar(readWorkerKey() === null ? 'settings' : 'enrich');
}

/** Opens the sidebar at Settings: the worker this add-on talks to and how to connect. */
export function showSettings(): void {
  openSidebar('settings');
}
