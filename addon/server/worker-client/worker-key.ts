import { currentWorkerUrl, defaultWorkerUrl, workerUrlIn } from './worker-url';

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
  return connectionFrom(
    PropertiesService.getUserProperties().getProperty(WORKER_CONNECTION_PROPERTY) ?? undefined,
  );
}

function connectionFrom(text: string | undefined): StoredConnection {
  const fallback: StoredConnection = { keyId: null, email: null, role: null, workerUrl: defaultWorkerUrl() };
  if (text === undefined) return fallback;
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
  return readUserAccess().key;
}

/**
 * The worker every sidebar call goes to and this user's key for it, from one read of the user
 * store and one of the document's (property reads are a daily quota: 50,000 on consumer accounts).
 */
export function readUserAccess(): { workerUrl: string; key: string | null } {
  const user = PropertiesService.getUserProperties().getProperties();
  const workerUrl = currentWorkerUrl(user);
  const key = user[WORKER_KEY_PROPERTY];
  if (key === undefined || key.trim() === '') return { workerUrl, key: null };
  const connection = connectionFrom(user[WORKER_CONNECTION_PROPERTY]);
  return { workerUrl, key: connection.workerUrl === workerUrl ? key : null };
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

/**
 * The document key: what this spreadsheet's formulas send. Custom functions cannot read the
 * person's own user properties (Apps Script hands them the spreadsheet owner's store, and editors
 * may not write it), but every editor's formulas read document properties. The key bills the
 * person who connected the document, whom Settings names.
 */
export const DOCUMENT_KEY_PROPERTY = 'creatorSheets.documentKey';
/** Who connected the document, the key's id (to revoke it) and the worker it belongs to. */
export const DOCUMENT_CONNECTION_PROPERTY = 'creatorSheets.documentConnection';

export interface DocumentConnection {
  keyId: string | null;
  /** Whose budget pays for the document's formulas. */
  email: string | null;
  workerUrl: string;
}

interface FormulaAccess {
  workerUrl: string;
  key: string;
}

function parseDocumentConnection(text: string | undefined): DocumentConnection | null {
  if (text === undefined) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    if (typeof record.workerUrl !== 'string') return null;
    return {
      keyId: typeof record.keyId === 'string' ? record.keyId : null,
      email: typeof record.email === 'string' ? record.email : null,
      workerUrl: record.workerUrl,
    };
  } catch {
    return null;
  }
}

/** Everything Settings shows about connections, as read from the two stores. */
interface ConnectionSnapshot {
  workerUrl: string;
  /** This user's key for `workerUrl`, or null. */
  key: string | null;
  /** What the worker said when it issued this user's key (whatever worker), or null. */
  connection: StoredConnection | null;
  /** This document's connection for formulas, or null when nobody has connected it. */
  document: DocumentConnection | null;
}

function nonBlank(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value;
}

/**
 * Settings' view of the connections from ONE read of each property store (reads are a daily
 * quota, and Settings is read each time it is shown).
 */
export function readConnectionSnapshot(): ConnectionSnapshot {
  const user = PropertiesService.getUserProperties().getProperties();
  const document = PropertiesService.getDocumentProperties()?.getProperties() ?? {};
  const workerUrl = workerUrlIn(document) ?? workerUrlIn(user) ?? defaultWorkerUrl();
  const key = nonBlank(user[WORKER_KEY_PROPERTY]);
  const connection = key === null ? null : connectionFrom(user[WORKER_CONNECTION_PROPERTY]);
  return {
    workerUrl,
    key: connection !== null && connection.workerUrl === workerUrl ? key : null,
    connection,
    document:
      nonBlank(document[DOCUMENT_KEY_PROPERTY]) === null
        ? null
        : parseDocumentConnection(document[DOCUMENT_CONNECTION_PROPERTY]),
  };
}

/** This document's connection for formulas, or null when nobody has connected it. */
export function readDocumentConnection(): DocumentConnection | null {
  const store = PropertiesService.getDocumentProperties();
  if (store === null) return null;
  const key = store.getProperty(DOCUMENT_KEY_PROPERTY);
  if (key === null || key.trim() === '') return null;
  return parseDocumentConnection(store.getProperty(DOCUMENT_CONNECTION_PROPERTY) ?? undefined);
}

/**
 * What a formula sends and where, from ONE read of document properties (a formula runs often, and
 * consumer accounts have 50,000 property reads a day): the worker URL and the document key, or
 * null when this document is not connected to that worker. A key issued by another worker is never
 * sent: any editor can change the document's worker URL.
 */
export function readFormulaAccess(): FormulaAccess | null {
  const properties = PropertiesService.getDocumentProperties()?.getProperties() ?? {};
  const workerUrl = workerUrlIn(properties) ?? defaultWorkerUrl();
  const key = properties[DOCUMENT_KEY_PROPERTY];
  if (key === undefined || key.trim() === '') return null;
  const connection = parseDocumentConnection(properties[DOCUMENT_CONNECTION_PROPERTY]);
  return connection !== null && connection.workerUrl === workerUrl ? { workerUrl, key } : null;
}

export function storeDocumentKey(
  issued: { key: string; id: string; email: string },
  workerUrl: string,
): void {
  const connection: DocumentConnection = { keyId: issued.id, email: issued.email, workerUrl };
  const store = PropertiesService.getDocumentProperties();
  if (store === null) throw new Error('Connect from a spreadsheet: its formulas need the document key.');
  store.setProperty(DOCUMENT_CONNECTION_PROPERTY, JSON.stringify(connection));
  store.setProperty(DOCUMENT_KEY_PROPERTY, issued.key);
}

export function forgetDocumentKey(): void {
  const store = PropertiesService.getDocumentProperties();
  store?.deleteProperty(DOCUMENT_KEY_PROPERTY);
  store?.deleteProperty(DOCUMENT_CONNECTION_PROPERTY);
}

/** The stored document key, for revoking it with itself (Disconnect formulas). */
export function readDocumentKey(): string | null {
  const key = PropertiesService.getDocumentProperties()?.getProperty(DOCUMENT_KEY_PROPERTY) ?? null;
  return key !== null && key.trim() !== '' ? key : null;
}
