/** Where a local build points when WORKER_URL is not set: the worker's default port on loopback. */
export const LOCAL_WORKER_URL = 'http://localhost:8787/';

export interface WorkerUrlSetting {
  /** The URL with a trailing slash, as Apps Script's urlFetchWhitelist requires. */
  url: string;
  defaulted: boolean;
  /** Things worth telling whoever builds, such as a URL Google cannot reach. */
  notes: string[];
}

/** Reads the build's WORKER_URL; throws a readable error when it is not an http(s) URL. */
export function resolveWorkerUrl(value: string | undefined): WorkerUrlSetting {
  if (value === undefined || value.trim() === '') {
    return {
      url: LOCAL_WORKER_URL,
      defaulted: true,
      notes: [`WORKER_URL is not set: the add-on will call ${LOCAL_WORKER_URL} (fine for local tests).`],
    };
  }
  let parsed: URL;
  try {
    parsed = new URL(value.trim());
  } catch {
    throw new Error(
      `WORKER_URL must be an http(s) URL such as https://creator-sheets.example.com/, got "${value}"`,
    );
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`WORKER_URL must start with https:// or http://, got "${value}"`);
  }
  if (parsed.username !== '' || parsed.password !== '' || parsed.search !== '' || parsed.hash !== '') {
    throw new Error(
      `WORKER_URL must be a plain base URL without credentials, query or fragment, got "${value}"`,
    );
  }
  const pathname = parsed.pathname.endsWith('/') ? parsed.pathname : `${parsed.pathname}/`;
  const url = `${parsed.origin}${pathname}`;
  const notes =
    parsed.protocol === 'http:'
      ? [`WORKER_URL ${url} is plain http: Apps Script's urlFetchWhitelist takes https URLs only.`]
      : [];
  return { url, defaulted: false, notes };
}
