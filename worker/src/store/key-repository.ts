import type { WorkerKeyInfo } from '../../../shared/worker-api/keys';

export type { WorkerKeyInfo } from '../../../shared/worker-api/keys';

/**
 * Thrown by `verify` for a key past its lifetime: unlike an unknown or revoked key, its owner
 * did nothing wrong and only needs to connect again, which the refusal says.
 */
export class WorkerKeyExpiredError extends Error {
  override readonly name = 'WorkerKeyExpiredError';

  constructor(
    readonly keyId: string,
    readonly expiredAt: number,
  ) {
    super(
      `the worker key expired on ${new Date(expiredAt).toISOString().slice(0, 10)}: connect again (Extensions > Creator Sheets > Settings > Connect) to get a new one`,
    );
  }
}

export interface IssuedWorkerKey {
  /** The only time the key exists outside the caller: only its SHA-256 is stored. */
  key: string;
  info: WorkerKeyInfo;
}

export interface KeyRepository {
  /**
   * A new key for `email`; its oldest live keys are revoked beyond the policy's cap. With
   * `documentId`, a document key instead: the document's earlier live keys are revoked (one
   * connection per document, whoever made it), and it counts against no person's cap.
   */
  issue(email: string, documentId?: string): Promise<IssuedWorkerKey>;
  /**
   * The key's owner, or null for an unknown, malformed or revoked key. Throws
   * WorkerKeyExpiredError for a key past its lifetime, so the refusal can say to connect again.
   */
  verify(key: string): Promise<WorkerKeyInfo | null>;
  /** null when no key has this id; revoking twice keeps the first time. */
  revoke(keyId: string): Promise<WorkerKeyInfo | null>;
  get(keyId: string): Promise<WorkerKeyInfo | null>;
  /** Newest first; every key when `email` is absent. */
  list(email?: string): Promise<WorkerKeyInfo[]>;
  /** A document's live key (neither revoked nor expired), or null: who connected it, and when. */
  ofDocument(documentId: string): Promise<WorkerKeyInfo | null>;
  /**
   * A document key for `email`, decided in one step with the document's live key, so that two
   * connects at once cannot both win (issue 22): with no live key one is issued; with one,
   * `mayReplace(current)` decides whether it is revoked for the new one or stays (`kept`).
   */
  issueDocumentKey(
    email: string,
    documentId: string,
    mayReplace: (current: WorkerKeyInfo) => boolean,
  ): Promise<DocumentKeyOutcome>;
}

/** What `issueDocumentKey` did: issued (replacing the key that was live, if any), or kept the live one. */
export type DocumentKeyOutcome =
  { issued: IssuedWorkerKey; replaced: WorkerKeyInfo | null } | { kept: WorkerKeyInfo };
