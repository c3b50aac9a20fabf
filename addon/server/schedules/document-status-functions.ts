import type { DocumentStatusView } from '../../bridge-contract/document-status-api';
import { readDocumentStatus } from './document-status';

/**
 * The server function of the sidebar's document status (addon/bridge-contract/document-status-api.ts).
 * Every function here becomes a top-level Apps Script function, so this file holds those only.
 */

/** Sidebar: this document's schedules and formula allowance, once a minute and after each action. */
export function getDocumentStatus(): DocumentStatusView | null {
  return readDocumentStatus();
}
