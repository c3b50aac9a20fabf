/** A spreadsheet whose formulas run on a live document key (times in ms since 1970). */
export interface ConnectedDocument {
  keyId: string;
  documentId: string;
  /**
   * Its title (issue 25): this spreadsheet's own as it is now, another's as its sidebar said it
   * when connecting; null when the worker was never told (connected by an older add-on).
   */
  title: string | null;
  /** Who connected it: their budget pays for its formulas. */
  connectedBy: string;
  connectedAt: number;
  lastUsedAt: number | null;
  expiresAt: number;
}

/**
 * Settings' "Connected documents": an admin sees every document's formula key, a member the
 * documents whose formulas bill them; either may revoke what they see.
 */
export interface ConnectedDocumentsApi {
  listConnectedDocuments(): ConnectedDocument[];
  /** Revokes the document's key (its formulas stop until someone connects it) and lists again. */
  revokeConnectedDocument(keyId: string): ConnectedDocument[];
}
