/**
 * DATABASE_URL: `postgres://user:password@host:5432/database`, as libpq and every host's Postgres
 * service write it (`postgresql://` too; `?host=/path` reaches a Unix socket, as Cloud SQL's proxy
 * offers; `?sslmode=require` and the other options pg reads pass through).
 */
const DATABASE_URL_EXAMPLE = 'postgres://worker:secret@db.internal:5432/creator_sheets';

const STAND_IN_HOST = 'socket.invalid';

/**
 * `raw` as a URL. A socket's URL names no host (`postgres://worker@/db?host=/cloudsql/x`), which
 * WHATWG's parser refuses where libpq and pg accept it: it is read with a stand-in host, as pg's
 * own parser does.
 */
function parse(raw: string): { url: URL; host: string } | null {
  for (const text of [raw, raw.replace(/^(postgres(?:ql)?:\/\/[^/]*@)\//, `$1${STAND_IN_HOST}/`)]) {
    try {
      const url = new URL(text);
      return { url, host: url.hostname === STAND_IN_HOST ? '' : url.hostname };
    } catch {
      // Try the next reading.
    }
  }
  return null;
}

/** Why `raw` is not a Postgres URL the store can use, or null when it is one. */
export function databaseUrlProblem(raw: string): string | null {
  const parsed = parse(raw);
  if (parsed === null) return `must be a postgres:// URL such as ${DATABASE_URL_EXAMPLE}`;
  const { url, host } = parsed;
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return `must be a postgres:// URL such as ${DATABASE_URL_EXAMPLE}, not ${url.protocol}//`;
  }
  if (host === '' && !url.searchParams.has('host')) {
    return `must name the server, as in ${DATABASE_URL_EXAMPLE}`;
  }
  return null;
}

/** Where the URL points, for messages and logs: server, port and database, never the password. */
export function describeDatabaseUrl(raw: string): string {
  const parsed = parse(raw);
  if (parsed === null) return 'an unreadable URL';
  const { url } = parsed;
  const host = parsed.host === '' ? (url.searchParams.get('host') ?? 'localhost') : parsed.host;
  const database = url.pathname.replace(/^\//, '');
  return `${host}:${url.port === '' ? '5432' : url.port}/${database === '' ? '(default database)' : database}`;
}

/** Why Postgres needs DATA_SECRET, said where the worker refuses to start without it. */
export const SHARED_SECRET_REQUIRED =
  'DATABASE_URL is set without DATA_SECRET: every worker on one Postgres store must use the same data secret ' +
  '(cache keys are HMACs under it and job data is sealed under it), and a file on one machine is no one ' +
  "else's; set DATA_SECRET to the same value on every instance (openssl rand -hex 32, or the content of " +
  "an existing data/store-secret.key to keep that worker's cache)";
