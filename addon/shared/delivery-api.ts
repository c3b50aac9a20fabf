import type { DeliveryStatusAnswer } from '../../shared/worker-api/delivery';

/** Whether the worker can write into this spreadsheet as its own service account (issue 14). */
export type DeliveryStatusView = DeliveryStatusAnswer;

export interface DeliveryApi {
  /** null when this user is not connected (the sidebar's calls need their own key). */
  getDeliveryStatus(): DeliveryStatusView | null;
}
