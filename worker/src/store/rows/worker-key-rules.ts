import { hash, randomBytes } from 'node:crypto';
import { normalizeUserEmail } from '../values/user-email';
import type { WorkerKeyInfo } from '../../../../shared/worker-api/keys';
import type { IssuedWorkerKey } from '../key-repository';

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
