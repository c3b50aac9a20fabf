import type { EditProofAnswer } from '../../../shared/worker-api/edit-proof';
import type { SheetAccess } from '../google/sheet-access';
import { served, type ServedRoute } from '../request-io/served-route';
import { requireIdentity } from '../identity/identity';
import { presentedProof, unprovableSentence, type EditAccess } from './edit-access';
import { documentParamsSchema } from '../request-io/document-params';

interface EditProofRouteOptions {
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
export function editProofRoutes(options: EditProofRouteOptions): ServedRoute[] {
  const { editAccess } = options;
  const prove = served(
    'proveEditAccess',
    { params: documentParamsSchema },
    {
      handle: async ({ params: { documentId } }, req, res) => {
        const identity = requireIdentity(req);
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
        res.set('Cache-Control', 'no-store');
        return answer;
      },
    },
  );
  return [prove];
}
