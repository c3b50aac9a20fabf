import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import { type DocumentTitleRepository, MAX_DOCUMENT_TITLE_CHARS } from '../document-title-repository';

export function createSqliteDocumentTitleRepository(
  db: Database.Database,
  clock: Clock,
): DocumentTitleRepository {
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO document_titles (document_id, title, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (document_id) DO UPDATE SET title = excluded.title, updated_at = excluded.updated_at`,
  );
  const select = db.prepare<[string], { title: string }>(
    'SELECT title FROM document_titles WHERE document_id = ?',
  );
  return {
    async set(documentId, title) {
      upsert.run(documentId, title.slice(0, MAX_DOCUMENT_TITLE_CHARS), clock.now());
    },
    async titlesOf(documentIds) {
      const titles = new Map<string, string>();
      for (const id of new Set(documentIds)) {
        const row = select.get(id);
        if (row !== undefined) titles.set(id, row.title);
      }
      return titles;
    },
  };
}
