import type { Clock } from '../../../common/clock';
import { MAX_DOCUMENT_TITLE_CHARS, type DocumentTitleRepository } from '../document-title-repository';
import type { PostgresDatabase } from './postgres-database';

/** Document titles on Postgres: one upsert per connect, one query per list. */
export function createPostgresDocumentTitleRepository(
  db: PostgresDatabase,
  clock: Clock,
): DocumentTitleRepository {
  return {
    async set(documentId, title) {
      await db.query(
        `INSERT INTO document_titles (document_id, title, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (document_id) DO UPDATE SET title = excluded.title, updated_at = excluded.updated_at`,
        [documentId, title.slice(0, MAX_DOCUMENT_TITLE_CHARS), clock.now()],
      );
    },
    async titlesOf(documentIds) {
      const titles = new Map<string, string>();
      if (documentIds.length === 0) return titles;
      const { rows } = await db.query<{ document_id: string; title: string }>(
        'SELECT document_id, title FROM document_titles WHERE document_id = ANY($1::text[])',
        [[...new Set(documentIds)]],
      );
      for (const row of rows) titles.set(row.document_id, row.title);
      return titles;
    },
  };
}
