import type { DeliveryStatusAnswer } from '../../../shared/worker-api/delivery';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { DeliveryStatusView } from '../../bridge-contract/delivery-api';
import { asRecord, optionalStringAt, stringAt } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { readWorkerKey } from '../worker-client/worker-key';
import { NOT_CONNECTED } from '../worker-client/worker-failure';

/** Document property: Google refused to share this sheet outside its domain (issue 26: who runs schedules). */
export const OUTSIDE_SHARING_REFUSED_PROPERTY = 'creatorSheets.outsideSharingRefused';

/** The worker's service account and whether this spreadsheet is shared with it. */
export function readDeliveryStatus(): DeliveryStatusView | null {
  if (readWorkerKey() === null) return null;
  const documentId = SpreadsheetApp.getActiveSpreadsheet().getId();
  const record = asRecord<DeliveryStatusAnswer>(
    callRoute(WORKER_ROUTES.deliveryStatus, { params: { documentId } }),
    'the delivery status',
  );
  return {
    serviceAccount: optionalStringAt(record, 'serviceAccount'),
    shared: typeof record.shared === 'boolean' ? record.shared : null,
    message: stringAt(record, 'message'),
  };
}

/**
 * Shares this spreadsheet with the worker's service account (`Spreadsheet.addEditor`, as this
 * user), then asks the worker again. Google refuses an outside address in a Workspace domain that
 * allows only its own people: the one refusal the worker cannot tell from "not shared" (Google
 * answers its calls alike), so it is told here, with Google's words and what works instead.
 */
export function shareSpreadsheetWithWorker(): DeliveryStatusView & { domainPolicy: boolean } {
  const before = readDeliveryStatus();
  if (before === null || before.serviceAccount === null || before.shared === true) {
    return {
      ...(before ?? { serviceAccount: null, shared: null, message: NOT_CONNECTED }),
      domainPolicy: false,
    };
  }
  try {
    SpreadsheetApp.getActiveSpreadsheet().addEditor(before.serviceAccount);
  } catch (error) {
    const google = error instanceof Error ? error.message : String(error);
    PropertiesService.getDocumentProperties()?.setProperty(OUTSIDE_SHARING_REFUSED_PROPERTY, 'true');
    return {
      ...before,
      shared: false,
      domainPolicy: true,
      message: `Google would not share this spreadsheet with ${before.serviceAccount} ("${google}"): your domain keeps its files from accounts outside it, so the worker cannot run schedules or deliveries here: a schedule set up now runs from this sheet, as you. An admin may allow the address (Admin console > Drive and Docs > Sharing settings); meanwhile the sidebar's jobs and the formulas work as usual.`,
    };
  }
  const after = readDeliveryStatus();
  return { ...(after ?? before), domainPolicy: false };
}
