import type {
  CollaborationsProgress,
  CollaborationsRequest,
  CollaborationsRun,
} from '../shared/collaborations-api';
import { continueCollaborationsRun, startCollaborationsRun } from './collaborations-run';

/**
 * Server functions of the Collaborations section (addon/shared/collaborations-api.ts). Each export
 * becomes a top-level Apps Script function: export nothing else from this file.
 */

/**
 * Sidebar: collaboration posts, a summary, or the older API's collaborations into a new tab; makes
 * the first call (a few pages at most) and says whether more calls are needed.
 */
export function startCollaborations(
  request: CollaborationsRequest,
  confirmedCost: boolean,
): CollaborationsProgress {
  return startCollaborationsRun(request, confirmedCost);
}

/** Sidebar: the next few pages of a collaborations run, written below its rows. */
export function continueCollaborations(run: CollaborationsRun): CollaborationsProgress {
  return continueCollaborationsRun(run);
}
