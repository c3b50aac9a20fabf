import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../../common/clock';
import { WorkerKeyExpiredError, type DocumentKeyOutcome, type KeyRepository } from '../key-repository';
import {
  DEFAULT_KEY_POLICY,
  hashKey,
  isWorkerKeyShaped,
  keyInfoOf,
  LAST_USED_RESOLUTION_MS,
  newWorkerKey,
  VERIFIED_KEYS_KEPT,
  type KeyPolicy,
  type KeyRow,
} from '../rows/worker-key-rules';
import { normalizeUserEmail } from '../values/user-email';
import { WeightedLru } from '../cache/weighted-lru';
import { isStoreUnavailableError } from '../store-availability';
import { ADVISORY_LOCKS, lockKeyOf } from './advisory-locks';
import type { PostgresDatabase } from './postgres-database';

/**
 * How long a key verified against the database is taken on trust from memory. Another instance
 * may revoke it: this one stops accepting it within this time, while a busy key still costs a
 * query only once per period instead of once per request.
 */
export const VERIFIED_KEY_RECHECK_MS = 5_000;
/** While the database is unreachable, a key it vouched for this recently is still taken. */
export const VERIFIED_KEY_OUTAGE_MS = 60_000;

/**
 * Worker keys on Postgres. Issuing a key and revoking what goes past the cap happen under an
 * advisory lock on the person (or document), so two connects through two instances at once cannot
 * both stay under it.
 */
