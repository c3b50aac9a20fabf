import type { Clock } from '../../../common/clock';
import type { EditProofRepository } from '../edit-proof-repository';
import { keptProofOf, macWith, type EditProofRow } from '../rows/edit-proof-rows';
import { normalizeUserEmail } from '../values/user-email';
import type { PostgresDatabase } from './postgres-database';

/** Kept proofs of edit access on Postgres: every instance sees every check (as SQLite's). */
export function createPostgresEditProofRepository(
  db: PostgresDatabase,
  clock: Clock,
  key: Buffer,
): EditProofRepository {
  return {
    async kept(email, documentId) {
      const { rows } = await db.query<EditProofRow>(
        'SELECT outcome, checked_at, expires_at FROM edit_proofs WHERE email = $1 AND document_id = $2',
        [normalizeUserEmail(email), documentId],
      );
      return keptProofOf(rows[0], clock.now());
    },
    async keep(email, documentId, outcome, expiresAt) {
      const now = clock.now();
      await db.query('DELETE FROM edit_proofs WHERE expires_at <= $1', [now]);
      await db.query(
        `INSERT INTO edit_proofs (email, document_id, outcome, checked_at, expires_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (email, document_id) DO UPDATE SET outcome = EXCLUDED.outcome,
         checked_at = EXCLUDED.checked_at, expires_at = EXCLUDED.expires_at`,
        [normalizeUserEmail(email), documentId, outcome, now, expiresAt],
      );
    },
    macOf: macWith(key),
  };
}
