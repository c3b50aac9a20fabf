import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The worker answers JSON: its Content-Security-Policy lets such an answer, opened in a browser,
 * load and run nothing, and be framed by no page. The playground's pages replace it with their own
 * (worker/playground/content-security-policy.ts).
 */
const API_CONTENT_SECURITY_POLICY = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** What helmet is asked for. */
export const SECURITY_HEADER_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: API_CONTENT_SECURITY_POLICY },
  xFrameOptions: { action: 'sameorigin' },
} as const;

type SecurityHeaders = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * helmet's headers for every answer of the worker (JSON, sandbox, playground, and the 503s that
 * index.ts answers itself while starting or stopping): nosniff, no referrer, same-origin resource
 * and opener policies, HSTS (ignored by browsers over plain http, so harmless on loopback), and the
 * CSP above. Frames stay allowed from the same origin only: the playground shows its sidebar page
 * in a frame of its own page.
 *
 * helmet decides them, once: with these settings its headers do not depend on the request, so
 * they are taken from one run of its middleware at start-up and set from that list on every
 * answer, rather than through its thirteen middlewares each time (issue 28: a cached formula's
 * answer is a few dozen microseconds, and they were a measurable share of it).
 */
export function securityHeaders(): SecurityHeaders {
  const { set, removed } = headersOf(helmet(SECURITY_HEADER_OPTIONS));
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

/** What a middleware sets and removes, from one run against a response that only records. */
function headersOf(middleware: SecurityHeaders): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed: string[] = [];
  // Names in lower case, as Node keys them: it then has no copy of each to make, per answer.
  const recorder = {
    setHeader(name: string, value: unknown) {
      set.set(name.toLowerCase(), String(value));
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.push(name.toLowerCase());
    },
  };
  let error: unknown = null;
  let done = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (failure) => {
    error = failure ?? null;
    done = true;
  });
  // helmet answers synchronously; a version that did not would be caught here, at start-up.
  if (!done || error !== null) throw new Error('helmet did not settle its headers synchronously');
  return { set: [...set], removed };
}
