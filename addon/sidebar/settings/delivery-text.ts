import type { DeliveryStatusView } from '../../bridge-contract/delivery-api';

/** The one-line state shown beside the heading. */
export function deliveryStateText(status: DeliveryStatusView): string {
  if (status.serviceAccount === null) return 'Off';
  if (status.shared === true) return 'On for this spreadsheet';
  if (status.shared === false) return 'Not shared yet';
  return 'Unknown';
}
