/**
 * Set by the build from the WORKER_URL environment variable (rollup.config.js replaces the name
 * with a string literal), so a pushed add-on knows its worker without any setup by the user.
 */
declare const __CREATOR_SHEETS_WORKER_URL__: string;

/**
 * A spreadsheet may point at another worker (Settings). Document properties come first, so every
 * formula of the document, whoever recalculates it, talks to the same worker; user properties are
 * the fallback where a document store is unavailable.
 */
const WORKER_URL_PROPERTY = 'creatorSheets.workerUrl';

/** The worker this build of the add-on talks to, always ending with a slash. */
export function defaultWorkerUrl(): string {
  return __CREATOR_SHEETS_WORKER_URL__;
}

/** `https://host[:port][/path]`, no credentials, query or fragment (the same rule as the build's). */
const BASE_URL = /^(https?):\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*)(:\d{1,5})?(\/[^\s?#@]*)?$/i;

type WorkerUrlCheck = { ok: true; url: string } | { ok: false; error: string };

/** Reads a URL typed into Settings: trimmed, lowercase scheme and host, ending with a slash. */
function normalizeWorkerUrl(text: string): WorkerUrlCheck {
  const trimmed = text.trim();
  const match = BASE_URL.exec(trimmed);
  if (match === null) {
    return {
      ok: false,
      error: `The worker URL must be a plain http(s) address such as https://creator-sheets.example.com/, got "${trimmed}"`,
    };
  }
  const [, scheme, host, port = '', path = '/'] = match;
  const base = `${scheme.toLowerCase()}://${host.toLowerCase()}${port}${path}`;
  return { ok: true, url: base.endsWith('/') ? base : `${base}/` };
}

/** The worker URL saved among already-read document properties, or null for the build's default. */
export function workerUrlIn(properties: Readonly<Record<string, string>>): string | null {
  const value = properties[WORKER_URL_PROPERTY];
  if (value === undefined || value.trim() === '') return null;
  const check = normalizeWorkerUrl(value);
  return check.ok ? check.url : null;
}

/**
 * The URL Settings saved for this document (or user), or null when the build's default applies.
 * `userProperties`: the user store as the caller already read it (one read per call, not two).
 */
function savedWorkerUrl(userProperties?: Readonly<Record<string, string>>): string | null {
  const fromDocument = PropertiesService.getDocumentProperties()?.getProperty(WORKER_URL_PROPERTY);
  const documentUrl =
    fromDocument === null || fromDocument === undefined
      ? null
      : workerUrlIn({ [WORKER_URL_PROPERTY]: fromDocument });
  if (documentUrl !== null) return documentUrl;
  const user = userProperties ?? {
    [WORKER_URL_PROPERTY]: PropertiesService.getUserProperties().getProperty(WORKER_URL_PROPERTY) ?? '',
  };
  return workerUrlIn(user);
}

/** The worker every call goes to: the saved URL, else the build's. */
export function currentWorkerUrl(userProperties?: Readonly<Record<string, string>>): string {
  return savedWorkerUrl(userProperties) ?? defaultWorkerUrl();
}

/** Saves (or, with an empty text, clears) this document's worker URL; throws a sentence when invalid. */
export function saveWorkerUrlSetting(text: string): string {
  const documentStore = PropertiesService.getDocumentProperties();
  const store = documentStore ?? PropertiesService.getUserProperties();
  if (text.trim() === '') {
    store.deleteProperty(WORKER_URL_PROPERTY);
    return currentWorkerUrl();
  }
  const check = normalizeWorkerUrl(text);
  if (!check.ok) throw new Error(check.error);
  if (check.url === defaultWorkerUrl()) store.deleteProperty(WORKER_URL_PROPERTY);
  else store.setProperty(WORKER_URL_PROPERTY, check.url);
  return check.url;
}