export function createPostgresKeyRepository(
  db: PostgresDatabase,
  clock: Clock,
  policy: KeyPolicy = DEFAULT_KEY_POLICY,
): KeyRepository {
  // By the key's hash, never the key; with when the database last said it stood.
  const verified = new WeightedLru<string, { row: KeyRow; checkedAt: number }>(VERIFIED_KEYS_KEPT);
  const toInfo = (row: KeyRow) => keyInfoOf(row, policy);

  const lookUp = async (presented: Buffer): Promise<KeyRow | null> => {
    const id = presented.toString('base64');
    const kept = verified.get(id);
    const age = kept === undefined ? Infinity : clock.now() - kept.checkedAt;
    if (kept !== undefined && age < VERIFIED_KEY_RECHECK_MS) return kept.row;
    let rows: KeyRow[];
    try {
      ({ rows } = await db.query<KeyRow>('SELECT * FROM worker_keys WHERE key_hash = $1', [presented]));
    } catch (error) {
      // The database away (a restart): a key it vouched for within the last minute still opens
      // what needs no write (cached rows); a revocation meanwhile waits for it to be back.
      if (kept !== undefined && age < VERIFIED_KEY_OUTAGE_MS && isStoreUnavailableError(error))
        return kept.row;
      throw error;
    }
    verified.delete(id);
    const row = rows[0];
    // The lookup is by hash; the compare is constant-time anyway (as on SQLite).
    if (row === undefined || !timingSafeEqual(row.key_hash, presented) || row.revoked_at !== null)
      return null;
    verified.set(id, { row, checkedAt: clock.now() }, 1);
    return row;
  };

  const byId = async (keyId: string) => {
    const { rows } = await db.query<KeyRow>('SELECT * FROM worker_keys WHERE id = $1', [keyId]);
    return rows[0] === undefined ? null : toInfo(rows[0]);
  };

  return {
    async issue(email, documentId) {
      const issued = newWorkerKey(email, documentId ?? null, clock.now(), policy);
      const { id, email: owner, createdAt: now } = issued.info;
      const revoked = await db.transaction(async (sql) => {
        const subject = documentId === undefined ? `email ${owner}` : `document ${documentId}`;
        await sql.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [
          ADVISORY_LOCKS.keyCap,
          lockKeyOf(subject),
        ]);
        // Newest first; `seq` orders keys issued in the same millisecond. A person's own keys only.
        const { rows } =
          documentId === undefined
            ? await sql.query<{ id: string }>(
                `SELECT id FROM worker_keys WHERE email = $1 AND document_id IS NULL AND revoked_at IS NULL
                 AND created_at > $2 ORDER BY created_at DESC, seq DESC OFFSET $3`,
                [owner, now - policy.lifetimeMs, Math.max(0, policy.maxLivePerUser - 1)],
              )
            : await sql.query<{ id: string }>(
                'SELECT id FROM worker_keys WHERE document_id = $1 AND revoked_at IS NULL',
                [documentId],
              );
        const ids = rows.map((row) => row.id);
        await sql.query(
          'UPDATE worker_keys SET revoked_at = $1 WHERE id = ANY($2::text[]) AND revoked_at IS NULL',
          [now, ids],
        );
        await sql.query(
          'INSERT INTO worker_keys (id, key_hash, email, created_at, document_id) VALUES ($1, $2, $3, $4, $5)',
          [id, hashKey(issued.key), owner, now, documentId ?? null],
        );
        return new Set(ids);
      });
      if (revoked.size > 0) verified.deleteWhere(({ row }) => revoked.has(row.id));
      return issued;
    },

    async verify(key) {
      if (!isWorkerKeyShaped(key)) return null;
      const row = await lookUp(hashKey(key));
      if (row === null) return null;
      const now = clock.now();
      const expiresAt = row.created_at + policy.lifetimeMs;
      if (now >= expiresAt) throw new WorkerKeyExpiredError(row.id, expiresAt);
      if (row.last_used_at === null || now - row.last_used_at >= LAST_USED_RESOLUTION_MS) {
        try {
          await db.query('UPDATE worker_keys SET last_used_at = $1 WHERE id = $2', [now, row.id]);
          row.last_used_at = now;
        } catch (error) {
          // When it was last used is a hint for Settings; it waits for the database's return.
          if (!isStoreUnavailableError(error)) throw error;
        }
      }
      return toInfo(row);
    },

    async revoke(keyId) {
      await db.query('UPDATE worker_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [
        clock.now(),
        keyId,
      ]);
      verified.deleteWhere(({ row }) => row.id === keyId);
      return byId(keyId);
    },

    get: byId,

    async ofDocument(documentId) {
      const { rows } = await db.query<KeyRow>(
        `SELECT * FROM worker_keys WHERE document_id = $1 AND revoked_at IS NULL AND created_at > $2
         ORDER BY created_at DESC, seq DESC LIMIT 1`,
        [documentId, clock.now() - policy.lifetimeMs],
      );
      return rows[0] === undefined ? null : toInfo(rows[0]);
    },

    async issueDocumentKey(email, documentId, mayReplace) {
      const issued = newWorkerKey(email, documentId, clock.now(), policy);
      const { id, email: owner, createdAt: now } = issued.info;
      const outcome = await db.transaction(async (sql): Promise<DocumentKeyOutcome> => {
        // The same lock as issue(): one decision per document at a time, across instances.
        await sql.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [
          ADVISORY_LOCKS.keyCap,
          lockKeyOf(`document ${documentId}`),
        ]);
        const { rows } = await sql.query<KeyRow>(
          `SELECT * FROM worker_keys WHERE document_id = $1 AND revoked_at IS NULL AND created_at > $2
           ORDER BY created_at DESC, seq DESC LIMIT 1`,
          [documentId, now - policy.lifetimeMs],
        );
        const current = rows[0] === undefined ? null : toInfo(rows[0]);
        if (current !== null && !mayReplace(current)) return { kept: current };
        await sql.query(
          'UPDATE worker_keys SET revoked_at = $1 WHERE document_id = $2 AND revoked_at IS NULL',
          [now, documentId],
        );
        await sql.query(
          'INSERT INTO worker_keys (id, key_hash, email, created_at, document_id) VALUES ($1, $2, $3, $4, $5)',
          [id, hashKey(issued.key), owner, now, documentId],
        );
        return { issued, replaced: current };
      });
      if ('issued' in outcome) {
        verified.deleteWhere(({ row }) => row.document_id === documentId && row.id !== id);
      }
      return outcome;
    },

    async list(email) {
      const { rows } =
        email === undefined
          ? await db.query<KeyRow>('SELECT * FROM worker_keys ORDER BY created_at DESC, id COLLATE "C"')
          : await db.query<KeyRow>(
              'SELECT * FROM worker_keys WHERE email = $1 ORDER BY created_at DESC, id COLLATE "C"',
              [normalizeUserEmail(email)],
            );
      return rows.map(toInfo);
    },
  };
}
