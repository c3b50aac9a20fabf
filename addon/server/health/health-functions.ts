import type { HealthDetails } from '../../bridge-contract/health-api';
import { fetchHealthDetails } from './health-details';

/**
 * The server functions of the sidebar's Health section (addon/bridge-contract/health-api.ts); the header
 * badge keeps using getHealth. Every function here becomes a top-level Apps Script function, so
 * this file holds those only.
 */

/** Sidebar: the API's status per group and the worker's (mode, uptime, store, recent API calls). */
export function getHealthDetails(): HealthDetails {
  return fetchHealthDetails();
}
