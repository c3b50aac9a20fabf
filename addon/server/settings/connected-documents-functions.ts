import type { ConnectedDocument } from '../../bridge-contract/connected-documents-api';
import {
  listConnectedDocuments as listDocuments,
  revokeConnectedDocument as revokeDocument,
} from './connected-documents';

/**
 * The server functions of Settings' "Connected documents" (addon/bridge-contract/connected-documents-api.ts).
 * Every function here becomes a top-level Apps Script function, so this file holds those only.
 */

/** Sidebar: documents whose formulas run on a live key (an admin's: all of them). */
export function listConnectedDocuments(): ConnectedDocument[] {
  return listDocuments();
}

/** Sidebar: revokes a document's formula key; its formulas stop until someone connects it again. */
export function revokeConnectedDocument(keyId: string): ConnectedDocument[] {
  return revokeDocument(keyId);
}
