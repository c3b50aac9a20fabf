import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../../common/clock';
import { normalizeUserEmail } from './user-email';
import { WeightedLru } from './weighted-lru';
import type { WorkerKeyInfo } from '../../../shared/worker-api/keys';
export type { WorkerKeyInfo } from '../../../shared/worker-api/keys';

/** Every worker key starts with this, so the authenticator can tell it from a Google ID token. */
export const WORKER_KEY_PREFIX = 'csk_';

const KEY_BYTES = 32;
/** Writing `last_used_at` on every request would make each call a write; a minute is precise enough. */
export const LAST_USED_RESOLUTION_MS = 60_000;
/** Keys verified lately, kept in memory so a busy key costs a hash, not a query, per request. */
export const VERIFIED_KEYS_KEPT = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A key lasts this long from its issue (WORKER_KEY_DAYS): a key copied out of a sheet, or left
 * behind on a laptop, stops working by itself. Connecting again in the sidebar takes a second.
 */
export const DEFAULT_WORKER_KEY_DAYS = 90;
/**
 * Live keys per person (WORKER_KEYS_PER_USER). The add-on keeps one per person and revokes the
 * previous one when it connects again; a few more cover a second Google profile or a connect whose
 * revocation did not arrive. Issuing past the cap revokes the oldest.
 */
export const DEFAULT_WORKER_KEYS_PER_USER = 10;

export interface KeyPolicy {
  /** How long a key lasts from its issue. */
  lifetimeMs: number;
  /** Live (neither revoked nor expired) keys one address may hold. */
  maxLivePerUser: number;
}

export const DEFAULT_KEY_POLICY: KeyPolicy = {
  lifetimeMs: DEFAULT_WORKER_KEY_DAYS * DAY_MS,
  maxLivePerUser: DEFAULT_WORKER_KEYS_PER_USER,
};

/** The policy of the WORKER_KEY_DAYS and WORKER_KEYS_PER_USER settings. */
export function keyPolicyOf(settings: { workerKeyDays: number; workerKeysPerUser: number }): KeyPolicy {
  return { lifetimeMs: settings.workerKeyDays * DAY_MS, maxLivePerUser: settings.workerKeysPerUser };
}

/**
 * Thrown by `verify` for a key past its lifetime: unlike an unknown or revoked key, its owner
 * did nothing wrong and only needs to connect again, which the refusal says.
 */
export class WorkerKeyExpiredError extends Error {
  override readonly name = 'WorkerKeyExpiredError';

  constructor(
    readonly keyId: string,
    readonly expiredAt: number,
  ) {
    super(
      `the worker key expired on ${new Date(expiredAt).toISOString().slice(0, 10)}: connect again (Extensions > Creator Sheets > Settings > Connect) to get a new one`,
    );
  }
}

export interface IssuedWorkerKey {
  /** The only time the key exists outside the caller: only its SHA-256 is stored. */
  key: string;
  info: WorkerKeyInfo;
}

export interface KeyRepository {
  /**
   * A new key for `email`; its oldest live keys are revoked beyond the policy's cap. With
   * `documentId`, a document key instead: the document's earlier live keys are revoked (one
   * connection per document, whoever made it), and it counts against no person's cap.
   */
  issue(email: string, documentId?: string): Promise<IssuedWorkerKey>;
  /**
   * The key's owner, or null for an unknown, malformed or revoked key. Throws
   * WorkerKeyExpiredError for a key past its lifetime, so the refusal can say to connect again.
   */
  verify(key: string): Promise<WorkerKeyInfo | null>;
  /** null when no key has this id; revoking twice keeps the first time. */
  revoke(keyId: string): Promise<WorkerKeyInfo | null>;
  get(keyId: string): Promise<WorkerKeyInfo | null>;
  /** Newest first; every key when `email` is absent. */
  list(email?: string): Promise<WorkerKeyInfo[]>;
  /** A document's live key (neither revoked nor expired), or null: who connected it, and when. */
  ofDocument(documentId: string): Promise<WorkerKeyInfo | null>;
  /**
   * A document key for `email`, decided in one step with the document's live key, so that two
   * connects at once cannot both win (issue 22): with no live key one is issued; with one,
   * `mayReplace(current)` decides whether it is revoked for the new one or stays (`kept`).
   */
  issueDocumentKey(
    email: string,
    documentId: string,
    mayReplace: (current: WorkerKeyInfo) => boolean,
  ): Promise<DocumentKeyOutcome>;
}

/** What `issueDocumentKey` did: issued (replacing the key that was live, if any), or kept the live one. */
export type DocumentKeyOutcome =
  { issued: IssuedWorkerKey; replaced: WorkerKeyInfo | null } | { kept: WorkerKeyInfo };

/** A key as either engine stores it. */
export interface KeyRow {
  id: string;
  key_hash: Buffer;
  email: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  document_id: string | null;
}

export function isWorkerKeyShaped(credential: string): boolean {
  return credential.startsWith(WORKER_KEY_PREFIX);
}

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

/** A fresh key and what it will be stored as, before it is. */
export function newWorkerKey(
  email: string,
  documentId: string | null,
  now: number,
  policy: KeyPolicy,
): IssuedWorkerKey {
  return {
    key: WORKER_KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url'),
    info: {
      id: `key_${randomBytes(9).toString('base64url')}`,
      email: normalizeUserEmail(email),
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
      expiresAt: now + policy.lifetimeMs,
      documentId,
    },
  };
}

export function keyInfoOf(row: KeyRow, policy: KeyPolicy): WorkerKeyInfo {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    expiresAt: row.created_at + policy.lifetimeMs,
    documentId: row.document_id,
  };
}

export function hashKey(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}
