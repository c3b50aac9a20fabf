/**
 * The per-user worker key lives in user properties: custom functions cannot get an ID token, so
 * they send this key instead. Inside a custom function the user store is the sheet owner's.
 */
export const WORKER_KEY_PROPERTY = 'creatorSheets.workerKey';

/** The stored worker key, or null when this user has not connected yet. */
export function readWorkerKey(): string | null {
  const key = PropertiesService.getUserProperties().getProperty(WORKER_KEY_PROPERTY);
  return key !== null && key.trim() !== '' ? key : null;
}
