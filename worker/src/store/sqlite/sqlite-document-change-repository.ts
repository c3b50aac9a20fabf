import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import { normalizeUserEmail } from '../values/user-email';
import type { DocumentChangeRepository } from '../document-change-repository';
import { type DocumentChangeRow, CHANGES_KEPT, changeOf } from '../rows/document-change-rows';

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
