import { currentWorkerUrl, defaultWorkerUrl } from './worker-url';

/**
 * The per-user worker key lives in user properties: custom functions cannot get an ID token, so
 * they send this key instead. Inside a custom function the user store is the sheet owner's.
 */
export const WORKER_KEY_PROPERTY = 'creatorSheets.workerKey';
/** What the worker said when it issued the key (JSON of StoredConnection). */
export const WORKER_CONNECTION_PROPERTY = 'creatorSheets.workerConnection';

interface StoredConnection {
  /** The key's id on the worker, to revoke it on disconnect. */
  keyId: string | null;
  email: string | null;
  role: 'admin' | 'member' | null;
  /** The worker that issued the key: the key is sent nowhere else. */
  workerUrl: string;
}

interface IssuedKey {
  key: string;
  id: string;
  email: string;
  role: 'admin' | 'member';
}

function storedKey(): string | null {
  const key = PropertiesService.getUserProperties().getProperty(WORKER_KEY_PROPERTY);
  return key !== null && key.trim() !== '' ? key : null;
}

/**
 * The stored connection. A key stored without one (by hand, or by an older version) belongs to
 * the build's worker.
 */
export function readConnection(): StoredConnection | null {
  if (storedKey() === null) return null;
  const fallback: StoredConnection = { keyId: null, email: null, role: null, workerUrl: defaultWorkerUrl() };
  const text = PropertiesService.getUserProperties().getProperty(WORKER_CONNECTION_PROPERTY);
  if (text === null) return fallback;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return fallback;
    const record = value as Record<string, unknown>;
    return {
      keyId: typeof record.keyId === 'string' ? record.keyId : null,
      email: typeof record.email === 'string' ? record.email : null,
      role: record.role === 'admin' || record.role === 'member' ? record.role : null,
      workerUrl: typeof record.workerUrl === 'string' ? record.workerUrl : defaultWorkerUrl(),
    };
  } catch {
    return fallback;
  }
}

/**
 * The worker key to send to the current worker, or null when this user has not connected to it.
 * A key issued by another worker is never sent: a document's worker URL can be changed by any of
 * its editors, and the owner's key must not follow it there.
 */
export function readWorkerKey(): string | null {
  const key = storedKey();
  if (key === null) return null;
  const connection = readConnection();
  return connection !== null && connection.workerUrl === currentWorkerUrl() ? key : null;
}

export function storeWorkerKey(issued: IssuedKey, workerUrl: string): void {
  const connection: StoredConnection = {
    keyId: issued.id,
    email: issued.email,
    role: issued.role,
    workerUrl,
  };
  const store = PropertiesService.getUserProperties();
  store.setProperty(WORKER_KEY_PROPERTY, issued.key);
  store.setProperty(WORKER_CONNECTION_PROPERTY, JSON.stringify(connection));
}

/** Keeps who the worker says the key belongs to, as a connection test found it. */
export function updateConnectionIdentity(email: string, role: 'admin' | 'member'): void {
  const connection = readConnection();
  if (connection === null) return;
  PropertiesService.getUserProperties().setProperty(
    WORKER_CONNECTION_PROPERTY,
    JSON.stringify({ ...connection, email, role }),
  );
}

export function forgetWorkerKey(): void {
  const store = PropertiesService.getUserProperties();
  store.deleteProperty(WORKER_KEY_PROPERTY);
  store.deleteProperty(WORKER_CONNECTION_PROPERTY);
}
