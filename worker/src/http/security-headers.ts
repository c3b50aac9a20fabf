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

type SecurityHeaders = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * helmet's headers for every answer of the worker (JSON, sandbox, playground, and the 503s that
 * index.ts answers itself while starting or stopping): nosniff, no referrer, same-origin resource
 * and opener policies, HSTS (ignored by browsers over plain http, so harmless on loopback), and the
 * CSP above. Frames stay allowed from the same origin only: the playground shows its sidebar page
 * in a frame of its own page.
 */
export function securityHeaders(): SecurityHeaders {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: API_CONTENT_SECURITY_POLICY },
    xFrameOptions: { action: 'sameorigin' },
  });
}
