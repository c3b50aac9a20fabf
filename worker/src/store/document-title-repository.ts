import type Database from 'better-sqlite3';
import type { Clock } from '../../common/clock';

/**
 * The titles of connected spreadsheets, as a sidebar in each last said it when connecting (issue
 * 25): lists of documents (Settings' connected documents) name them by title, not by a 44-character
 * id. The add-on may read no spreadsheet but its own, so the worker keeps what each one said.
 * Only ever shown, to whoever sees that document anyway.
 */
export interface DocumentTitleRepository {
  /** Keeps `title` for the document (the newest wins). */
  set(documentId: string, title: string): Promise<void>;
  /** The known titles of these documents. */
  titlesOf(documentIds: readonly string[]): Promise<Map<string, string>>;
}

/** Sheets caps a title well below this; a longer one is cut rather than refused. */
export const MAX_DOCUMENT_TITLE_CHARS = 200;

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
