/**
 * Proof that the caller can edit a spreadsheet (issue 22). Knowing a spreadsheet's id proves
 * nothing, and one service account reaches every team's shared sheets, so every route bound to a
 * spreadsheet (its document key, its formula allowance, its schedules, a delivery into it) asks
 * for proof from something only an editor can do there:
 *
 * 1. Without a live proof, such a route answers 403 `edit_proof_required` with a challenge bound
 *    to the caller and the spreadsheet, good for a few minutes.
 * 2. The add-on, which runs as the user inside that spreadsheet, adds the challenge as developer
 *    metadata of the spreadsheet (DOCUMENT visibility: the worker's Cloud project must see it).
 *    Only an editor can add developer metadata.
 * 3. It repeats the request with the challenge in the `X-Edit-Proof` header; the worker finds the
 *    metadata through the Sheets API as its service account, keeps the proof for a bounded time
 *    (EDIT_PROOF_MINUTES) and serves the request. The add-on then removes the metadata.
 *
 * Where the worker cannot read the spreadsheet (no service account, or not shared with it),
 * nothing can be proven; each route says what it still allows then (README, Security).
 */

/** The request header that carries a challenge the add-on has written into the spreadsheet. */
export const EDIT_PROOF_HEADER = 'X-Edit-Proof';

/** The developer metadata key the add-on writes a challenge under. */
export const EDIT_PROOF_METADATA_KEY = 'creatorSheetsEditProof';

/** The error code of a route that wants proof (the answer carries `challenge`). */
export const EDIT_PROOF_REQUIRED = 'edit_proof_required';

/** What to write into the spreadsheet, and until when the worker takes it. */
export interface EditProofChallenge {
  /** Spreadsheet-level developer metadata, DOCUMENT visibility. */
  metadataKey: string;
  metadataValue: string;
  /** ms since 1970. */
  expiresAt: number;
  /** The spreadsheet it proves access to: the add-on writes it only into that one. */
  documentId: string;
}

/** The body of a 403 `edit_proof_required`. */
export interface EditProofRequiredAnswer {
  error: { code: typeof EDIT_PROOF_REQUIRED; message: string; challenge: EditProofChallenge };
}

/** `POST /api/documents/:documentId/edit-proof`: what the check found, and until when it stands. */
export interface EditProofAnswer {
  documentId: string;
  /** false: the worker cannot read the spreadsheet (no service account, not shared with it). */
  proven: boolean;
  /** When the proof (or "cannot be proven") stops standing (ms since 1970); null without a service account. */
  until: number | null;
  /** What was found, in a sentence. */
  message: string;
}
