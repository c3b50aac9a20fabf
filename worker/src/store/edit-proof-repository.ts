/**
 * What the last check of a person's edit access to a spreadsheet found (issue 22), kept until it
 * expires so that a sidebar's calls cost one Google read per person and spreadsheet per
 * EDIT_PROOF_MINUTES, not one per call:
 * - `proven`: the challenge this person was given was found in the spreadsheet's developer
 *   metadata, which only an editor can add;
 * - `unprovable`: the worker could not read the spreadsheet (not shared with its service account),
 *   so nothing could be proven either way; each route decides what it still allows then.
 */
export type ProofOutcome = 'proven' | 'unprovable';

export interface KeptProof {
  outcome: ProofOutcome;
  checkedAt: number;
  expiresAt: number;
}

export interface EditProofRepository {
  /** The live result of the last check of `email` on `documentId`, or null (none, or expired). */
  kept(email: string, documentId: string): Promise<KeptProof | null>;
  /** Keeps a check's result until `expiresAt`, replacing the earlier one. */
  keep(email: string, documentId: string, outcome: ProofOutcome, expiresAt: number): Promise<void>;
  /**
   * An HMAC of `text` under a key of the data secret's: challenges are signed with it, so any
   * instance sharing the secret verifies any instance's challenge without storing it.
   */
  macOf(text: string): Buffer;
}
