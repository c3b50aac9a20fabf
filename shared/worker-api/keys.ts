import type { WorkerRole } from './worker-role';

/**
 * Worker keys (worker/src/identity/keys-router.ts), for custom functions, which cannot get an ID
 * token. `POST /api/keys` is the one route that takes a Google ID token only, in
 * `Authorization: Bearer` or as this body; a key cannot mint keys.
 */
export interface KeyRequest {
  idToken?: string;
}

/** What `POST /api/keys` answers, once: the key is never shown again. */
export interface IssuedKeyAnswer {
  key: string;
  id: string;
  email: string;
  role: WorkerRole;
  /** When the key stops working (ms since 1970): connecting again then gives a new one. */
  expiresAt: number;
}

/** A worker key as listed: never the key itself. Times in ms since 1970. */
export interface WorkerKeyInfo {
  id: string;
  email: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  expiresAt: number;
}

/** `GET /api/keys?email=`: an admin sees every key (`email` narrows), a member their own. */
export interface KeyListQuery {
  email?: string;
}

export interface KeyListAnswer {
  keys: WorkerKeyInfo[];
}

/** `DELETE /api/keys/:id`: an admin revokes any key, a member their own. */
export interface KeyParams {
  id: string;
}

export interface KeyRevokedAnswer {
  key: WorkerKeyInfo | null;
}
