import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import { normalizeUserEmail } from '../values/user-email';
import type { EditProofRepository, ProofOutcome } from '../edit-proof-repository';
import { type EditProofRow, keptProofOf, macWith } from '../rows/edit-proof-rows';

export function createSqliteEditProofRepository(
  db: Database.Database,
  clock: Clock,
  key: Buffer,
): EditProofRepository {
  const select = db.prepare<[string, string], EditProofRow>(
    'SELECT outcome, checked_at, expires_at FROM edit_proofs WHERE email = ? AND document_id = ?',
  );
  const upsert = db.prepare<[string, string, ProofOutcome, number, number]>(
    `INSERT INTO edit_proofs (email, document_id, outcome, checked_at, expires_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (email, document_id) DO UPDATE SET outcome = excluded.outcome,
     checked_at = excluded.checked_at, expires_at = excluded.expires_at`,
  );
  // Expired rows go when a new one is kept: the table holds at most the people who checked lately.
  const purge = db.prepare<[number]>('DELETE FROM edit_proofs WHERE expires_at <= ?');
  return {
    async kept(email, documentId) {
      return keptProofOf(select.get(normalizeUserEmail(email), documentId), clock.now());
    },
    async keep(email, documentId, outcome, expiresAt) {
      const now = clock.now();
      purge.run(now);
      upsert.run(normalizeUserEmail(email), documentId, outcome, now, expiresAt);
    },
    macOf: macWith(key),
  };
}
