/**
 * The add-on's public surface: every function Apps Script may call by name (triggers, menu items,
 * custom functions, google.script.run). The build gives each export a top-level stub in Code.js
 * carrying its JSDoc; everything else stays inside the bundle, since any global is callable from a
 * client. Export functions only.
 */
export { onOpen, onInstall } from './menu';
export { showSidebar, showSettings } from './sidebar';
export { enrichSelectedColumn, reportsForSelectedColumn, refreshFormulas } from './worker-menu-actions';
export { INFLUENCER_REPORT, EMAIL_SEARCH } from './custom-functions';
export { getSettings } from './settings';
