import { createHmac } from 'node:crypto';
import type { ProofOutcome, KeptProof } from '../edit-proof-repository';

/** A kept proof as either engine stores it. */
export interface EditProofRow {
  outcome: ProofOutcome;
  checked_at: number;
  expires_at: number;
}

export function keptProofOf(row: EditProofRow | undefined, now: number): KeptProof | null {
  if (row === undefined || row.expires_at <= now) return null;
  return { outcome: row.outcome, checkedAt: row.checked_at, expiresAt: row.expires_at };
}

export function macWith(key: Buffer): (text: string) => Buffer {
  return (text) => createHmac('sha256', key).update(text).digest();
}
