import type { Request, RequestHandler, Response } from 'express';
import type { CredentialKind } from './identity';
import { closeIfBodyUnread } from '../request-io/unread-body';
import { WorkerKeyExpiredError } from '../store/key-repository';
import {
  createCredentialChecker,
  type AuthOutcome,
  type CredentialChecker,
  type CredentialCheckerOptions,
} from './credential-checker';
import { sendError } from '../request-io/send-error';
import { FORMULA_ROUTES } from '../../../shared/worker-api/routes';

type LogFields = Record<string, string | number | boolean | null>;

/** `console` fits. Lines carry the path, the outcome and the address: never the credential. */
export interface AuthLogger {
  warn(message: string, fields: LogFields): void;
}

interface AuthenticatorOptions extends CredentialCheckerOptions {
  logger?: AuthLogger;
}

const MISSING_CREDENTIAL_MESSAGE =
  'Sign in first: send "Authorization: Bearer <Google ID token or worker key>"';

const DOCUMENT_KEY_MESSAGE =
  "a document key serves its spreadsheet's formulas only: sign in as yourself (Settings > Connect) for the rest";

/** The route being served is one a document key may call (routes mount the authenticator themselves). */
function isFormulaRoute(req: Request): boolean {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' && FORMULA_ROUTES.has(`${req.method} ${path}`);
}

/** The bearer credential of a request, or null when there is none. */
export function readBearer(req: Request): string | null {
  const header = req.get('authorization');
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Express middleware: `Authorization: Bearer <ID token | worker key | dev key>` becomes
 * `req.identity`. Missing, invalid or expired: 401 unauthenticated; a valid identity outside the
 * allow-list: 403 forbidden; Google's certificates unreachable: 503 unavailable. Routes put it
 * before their body reader (request-io/json-body.ts): a refused request has no byte of its body read.
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
      closeIfBodyUnread(req, res);
      sendError(res, 401, 'unauthenticated', MISSING_CREDENTIAL_MESSAGE);
      return;
    }
    let outcome: AuthOutcome;
    try {
      outcome = await checker.check(credential);
    } catch (error) {
      if (!(error instanceof WorkerKeyExpiredError)) throw error;
      logRefusal(logger, req, 401, 'unauthenticated', 'workerKey', null, 'worker key expired');
      closeIfBodyUnread(req, res);
      sendError(res, 401, 'unauthenticated', error.message);
      return;
    }
    if (outcome.ok && outcome.identity.documentId !== undefined && !isFormulaRoute(req)) {
      logRefusal(logger, req, 403, 'forbidden', 'workerKey', outcome.identity.email, 'document key');
      closeIfBodyUnread(req, res);
      sendError(res, 403, 'forbidden', DOCUMENT_KEY_MESSAGE);
      return;
    }
    if (outcome.ok) {
      req.identity = outcome.identity;
      next();
      return;
    }
    sendRefusal(logger, req, res, outcome);
  };
}

/** Logs a refused credential (never the credential) and answers its status and sentence. */
export function sendRefusal(
  logger: AuthLogger | undefined,
  req: Request,
  res: Response,
  outcome: Extract<AuthOutcome, { ok: false }>,
): void {
  logRefusal(logger, req, outcome.status, outcome.code, outcome.via, outcome.email ?? null, outcome.message);
  closeIfBodyUnread(req, res);
  sendError(res, outcome.status, outcome.code, outcome.message);
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
