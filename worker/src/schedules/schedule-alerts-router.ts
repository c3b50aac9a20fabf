import { Router, type Request, type RequestHandler } from 'express';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { ScheduleAlertSettingsAnswer } from '../../../shared/worker-api/schedules';
import { checkWebhookUrl } from '../alerts/alert-webhook';
import { presentedProof, type EditAccess } from '../documents/edit-access';
import { documentParamsSchema } from '../request-io/document-params';
import { jsonBody, KB } from '../request-io/json-body';
import { parseBody } from '../request-io/parse-body';
import { WorkerError } from '../request-io/worker-error';
import { requireIdentity } from '../identity/identity';
import type { Store } from '../store/store';
import { normalizeUserEmail } from '../store/values/user-email';
import { scheduleAlertSettingsRequestSchema } from './schedule-request';

interface ScheduleAlertsRouterOptions {
  authenticate: RequestHandler;
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
export function createScheduleAlertsRouter(options: ScheduleAlertsRouterOptions): Router {
  const { authenticate, store, editAccess } = options;
  const router = Router();
  const noStore = { 'Cache-Control': 'no-store' };

  const settings = async (
    req: Request,
  ): Promise<{ documentId: string; answer: ScheduleAlertSettingsAnswer }> => {
    const identity = requireIdentity(req);
    const { documentId } = parseBody(documentParamsSchema, { ...req.params });
    await editAccess.require(identity, documentId, presentedProof(req));
    const connector = (await store.keys.ofDocument(documentId))?.email ?? null;
    const mayChange = identity.role === 'admin' || connector === normalizeUserEmail(identity.email);
    const webhook = await store.scheduleAlerts.hintOf(documentId);
    return { documentId, answer: { webhook, email: options.email, mayChange } };
  };

  router.get(WORKER_ROUTES.scheduleAlertSettings.path, authenticate, async (req, res) => {
    res.set(noStore).json((await settings(req)).answer);
  });

  router.put(
    WORKER_ROUTES.setScheduleAlertSettings.path,
    authenticate,
    jsonBody(4 * KB),
    async (req, res) => {
      const identity = requireIdentity(req);
      const { webhookUrl } = parseBody(scheduleAlertSettingsRequestSchema, req.body);
      const { documentId, answer } = await settings(req);
      if (!answer.mayChange) {
        throw new WorkerError(
          403,
          'not_allowed',
          "Only whoever connected this spreadsheet's formulas, or an admin, may change where its alerts go.",
        );
      }
      let url: string | null = null;
      if (webhookUrl !== null) {
        try {
          url = checkWebhookUrl(webhookUrl);
        } catch (error) {
          throw new WorkerError(400, 'invalid_request', (error as Error).message);
        }
      }
      await store.scheduleAlerts.setWebhook(documentId, url, identity.email);
      const webhook = await store.scheduleAlerts.hintOf(documentId);
      await store.documentChanges.record(
        documentId,
        identity.email,
        'schedule-alerts',
        webhook === null
          ? `${identity.email} removed the chat webhook of this spreadsheet's schedule alerts.`
          : `${identity.email} set the chat webhook of this spreadsheet's schedule alerts (${webhook.hint}).`,
      );
      res.set(noStore).json({ ...answer, webhook });
    },
  );

  return router;
}
