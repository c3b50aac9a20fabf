import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { optionalQueryText } from '../../../shared/requests/fields';
import { parseBody } from '../http/parse-body';
import { jsonBody, KB } from '../http/json-body';
import { closeIfBodyUnread } from '../http/unread-body';
import type { IssuedKeyAnswer } from '../../../shared/worker-api/keys';
import type { KeyRepository, WorkerKeyInfo } from '../store/key-repository';
import { logRefusal, readBearer, type AuthLogger } from './authenticate';
import type { CredentialChecker } from './credential-checker';
import { sendError } from './error-answer';
import { requireIdentity } from './identity';

interface KeysRouterOptions {
  /** The authenticator in front of listing and revoking. */
  authenticate: RequestHandler;
  checker: CredentialChecker;
  keys: KeyRepository;
  logger?: AuthLogger;
}

/**
 * `POST /api/keys` is the one route read without a credential (it is how one is got): its body
 * holds at most `{ "idToken": ... }`, and Google's ID tokens are 1 to 2 KB.
 */
const KEYS_BODY_LIMIT = 8 * KB;

/** The body of `POST /api/keys` when the ID token is not in `Authorization: Bearer`. */
export const keyRequestSchema = z.looseObject({ idToken: z.string().optional() });

/** `GET /api/keys?email=`: an admin narrows the list to one person (empty means everyone). */
export const keyListQuerySchema = z.looseObject({ email: optionalQueryText() });

/**
 * Worker keys, for custom functions (which cannot get an ID token):
 * - `POST /api/keys`: a Google ID token (in `Authorization: Bearer` or the body's `idToken`) buys a
 *   new key for its own address. Only an ID token: a key cannot mint keys, so a key copied out of a
 *   sheet cannot outlive its revocation. A person holds at most WORKER_KEYS_PER_USER live keys
 *   (the oldest are revoked), each lasting WORKER_KEY_DAYS (store/key-repository.ts).
 * - `GET /api/keys`: an admin sees every key (`?email=` narrows), a member their own.
 * - `DELETE /api/keys/:id`: an admin revokes any key, a member their own.
 */
export function createKeysRouter(options: KeysRouterOptions): Router {
  const { authenticate, checker, keys, logger } = options;
  const router = Router();

  const readIdTokenBody = jsonBody(KEYS_BODY_LIMIT);
  // The bearer is looked at first: a body is read only when there is none.
  const bodyUnlessBearer: RequestHandler = (req, res, next) => {
    if (readBearer(req) === null) readIdTokenBody(req, res, next);
    else next();
  };

  router.post('/api/keys', bodyUnlessBearer, async (req, res) => {
    const parsed = keyRequestSchema.safeParse(req.body);
    const fromBody = parsed.success ? (parsed.data.idToken ?? null) : null;
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
      closeIfBodyUnread(req, res);
      sendError(res, outcome.status, outcome.code, outcome.message);
      return;
    }
    const { email, role } = outcome.identity;
    const issued = await keys.issue(email);
    const answer: IssuedKeyAnswer = {
      key: issued.key,
      id: issued.info.id,
      email,
      role,
      expiresAt: issued.info.expiresAt,
    };
    res.status(201).set('Cache-Control', 'no-store').json(answer);
  });

  router.get('/api/keys', authenticate, async (req, res) => {
    const identity = requireIdentity(req);
    const asked = parseBody(keyListQuerySchema, { ...req.query }).email;
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
