import type { DeliveryStatusAnswer } from '../../../../shared/worker-api/delivery';
import { served, type ServedRoute } from '../../request-io/served-route';
import type { SheetAccess } from '../../google/sheet-access';
import { presentedProof, type EditAccess } from '../../documents/edit-access';
import { requireIdentity } from '../../identity/identity';
import { documentParamsSchema } from '../../request-io/document-params';

interface DeliveryRouteOptions {
  /** null: the worker has no Google identity (no GOOGLE_APPLICATION_CREDENTIALS, not on Cloud Run). */
  access: SheetAccess | null;
  /** Proof that a member can edit the spreadsheet asked about (issue 22). */
  editAccess: EditAccess;
}

const NO_IDENTITY =
  'The worker has no Google service account (GOOGLE_APPLICATION_CREDENTIALS): rows reach the sheet through this sidebar.';

/**
 * `GET /api/documents/:documentId/delivery`: the address to share a spreadsheet with, and whether
 * it is shared, for Settings. Its editors (proof, issue 22: where the worker cannot read the
 * spreadsheet, nothing can be proven, and the answer says it is not shared), and admins; a document
 * key may not (it is the formulas' own). Google unreachable is an answer, not a failure: the
 * sidebar shows the sentence.
 */
export function deliveryRoutes(options: DeliveryRouteOptions): ServedRoute[] {
  const status = served(
    'deliveryStatus',
    { params: documentParamsSchema },
    {
      handle: async ({ params: { documentId } }, req, res) => {
        const identity = requireIdentity(req);
        if (identity.role !== 'admin')
          await options.editAccess.check(identity, documentId, presentedProof(req));
        res.set('Cache-Control', 'no-store');
        return statusOf(options.access, documentId);
      },
    },
  );
  return [status];
}

async function statusOf(access: SheetAccess | null, documentId: string): Promise<DeliveryStatusAnswer> {
  if (access === null) return { serviceAccount: null, shared: null, message: NO_IDENTITY };
  let serviceAccount: string;
  try {
    serviceAccount = await access.serviceAccountEmail();
  } catch (error) {
    return {
      serviceAccount: null,
      shared: null,
      message: `The worker could not sign in to Google as its service account: ${(error as Error).message}`,
    };
  }
  try {
    const state = await access.check(documentId);
    return state.shared
      ? {
          serviceAccount,
          shared: true,
          message: `Shared with ${serviceAccount}: the worker can write rows into this spreadsheet itself.`,
        }
      : { serviceAccount, shared: false, message: state.reason };
  } catch (error) {
    return { serviceAccount, shared: null, message: (error as Error).message };
  }
}
