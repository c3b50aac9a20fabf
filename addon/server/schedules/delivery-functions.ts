import type { DeliveryStatusView } from '../../bridge-contract/delivery-api';
import { readDeliveryStatus, shareSpreadsheetWithWorker } from './delivery-status';

/**
 * The server functions of Settings' server delivery (addon/bridge-contract/delivery-api.ts). Every function
 * here becomes a top-level Apps Script function, so this file holds those only.
 */

/** Sidebar: the address to share this spreadsheet with, and whether it is shared. */
export function getDeliveryStatus(): DeliveryStatusView | null {
  return readDeliveryStatus();
}

/** Sidebar ("Share with the worker"): shares this spreadsheet with the service account, as you. */
export function shareWithWorker(): DeliveryStatusView & { domainPolicy: boolean } {
  return shareSpreadsheetWithWorker();
}
