import type { WorkerRole } from './worker-role';

/**
 * Worker keys (worker/src/documents/keys-router.ts), for custom functions, which cannot get an ID
 * token. `POST /api/keys` is the one route that takes a Google ID token only, in
 * `Authorization: Bearer` or as this body; a key cannot mint keys.
 */
export interface KeyRequest {
  idToken?: string;
  /**
   * The spreadsheet connecting: a document key for its formulas comes with the user key. Custom
   * functions cannot read the person's own user properties (they get the sheet owner's), so a
   * document's formulas send the document key, which any editor's formula may read from document
   * properties; it bills the person who connected the document. Needs proof of edit access
   * (edit-proof.ts) where the worker can check it. A document someone else connected keeps their
   * key: the answer says who pays (`formulasConnectedBy`), and only `takeOver` moves it.
   */
  documentId?: string;
  /**
   * "Use my account for formulas", confirmed in the sidebar: the document's earlier key is revoked
   * and this caller pays from now on. Needs fresh proof of edit access (or the caller connected
   * it already).
   */
  takeOver?: boolean;
  /** With `documentId`: the spreadsheet's title, for lists of documents to name it (issue 25). */
  documentTitle?: string;
}

/** With `documentId` when someone else's key stays: who pays for the document's formulas. */
export interface DocumentConnection {
  documentId: string;
  /** Who connected it: their budget pays for its formulas. */
  email: string;
  /** When (ms since 1970). */
  since: number;
  /** What the caller may do about it, in a sentence. */
  message: string;
}

/** A document key as issued: shown once. */
export interface IssuedDocumentKey {
  key: string;
  id: string;
  documentId: string;
  /** Who connected the document: their budget pays for its formulas. */
  email: string;
  expiresAt: number;
}

/** What `POST /api/keys` answers, once: the key is never shown again. */
export interface IssuedKeyAnswer {
  key: string;
  id: string;
  email: string;
  role: WorkerRole;
  /** When the key stops working (ms since 1970): connecting again then gives a new one. */
  expiresAt: number;
  /** With `documentId` in the request: the document's key for its formulas, when this caller pays. */
  document?: IssuedDocumentKey;
  /** With `documentId` in the request when another person's key stays in place. */
  formulasConnectedBy?: DocumentConnection;
}

/** A worker key as listed: never the key itself. Times in ms since 1970. */
export interface WorkerKeyInfo {
  id: string;
  email: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  expiresAt: number;
  /** A document key's spreadsheet; null for a person's own key. */
  documentId: string | null;
  /**
   * A document key's spreadsheet title, as its sidebar said it when connecting; null when unknown,
   * absent for a person's own key and from an older worker.
   */
  documentTitle?: string | null;
}

/** `GET /api/keys?email=`: an admin sees every key (`email` narrows), a member their own. */
export interface KeyListQuery {
  email?: string;
}

export interface KeyListAnswer {
  keys: WorkerKeyInfo[];
}

/** `DELETE /api/keys/:id`: an admin revokes any key, a member their own. */
export interface KeyParams {
  id: string;
}

export interface KeyRevokedAnswer {
  key: WorkerKeyInfo | null;
}
