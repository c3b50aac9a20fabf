import type { DeliveryStatusAnswer } from '../../shared/worker-api/delivery';
import { WORKER_ROUTES } from '../../shared/worker-api/routes';
import type { DeliveryStatusView } from '../shared/delivery-api';
import { asRecord, optionalStringAt, stringAt } from './worker-answers';
import { callRoute } from './worker-client';
import { readWorkerKey } from './worker-key';

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
