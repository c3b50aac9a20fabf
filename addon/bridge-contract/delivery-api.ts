import type { DeliveryStatusAnswer } from '../../shared/worker-api/delivery';

/** Whether the worker can write into this spreadsheet as its own service account (issue 14). */
export type DeliveryStatusView = DeliveryStatusAnswer;

export interface DeliveryApi {
  /** null when this user is not connected (the sidebar's calls need their own key). */
  getDeliveryStatus(): DeliveryStatusView | null;
  /**
   * Shares this spreadsheet with the worker's service account as an editor, as this user (one
   * click instead of the Share dialog), then checks again; a domain that keeps its files from
   * outside accounts refuses it, and the answer says so (`domainPolicy`).
   */
  shareWithWorker(): DeliveryStatusView & { domainPolicy: boolean };
}
