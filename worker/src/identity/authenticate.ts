import type { Request, RequestHandler } from 'express';
import type { CredentialKind } from './identity';
import {
  createCredentialChecker,
  type CredentialChecker,
  type CredentialCheckerOptions,
} from './credential-checker';
import { sendError } from './error-answer';

type LogFields = Record<string, string | number | boolean | null>;

/** `console` fits. Lines carry the path, the outcome and the address: never the credential. */
export interface AuthLogger {
  warn(message: string, fields: LogFields): void;
}

export interface AuthenticatorOptions extends CredentialCheckerOptions {
  logger?: AuthLogger;
}

export const MISSING_CREDENTIAL_MESSAGE =
  'Sign in first: send "Authorization: Bearer <Google ID token or worker key>"';

/** The bearer credential of a request, or null when there is none. */
export function readBearer(req: Request): string | null {
  const header = req.get('authorization');
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Express middleware: `Authorization: Bearer <ID token | worker key | dev key>` becomes
 * `req.identity`. Missing or invalid: 401 unauthenticated; a valid identity outside the
 * allow-list: 403 forbidden; Google's certificates unreachable: 503 unavailable.
 */
export function createAuthenticator(options: AuthenticatorOptions): RequestHandler {
  const checker = createCredentialChecker(options);
  return createAuthenticatorFromChecker(checker, options.logger);
}

export function createAuthenticatorFromChecker(
  checker: CredentialChecker,
  logger?: AuthLogger,
): RequestHandler {
  return async (req, res, next) => {
    const credential = readBearer(req);
    if (credential === null) {
      sendError(res, 401, 'unauthenticated', MISSING_CREDENTIAL_MESSAGE);
      return;
    }
    const outcome = await checker.check(credential);
    if (outcome.ok) {
      req.identity = outcome.identity;
      next();
      return;
    }
    logRefusal(
      logger,
      req,
      outcome.status,
      outcome.code,
      outcome.via,
      outcome.email ?? null,
      outcome.message,
    );
    sendError(res, outcome.status, outcome.code, outcome.message);
  };
}

export function logRefusal(
  logger: AuthLogger | undefined,
  req: Request,
  status: number,
  code: string,
  via: CredentialKind | null,
  email: string | null,
  reason: string,
): void {
  logger?.warn('request refused', { method: req.method, path: req.path, status, code, via, email, reason });
}
