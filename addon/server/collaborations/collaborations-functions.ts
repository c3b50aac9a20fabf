import type { CollaborationsRequest, CollaborationsStart } from '../../bridge-contract/collaborations-api';
import { startCollaborationsRun } from './collaborations-run';

/**
 * Server functions of the Collaborations section (addon/bridge-contract/collaborations-api.ts). Every function
 * here becomes a top-level Apps Script function, so this file holds those only.
 */

/**
 * Sidebar: collaboration posts (newer or older API) as a worker job writing into a new tab, or a
 * summary written into a new tab at once.
 */
export function startCollaborations(
  request: CollaborationsRequest,
  confirmedCost: boolean,
): CollaborationsStart {
  return startCollaborationsRun(request, confirmedCost);
}
