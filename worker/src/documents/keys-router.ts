import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { optionalQueryText } from '../../../shared/requests/fields';
import { parseBody } from '../request-io/parse-body';
import { spreadsheetId } from '../request-io/document-params';
import { jsonBody, KB } from '../request-io/json-body';
import { served, type ServedRoute } from '../request-io/served-route';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { IssuedKeyAnswer } from '../../../shared/worker-api/keys';
import type { KeyRepository, WorkerKeyInfo } from '../store/key-repository';
import { readBearer, sendRefusal, type AuthLogger } from '../identity/authenticate';
import type { CredentialChecker } from '../identity/credential-checker';
import { sendError } from '../request-io/send-error';
import { requireIdentity, type Identity } from '../identity/identity';
import { presentedProof, type EditAccess } from './edit-access';
import { connectDocument } from './document-connect';
import type { DocumentChangeRepository } from '../store/document-change-repository';
import { MAX_DOCUMENT_TITLE_CHARS, type DocumentTitleRepository } from '../store/document-title-repository';
import type { SheetAccess } from '../google/sheet-access';

interface KeysRouterOptions {
  checker: CredentialChecker;
  keys: KeyRepository;
  /** Proof that the caller can edit the document they connect (issue 22). */
  editAccess: EditAccess;
  /** Where connections, take-overs and disconnections are recorded for the document's editors. */
  changes: DocumentChangeRepository;
  /** Connected spreadsheets' titles, as their sidebars said them on connecting (issue 25). */
  titles: DocumentTitleRepository;
  /** The worker's service account (null: none), for sentences on what makes proof possible. */
  sheetAccess: SheetAccess | null;
  /** UNPROVEN_DOCUMENT_KEYS (documents/document-connect.ts); `first` when absent. */
  unprovenDocumentKeys?: 'first' | 'refuse';
  logger?: AuthLogger;
}

/**
 * `POST /api/keys` is the one route read without a credential (it is how one is got): its body
 * holds at most `{ "idToken": ... }`, and Google's ID tokens are 1 to 2 KB.
 */
const KEYS_BODY_LIMIT = 8 * KB;

/** The body of `POST /api/keys` when the ID token is not in `Authorization: Bearer`. */
export const keyRequestSchema = z.looseObject({
  idToken: z.string().optional(),
  documentId: spreadsheetId().optional(),
  takeOver: z.boolean().optional(),
  /** The spreadsheet's title, kept with `documentId` for lists to name it (cut, never refused). */
  documentTitle: z
    .string()
    .transform((title) => title.slice(0, MAX_DOCUMENT_TITLE_CHARS))
    .optional(),
});

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
  const { checker, keys, logger } = options;
  const router = Router();

  const readIdTokenBody = jsonBody(KEYS_BODY_LIMIT);
  // A bearer ID token is checked before the body (which may name a document) is read; without
  // one, the body is read for its `idToken` first. Either way the body is at most 8 KB.
  const bearerFirst: RequestHandler = async (req, res, next) => {
    const bearer = readBearer(req);
    if (bearer !== null) {
      const outcome = await checker.check(bearer, ['idToken']);
      if (!outcome.ok) return sendRefusal(logger, req, res, outcome);
      res.locals.signedIn = outcome.identity;
    }
    readIdTokenBody(req, res, next);
  };

  router.post(WORKER_ROUTES.issueKey.path, bearerFirst, async (req, res) => {
    const body = parseBody(keyRequestSchema, req.body ?? {});
    let identity = res.locals.signedIn as Identity | undefined;
    if (identity === undefined) {
      if (body.idToken === undefined) {
        sendError(
          res,
          401,
          'unauthenticated',
          'Send a Google ID token ("Authorization: Bearer <token>" or {"idToken": ...})',
        );
        return;
      }
      const outcome = await checker.check(body.idToken, ['idToken']);
      if (!outcome.ok) return sendRefusal(logger, req, res, outcome);
      identity = outcome.identity;
    }
    // The document first: a refusal (no proof yet) issues nothing.
    const document =
      body.documentId === undefined
        ? null
        : await connectDocument(
            { ...options, unprovenDocumentKeys: options.unprovenDocumentKeys ?? 'first' },
            identity,
            body.documentId,
            body.takeOver === true,
            presentedProof(req),
          );
    if (
      body.documentId !== undefined &&
      body.documentTitle !== undefined &&
      body.documentTitle.trim() !== ''
    ) {
      await options.titles.set(body.documentId, body.documentTitle);
    }
    const { email, role } = identity;
    const issued = await keys.issue(email);
    const answer: IssuedKeyAnswer = {
      key: issued.key,
      id: issued.info.id,
      email,
      role,
      expiresAt: issued.info.expiresAt,
      ...document,
    };
    res.status(201).set('Cache-Control', 'no-store').json(answer);
  });

  return router;
}

/**
 * `GET /api/keys` (the caller's keys; an admin's everyone's, `email` narrowing) and
 * `DELETE /api/keys/:id`, served from the table; `POST /api/keys` reads an ID token its own way
 * (createKeysRouter).
 */
export function keyListRoutes(
  options: Pick<KeysRouterOptions, 'keys' | 'titles' | 'changes'>,
): ServedRoute[] {
  const { keys } = options;
  return [
    served(
      'listKeys',
      { query: keyListQuerySchema },
      {
        handle: async ({ query }, req) => {
          const identity = requireIdentity(req);
          const asked = query.email;
          const list: WorkerKeyInfo[] =
            identity.role === 'admin' ? await keys.list(asked) : await keys.list(identity.email);
          const titles = await options.titles.titlesOf(
            list.flatMap((key) => (key.documentId === null ? [] : [key.documentId])),
          );
          const named = list.map((key) =>
            key.documentId === null ? key : { ...key, documentTitle: titles.get(key.documentId) ?? null },
          );
          return { keys: named };
        },
      },
    ),

    served(
      'revokeKey',
      {},
      {
        handle: async (_input, req, res) => {
          const identity = requireIdentity(req);
          const id = req.params.id;
          const key = typeof id === 'string' ? await keys.get(id) : null;
          // A member asking about someone else's key learns nothing, not even that it exists; a
          // document key may revoke itself only (any editor of the document holds it).
          const mayRevoke =
            key !== null &&
            (identity.documentId !== undefined
              ? key.id === identity.keyId
              : identity.role === 'admin' || key.email === identity.email);
          if (key === null || !mayRevoke) {
            sendError(res, 404, 'not_found', `No worker key with id "${String(id)}"`);
            return undefined;
          }
          const revoked = await keys.revoke(key.id);
          if (key.documentId !== null && key.revokedAt === null) {
            // A document key revoking itself is any editor's "Disconnect formulas": the worker cannot
            // tell which editor, only that it came from inside the spreadsheet.
            const summary =
              identity.documentId !== undefined
                ? `The formulas connected by ${key.email} were disconnected from inside the spreadsheet; they say "Not connected" until someone connects them again.`
                : `${identity.email} disconnected the formulas connected by ${key.email}; they say "Not connected" until someone connects them again.`;
            await options.changes.record(key.documentId, identity.email, 'disconnected', summary);
          }
          return { key: revoked };
        },
      },
    ),
  ];
}
