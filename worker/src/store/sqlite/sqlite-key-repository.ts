import { hash, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import { normalizeUserEmail } from '../values/user-email';
import { WeightedLru } from '../cache/weighted-lru';
import type { WorkerKeyInfo } from '../../../../shared/worker-api/keys';
import {
  type KeyRepository,
  type IssuedWorkerKey,
  WorkerKeyExpiredError,
  type DocumentKeyOutcome,
} from '../key-repository';
import {
  type KeyPolicy,
  DEFAULT_KEY_POLICY,
  type KeyRow,
  VERIFIED_KEYS_KEPT,
  keyInfoOf,
  newWorkerKey,
  hashKey,
  isWorkerKeyShaped,
  LAST_USED_RESOLUTION_MS,
} from '../rows/worker-key-rules';

export function createSqliteKeyRepository(
  db: Database.Database,
  clock: Clock,
  policy: KeyPolicy = DEFAULT_KEY_POLICY,
): KeyRepository {
  const insert = db.prepare<[string, Buffer, string, number, string | null]>(
    'INSERT INTO worker_keys (id, key_hash, email, created_at, document_id) VALUES (?, ?, ?, ?, ?)',
  );
  // Newest first; rowid orders keys issued in the same millisecond. A person's own keys only.
  const liveOfEmail = db.prepare<[string, number], { id: string }>(
    'SELECT id FROM worker_keys WHERE email = ? AND document_id IS NULL AND revoked_at IS NULL AND created_at > ? ORDER BY created_at DESC, rowid DESC',
  );
  const liveOfDocument = db.prepare<[string], { id: string }>(
    'SELECT id FROM worker_keys WHERE document_id = ? AND revoked_at IS NULL',
  );
  const byHash = db.prepare<[Buffer], KeyRow>('SELECT * FROM worker_keys WHERE key_hash = ?');
  const byId = db.prepare<[string], KeyRow>('SELECT * FROM worker_keys WHERE id = ?');
  const touch = db.prepare<[number, string]>('UPDATE worker_keys SET last_used_at = ? WHERE id = ?');
  const revoke = db.prepare<[number, string]>(
    'UPDATE worker_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  );
  const all = db.prepare<[], KeyRow>('SELECT * FROM worker_keys ORDER BY created_at DESC, id');
  const documentKey = db.prepare<[string, number], KeyRow>(
    `SELECT * FROM worker_keys WHERE document_id = ? AND revoked_at IS NULL AND created_at > ?
     ORDER BY created_at DESC, rowid DESC LIMIT 1`,
  );
  const ofEmail = db.prepare<[string], KeyRow>(
    'SELECT * FROM worker_keys WHERE email = ? ORDER BY created_at DESC, id',
  );

  // By the key's hash, never the key. This process writes every revocation (revoke() below drops
  // the key here too), so a kept key is never one that was revoked.
  const verified = new WeightedLru<string, KeyRow>(VERIFIED_KEYS_KEPT);

  const toInfo = (row: KeyRow) => keyInfoOf(row, policy);

  /** Issues and revokes as one step: two connects at once cannot both stay under the cap. */
  const issueCapped = db.transaction(
    (id: string, keyHash: Buffer, email: string, now: number, documentId: string | null) => {
      const replaced =
        documentId === null
          ? liveOfEmail.all(email, now - policy.lifetimeMs).slice(Math.max(0, policy.maxLivePerUser - 1))
          : liveOfDocument.all(documentId);
      const ids = replaced.map((row) => row.id);
      for (const oldId of ids) revoke.run(now, oldId);
      insert.run(id, keyHash, email, now, documentId);
      return ids;
    },
  );

  const issueForDocument = db.transaction(
    (
      issued: IssuedWorkerKey,
      keyHash: Buffer,
      documentId: string,
      mayReplace: (current: WorkerKeyInfo) => boolean,
    ) => {
      const { id, email, createdAt: now } = issued.info;
      const live = documentKey.get(documentId, now - policy.lifetimeMs);
      const current = live === undefined ? null : toInfo(live);
      if (current !== null && !mayReplace(current)) return { kept: current };
      for (const row of liveOfDocument.all(documentId)) revoke.run(now, row.id);
      insert.run(id, keyHash, email, now, documentId);
      return { issued, replaced: current };
    },
  );

  const lookUp = (key: string): KeyRow | null => {
    // The hash as text is the memory's key: a key verified lately costs one hash, no Buffer.
    const id = hash('sha256', key, 'base64');
    const kept = verified.get(id);
    if (kept !== undefined) return kept;
    const presented = Buffer.from(id, 'base64');
    const row = byHash.get(presented);
    // The lookup is by hash; the compare is constant-time anyway, so no code path's timing
    // depends on how much of a stored hash a guess matched.
    if (row === undefined || !timingSafeEqual(row.key_hash, presented) || row.revoked_at !== null)
      return null;
    verified.set(id, row, 1);
    return row;
  };

  return {
    async issue(email, documentId) {
      const issued = newWorkerKey(email, documentId ?? null, clock.now(), policy);
      const { id, createdAt: now } = issued.info;
      const revoked = new Set(
        issueCapped(id, hashKey(issued.key), issued.info.email, now, documentId ?? null),
      );
      if (revoked.size > 0) verified.deleteWhere((row) => revoked.has(row.id));
      return issued;
    },

    async verify(key) {
      if (!isWorkerKeyShaped(key)) return null;
      const row = lookUp(key);
      if (row === null) return null;
      const now = clock.now();
      const expiresAt = row.created_at + policy.lifetimeMs;
      if (now >= expiresAt) throw new WorkerKeyExpiredError(row.id, expiresAt);
      if (row.last_used_at === null || now - row.last_used_at >= LAST_USED_RESOLUTION_MS) {
        touch.run(now, row.id);
        row.last_used_at = now;
      }
      return toInfo(row);
    },

    async revoke(keyId) {
      revoke.run(clock.now(), keyId);
      verified.deleteWhere((row) => row.id === keyId);
      const row = byId.get(keyId);
      return row === undefined ? null : toInfo(row);
    },

    async get(keyId) {
      const row = byId.get(keyId);
      return row === undefined ? null : toInfo(row);
    },

    async ofDocument(documentId) {
      const row = documentKey.get(documentId, clock.now() - policy.lifetimeMs);
      return row === undefined ? null : toInfo(row);
    },

    async issueDocumentKey(email, documentId, mayReplace) {
      const issued = newWorkerKey(email, documentId, clock.now(), policy);
      const outcome: DocumentKeyOutcome = issueForDocument(
        issued,
        hashKey(issued.key),
        documentId,
        mayReplace,
      );
      // Every key of the document was revoked, the replaced one among them.
      if ('issued' in outcome)
        verified.deleteWhere((row) => row.document_id === documentId && row.id !== issued.info.id);
      return outcome;
    },

    async list(email) {
      const rows = email === undefined ? all.all() : ofEmail.all(normalizeUserEmail(email));
      return rows.map(toInfo);
    },
  };
}
