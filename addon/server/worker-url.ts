/**
 * Set by the build from the WORKER_URL environment variable (rollup.config.js replaces the name
 * with a string literal), so a pushed add-on knows its worker without any setup by the user.
 */
declare const __CREATOR_SHEETS_WORKER_URL__: string;

/** The worker this build of the add-on talks to, always ending with a slash. */
export function defaultWorkerUrl(): string {
  return __CREATOR_SHEETS_WORKER_URL__;
}
