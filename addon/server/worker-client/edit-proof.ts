import {
  EDIT_PROOF_METADATA_KEY,
  EDIT_PROOF_REQUIRED,
  type EditProofChallenge,
} from '../../../shared/worker-api/edit-proof';
import { WorkerCallError } from './worker-failure';

/**
 * Proof that this user can edit this spreadsheet, for the worker's routes bound to it (issue 22;
 * the protocol: shared/worker-api/edit-proof.ts). The add-on runs as the user inside the
 * spreadsheet, and only an editor may add developer metadata, so it writes the worker's challenge
 * there (DOCUMENT visibility: the worker's Cloud project must see it), repeats the call with it,
 * then removes it. Apps Script calls only: no UrlFetch beyond the repeated call, no Sheets API quota.
 */

/** The worker's challenge when `error` asks for proof; null for any other failure. */
export function challengeIn(error: unknown): EditProofChallenge | null {
  if (!(error instanceof WorkerCallError) || error.code !== EDIT_PROOF_REQUIRED) return null;
  return error.challenge;
}

/** Runs `call` with the challenge written into the active spreadsheet, and removes it after. */
export function withChallengeWritten<T>(challenge: EditProofChallenge, call: () => T): T {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  // Proof is given only about the spreadsheet the add-on runs in, never another one.
  if (spreadsheet === null || spreadsheet.getId() !== challenge.documentId) {
    throw new WorkerCallError(
      403,
      'edit_proof_failed',
      'The worker asked for proof about another spreadsheet than this one: open Creator Sheets in that spreadsheet instead.',
    );
  }
  // Challenges left by a call cut short go first: they are this add-on's, and stale.
  removeChallenges(spreadsheet, null);
  try {
    spreadsheet.addDeveloperMetadata(
      challenge.metadataKey,
      challenge.metadataValue,
      SpreadsheetApp.DeveloperMetadataVisibility.DOCUMENT,
    );
  } catch {
    throw new WorkerCallError(
      403,
      'edit_proof_failed',
      'You can only view this spreadsheet: this needs someone who can edit it.',
    );
  }
  try {
    return call();
  } finally {
    removeChallenges(spreadsheet, challenge.metadataValue);
  }
}

/** Removes this add-on's challenges (all of them, or the one with `value`); quietly. */
function removeChallenges(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, value: string | null): void {
  try {
    const finder = spreadsheet.createDeveloperMetadataFinder().withKey(EDIT_PROOF_METADATA_KEY);
    for (const metadata of (value === null ? finder : finder.withValue(value)).find()) metadata.remove();
  } catch {
    // A challenge left behind proves nothing to anyone else (it is bound to its user) and expires.
  }
}
