import { createHmac } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../../common/clock';
import { normalizeUserEmail } from './user-email';

/**
 * What the last check of a person's edit access to a spreadsheet found (issue 22), kept until it
 * expires so that a sidebar's calls cost one Google read per person and spreadsheet per
 * EDIT_PROOF_MINUTES, not one per call:
 * - `proven`: the challenge this person was given was found in the spreadsheet's developer
 *   metadata, which only an editor can add;
 * - `unprovable`: the worker could not read the spreadsheet (not shared with its service account),
 *   so nothing could be proven either way; each route decides what it still allows then.
 */
export type ProofOutcome = 'proven' | 'unprovable';

export interface KeptProof {
  outcome: ProofOutcome;
  checkedAt: number;
  expiresAt: number;
}

export interface EditProofRepository {
  /** The live result of the last check of `email` on `documentId`, or null (none, or expired). */
  kept(email: string, documentId: string): Promise<KeptProof | null>;
  /** Keeps a check's result until `expiresAt`, replacing the earlier one. */
  keep(email: string, documentId: string, outcome: ProofOutcome, expiresAt: number): Promise<void>;
  /**
   * An HMAC of `text` under a key of the data secret's: challenges are signed with it, so any
   * instance sharing the secret verifies any instance's challenge without storing it.
   */
  macOf(text: string): Buffer;
}

/** A kept proof as either engine stores it. */
export interface EditProofRow {
  outcome: ProofOutcome;
  checked_at: number;
  expires_at: number;
}

export function keptProofOf(row: EditProofRow | undefined, now: number): KeptProof | null {
  if (row === undefined || row.expires_at <= now) return null;
  return { outcome: row.outcome, checkedAt: row.checked_at, expiresAt: row.expires_at };
}

export function macWith(key: Buffer): (text: string) => Buffer {
  return (text) => createHmac('sha256', key).update(text).digest();
}

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
