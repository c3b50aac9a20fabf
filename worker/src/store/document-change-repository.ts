import type { DocumentChange, DocumentChangeKind } from '../../../shared/worker-api/formula-allowance';

/**
 * The changes made to a document through the worker (issue 22): who connected its formulas, took
 * them over or disconnected them, set its allowance, approved spend, set up or changed a schedule.
 * Every editor sees them in Settings, so a change nobody expected is seen. The newest
 * CHANGES_KEPT per document stay.
 */
export interface DocumentChangeRepository {
  record(documentId: string, by: string, kind: DocumentChangeKind, summary: string): Promise<void>;
  /** Newest first. */
  recent(documentId: string, limit: number): Promise<DocumentChange[]>;
}
