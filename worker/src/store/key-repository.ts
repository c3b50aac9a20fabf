import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../../common/clock';
import { normalizeUserEmail } from './user-email';
import { WeightedLru } from './weighted-lru';

/** Every worker key starts with this, so the authenticator can tell it from a Google ID token. */
export const WORKER_KEY_PREFIX = 'csk_';

const KEY_BYTES = 32;
/** Writing `last_used_at` on every request would make each call a write; a minute is precise enough. */
const LAST_USED_RESOLUTION_MS = 60_000;
/** Keys verified lately, kept in memory so a busy key costs a hash, not a query, per request. */
const VERIFIED_KEYS_KEPT = 1000;

export interface WorkerKeyInfo {
  id: string;
  email: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface IssuedWorkerKey {
  /** The only time the key exists outside the caller: only its SHA-256 is stored. */
  key: string;
  info: WorkerKeyInfo;
}

export interface KeyRepository {
  issue(email: string): Promise<IssuedWorkerKey>;
  /** The key's owner, or null for an unknown, malformed or revoked key. */
  verify(key: string): Promise<WorkerKeyInfo | null>;
  /** null when no key has this id; revoking twice keeps the first time. */
  revoke(keyId: string): Promise<WorkerKeyInfo | null>;
  get(keyId: string): Promise<WorkerKeyInfo | null>;
  /** Newest first; every key when `email` is absent. */
  list(email?: string): Promise<WorkerKeyInfo[]>;
}

interface KeyRow {
  id: string;
  key_hash: Buffer;
  email: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export function isWorkerKeyShaped(credential: string): boolean {
  return credential.startsWith(WORKER_KEY_PREFIX);
}

export function createSqliteKeyRepository(db: Database.Database, clock: Clock): KeyRepository {
  const insert = db.prepare<[string, Buffer, string, number]>(
    'INSERT INTO worker_keys (id, key_hash, email, created_at) VALUES (?, ?, ?, ?)',
  );
  const byHash = db.prepare<[Buffer], KeyRow>('SELECT * FROM worker_keys WHERE key_hash = ?');
  const byId = db.prepare<[string], KeyRow>('SELECT * FROM worker_keys WHERE id = ?');
  const touch = db.prepare<[number, string]>('UPDATE worker_keys SET last_used_at = ? WHERE id = ?');
  const revoke = db.prepare<[number, string]>(
    'UPDATE worker_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  );
  const all = db.prepare<[], KeyRow>('SELECT * FROM worker_keys ORDER BY created_at DESC, id');
  const ofEmail = db.prepare<[string], KeyRow>(
    'SELECT * FROM worker_keys WHERE email = ? ORDER BY created_at DESC, id',
  );

  // By the key's hash, never the key. This process writes every revocation (revoke() below drops
  // the key here too), so a kept key is never one that was revoked.
  const verified = new WeightedLru<string, KeyRow>(VERIFIED_KEYS_KEPT);

  const lookUp = (presented: Buffer): KeyRow | null => {
    const id = presented.toString('base64');
    const kept = verified.get(id);
    if (kept !== undefined) return kept;
    const row = byHash.get(presented);
    // The lookup is by hash; the compare is constant-time anyway, so no code path's timing
    // depends on how much of a stored hash a guess matched.
    if (row === undefined || !timingSafeEqual(row.key_hash, presented) || row.revoked_at !== null)
      return null;
    verified.set(id, row, 1);
    return row;
  };

  return {
    async issue(email) {
      const key = WORKER_KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
      const id = `key_${randomBytes(9).toString('base64url')}`;
      const now = clock.now();
      insert.run(id, hashKey(key), normalizeUserEmail(email), now);
      return {
        key,
        info: { id, email: normalizeUserEmail(email), createdAt: now, lastUsedAt: null, revokedAt: null },
      };
    },

    async verify(key) {
      if (!isWorkerKeyShaped(key)) return null;
      const row = lookUp(hashKey(key));
      if (row === null) return null;
      const now = clock.now();
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

    async list(email) {
      const rows = email === undefined ? all.all() : ofEmail.all(normalizeUserEmail(email));
      return rows.map(toInfo);
    },
  };
}

function hashKey(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}

function toInfo(row: KeyRow): WorkerKeyInfo {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}
