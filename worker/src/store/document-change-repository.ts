import type Database from 'better-sqlite3';
import type { DocumentChange, DocumentChangeKind } from '../../../shared/worker-api/formula-allowance';
import type { Clock } from '../../common/clock';
import { normalizeUserEmail } from './user-email';

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

export const CHANGES_KEPT = 200;

/** A change as either engine stores it. */
export interface DocumentChangeRow {
  at: number;
  actor: string;
  kind: DocumentChangeKind;
  summary: string;
}

export function changeOf(row: DocumentChangeRow): DocumentChange {
  return { at: Number(row.at), by: row.actor, kind: row.kind, summary: row.summary };
}

export function createSqliteDocumentChangeRepository(
  db: Database.Database,
  clock: Clock,
): DocumentChangeRepository {
  const insert = db.prepare<[string, number, string, string, string]>(
    'INSERT INTO document_changes (document_id, at, actor, kind, summary) VALUES (?, ?, ?, ?, ?)',
  );
  const trim = db.prepare<[string, string, number]>(
    `DELETE FROM document_changes WHERE document_id = ? AND id NOT IN
     (SELECT id FROM document_changes WHERE document_id = ? ORDER BY id DESC LIMIT ?)`,
  );
  const recent = db.prepare<[string, number], DocumentChangeRow>(
    'SELECT at, actor, kind, summary FROM document_changes WHERE document_id = ? ORDER BY id DESC LIMIT ?',
  );
  const record = db.transaction((documentId: string, by: string, kind: string, summary: string) => {
    insert.run(documentId, clock.now(), normalizeUserEmail(by), kind, summary);
    trim.run(documentId, documentId, CHANGES_KEPT);
  });
  return {
    async record(documentId, by, kind, summary) {
      record(documentId, by, kind, summary);
    },
    async recent(documentId, limit) {
      return recent.all(documentId, limit).map(changeOf);
    },
  };
}
