import type { Request } from 'express';
import type { ScheduleAlertSettingsAnswer } from '../../../shared/worker-api/schedules';
import { checkWebhookUrl } from '../alerts/alert-webhook';
import { presentedProof, type EditAccess } from '../documents/edit-access';
import { KB } from '../request-io/json-body';
import { served, type ServedRoute } from '../request-io/served-route';
import { WorkerError } from '../request-io/worker-error';
import { requireIdentity } from '../identity/identity';
import type { Store } from '../store/store';
import { normalizeUserEmail } from '../store/values/user-email';
import { documentParamsSchema } from '../request-io/document-params';
import { scheduleAlertSettingsRequestSchema } from './schedule-request';

interface ScheduleAlertsRouteOptions {
  store: Pick<Store, 'scheduleAlerts' | 'keys' | 'documentChanges'>;
  editAccess: EditAccess;
  /** The worker has SMTP settings: failed runs are e-mailed too. */
  email: boolean;
}

/**
 * Where a document's failed scheduled runs are told (issue 25), for Settings:
 * - `GET /api/documents/:documentId/schedule-alerts`: to its editors; the webhook as a hint only;
 * - `PUT` the same: an https webhook URL, or null to remove it; whoever connected the document's
 *   formulas (their schedules' runs are billed to them) or an admin, with proof of edit access.
 * The URL is sealed in the store and never answered, logged or written into a sheet.
 */
export function scheduleAlertsRoutes(options: ScheduleAlertsRouteOptions): ServedRoute[] {
  const { store, editAccess } = options;

  const settings = async (req: Request, documentId: string): Promise<ScheduleAlertSettingsAnswer> => {
    const identity = requireIdentity(req);
    await editAccess.require(identity, documentId, presentedProof(req));
    const connector = (await store.keys.ofDocument(documentId))?.email ?? null;
    const mayChange = identity.role === 'admin' || connector === normalizeUserEmail(identity.email);
    const webhook = await store.scheduleAlerts.hintOf(documentId);
    return { webhook, email: options.email, mayChange };
  };

  return [
    served(
      'scheduleAlertSettings',
      { params: documentParamsSchema },
      {
        handle: async ({ params: { documentId } }, req, res) => {
          const answer = await settings(req, documentId);
          res.set(NO_STORE);
          return answer;
        },
      },
    ),
    served(
      'setScheduleAlertSettings',
      { params: documentParamsSchema, body: scheduleAlertSettingsRequestSchema },
      {
        bodyLimit: 4 * KB,
        handle: async ({ params: { documentId }, body: { webhookUrl } }, req, res) => {
          const identity = requireIdentity(req);
          const answer = await settings(req, documentId);
          if (!answer.mayChange) {
            throw new WorkerError(
              403,
              'not_allowed',
              "Only whoever connected this spreadsheet's formulas, or an admin, may change where its alerts go.",
            );
          }
          await store.scheduleAlerts.setWebhook(documentId, checkedUrl(webhookUrl), identity.email);
          const webhook = await store.scheduleAlerts.hintOf(documentId);
          await store.documentChanges.record(
            documentId,
            identity.email,
            'schedule-alerts',
            webhook === null
              ? `${identity.email} removed the chat webhook of this spreadsheet's schedule alerts.`
              : `${identity.email} set the chat webhook of this spreadsheet's schedule alerts (${webhook.hint}).`,
          );
          res.set(NO_STORE);
          return { ...answer, webhook };
        },
      },
    ),
  ];
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The webhook as it will be kept (https only), null to remove it; 400 with the reason otherwise. */
function checkedUrl(webhookUrl: string | null): string | null {
  if (webhookUrl === null) return null;
  try {
    return checkWebhookUrl(webhookUrl);
  } catch (error) {
    throw new WorkerError(400, 'invalid_request', (error as Error).message);
  }
}
