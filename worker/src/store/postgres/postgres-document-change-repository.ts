import type { Clock } from '../../../common/clock';
import type { DocumentChangeRepository } from '../document-change-repository';
import { changeOf, CHANGES_KEPT, type DocumentChangeRow } from '../rows/document-change-rows';
import { normalizeUserEmail } from '../values/user-email';
import type { PostgresDatabase } from './postgres-database';

/** Documents' changes on Postgres (as SQLite's); the trim runs in the insert's transaction. */
export function createPostgresDocumentChangeRepository(
  db: PostgresDatabase,
  clock: Clock,
): DocumentChangeRepository {
  return {
    async record(documentId, by, kind, summary) {
      await db.transaction(async (sql) => {
        await sql.query(
          'INSERT INTO document_changes (document_id, at, actor, kind, summary) VALUES ($1, $2, $3, $4, $5)',
          [documentId, clock.now(), normalizeUserEmail(by), kind, summary],
        );
        await sql.query(
          `DELETE FROM document_changes WHERE document_id = $1 AND id NOT IN
           (SELECT id FROM document_changes WHERE document_id = $1 ORDER BY id DESC LIMIT $2)`,
          [documentId, CHANGES_KEPT],
        );
      });
    },
    async recent(documentId, limit) {
      const { rows } = await db.query<DocumentChangeRow>(
        'SELECT at, actor, kind, summary FROM document_changes WHERE document_id = $1 ORDER BY id DESC LIMIT $2',
        [documentId, limit],
      );
      return rows.map(changeOf);
    },
  };
}
