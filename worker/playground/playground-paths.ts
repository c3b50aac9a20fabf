import path from 'node:path';

/**
 * Where the playground's files are. Its own module so that the worker's process, which only
 * serves the builds, never loads rollup and TypeScript (the Apps Script process builds).
 */
export const REPO_ROOT = path.resolve(__dirname, '../..');
export const PAGE_SOURCE_DIR = path.join(REPO_ROOT, 'worker/playground/page');

/** The page's bundles: the page itself and the google.script.run stand-in of the sidebar. */
export const PAGE_SCRIPTS = { page: 'page.js', scriptRunShim: 'script-run-shim.js' } as const;
