import express, { Router, type RequestHandler } from 'express';
import type { KeyRepository, WorkerKeyInfo } from '../store/key-repository';
import { logRefusal, readBearer, type AuthLogger } from './authenticate';
import type { CredentialChecker } from './credential-checker';
import { sendError } from './error-answer';
import { requireIdentity } from './identity';

export interface KeysRouterOptions {
  /** The authenticator in front of listing and revoking. */
  authenticate: RequestHandler;
  checker: CredentialChecker;
  keys: KeyRepository;
  logger?: AuthLogger;
}

/** What `POST /api/keys` answers, once: the key is never shown again. */
export interface IssuedKeyAnswer {
  key: string;
  id: string;
  email: string;
  role: 'admin' | 'member';
}

/**
 * Worker keys, for custom functions (which cannot get an ID token):
 * - `POST /api/keys`: a Google ID token (in `Authorization: Bearer` or the body's `idToken`) buys a
 *   new key for its own address. Only an ID token: a key cannot mint keys, so a key copied out of a
 *   sheet cannot outlive its revocation.
 * - `GET /api/keys`: an admin sees every key (`?email=` narrows), a member their own.
 * - `DELETE /api/keys/:id`: an admin revokes any key, a member their own.
 */
export function createKeysRouter(options: KeysRouterOptions): Router {
  const { authenticate, checker, keys, logger } = options;
  const router = Router();

  router.post('/api/keys', express.json({ limit: '64kb' }), async (req, res) => {
    const body: unknown = req.body;
    const fromBody =
      typeof body === 'object' && body !== null && 'idToken' in body && typeof body.idToken === 'string'
        ? body.idToken
        : null;
    const idToken = readBearer(req) ?? fromBody;
    if (idToken === null) {
      sendError(
        res,
        401,
        'unauthenticated',
        'Send a Google ID token ("Authorization: Bearer <token>" or {"idToken": ...})',
      );
      return;
    }
    const outcome = await checker.check(idToken, ['idToken']);
    if (!outcome.ok) {
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
      return;
    }
    const { email, role } = outcome.identity;
    const issued = await keys.issue(email);
    const answer: IssuedKeyAnswer = { key: issued.key, id: issued.info.id, email, role };
    res.status(201).set('Cache-Control', 'no-store').json(answer);
  });

  router.get('/api/keys', authenticate, async (req, res) => {
    const identity = requireIdentity(req);
    const asked = typeof req.query.email === 'string' && req.query.email !== '' ? req.query.email : undefined;
    const list: WorkerKeyInfo[] =
      identity.role === 'admin' ? await keys.list(asked) : await keys.list(identity.email);
    res.json({ keys: list });
  });

  router.delete('/api/keys/:id', authenticate, async (req, res) => {
    const identity = requireIdentity(req);
    const id = req.params.id;
    const key = typeof id === 'string' ? await keys.get(id) : null;
    // A member asking about someone else's key learns nothing, not even that it exists.
    if (key === null || (identity.role !== 'admin' && key.email !== identity.email)) {
      sendError(res, 404, 'not_found', `No worker key with id "${String(id)}"`);
      return;
    }
    const revoked = await keys.revoke(key.id);
    res.json({ key: revoked });
  });

  return router;
}
