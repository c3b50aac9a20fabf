import { Router, type RequestHandler } from 'express';
import type { EditProofAnswer } from '../../../shared/worker-api/edit-proof';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { SheetAccess } from '../google/sheet-access';
import { documentParamsSchema } from '../request-io/document-params';
import { parseBody } from '../request-io/parse-body';
import { requireIdentity } from '../identity/identity';
import { presentedProof, unprovableSentence, type EditAccess } from './edit-access';

interface EditProofRouterOptions {
  authenticate: RequestHandler;
  editAccess: EditAccess;
  sheetAccess: SheetAccess | null;
}

/**
 * `POST /api/documents/:documentId/edit-proof`: proves edit access on purpose, for anyone signed
 * in, admins too (they need proof to write through schedules like everyone). Without `X-Edit-Proof`
 * it answers 403 `edit_proof_required` with a challenge (a kept "cannot be proven" is asked again:
 * the caller may just have shared the sheet); with it, what the check found. The add-on proves
 * on demand instead, when a route answers `edit_proof_required`; this is for Connect, scripts and tests.
 */
export function createEditProofRouter(options: EditProofRouterOptions): Router {
  const { editAccess } = options;
  const router = Router();
  router.post(WORKER_ROUTES.proveEditAccess.path, options.authenticate, async (req, res) => {
    const identity = requireIdentity(req);
    const { documentId } = parseBody(documentParamsSchema, { ...req.params });
    const outcome = await editAccess.check(identity, documentId, presentedProof(req), { fresh: true });
    const kept = await editAccess.standing(identity, documentId);
    const answer: EditProofAnswer = {
      documentId,
      proven: outcome === 'proven',
      until: kept?.expiresAt ?? null,
      message:
        outcome === 'proven'
          ? `Proven: you can edit this spreadsheet. The proof stands until ${new Date(kept?.expiresAt ?? 0).toISOString()}.`
          : await unprovableSentence(options.sheetAccess),
    };
    res.set('Cache-Control', 'no-store').json(answer);
  });
  return router;
}
