import { randomBytes, timingSafeEqual } from 'node:crypto';
import { EDIT_PROOF_METADATA_KEY, type EditProofChallenge } from '../../../shared/worker-api/edit-proof';

/**
 * Challenges for proof of edit access (shared/worker-api/edit-proof.ts), signed rather than
 * stored: `cs1.<expiry>.<nonce>.<mac>`, the MAC binding the caller's address, the spreadsheet,
 * the expiry and the nonce under a key of the data secret. Any instance sharing the secret reads
 * any instance's challenge, and a challenge given to one person, or for one spreadsheet, proves
 * nothing for another: developer metadata is readable by anyone who may view the spreadsheet,
 * so the value is not a secret, only a binding.
 */

/** Time for the add-on to write it and call again, with room for a slow UrlFetch. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

const VERSION = 'cs1';
const NONCE_BYTES = 12;
const MAC_BYTES = 18;

export type Mac = (text: string) => Buffer;

export function makeChallenge(mac: Mac, email: string, documentId: string, now: number): EditProofChallenge {
  const expiresAt = now + CHALLENGE_TTL_MS;
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  const signature = signatureOf(mac, email, documentId, expiresAt, nonce);
  return {
    metadataKey: EDIT_PROOF_METADATA_KEY,
    metadataValue: `${VERSION}.${expiresAt.toString(36)}.${nonce}.${signature}`,
    expiresAt,
    documentId,
  };
}

/** Why a presented challenge proves nothing, or `ok`. */
export type ChallengeReading = 'ok' | 'malformed' | 'expired' | 'not-yours';

export function readChallenge(
  mac: Mac,
  value: string,
  email: string,
  documentId: string,
  now: number,
): ChallengeReading {
  const parts = value.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) return 'malformed';
  const [, expiry, nonce, signature] = parts;
  const expiresAt = parseInt(expiry, 36);
  if (!/^[0-9a-z]{1,12}$/.test(expiry) || !Number.isSafeInteger(expiresAt)) return 'malformed';
  const expected = Buffer.from(signatureOf(mac, email, documentId, expiresAt, nonce));
  const presented = Buffer.from(signature);
  // A challenge made for someone else, or another spreadsheet, fails here whatever its age.
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return 'not-yours';
  return expiresAt <= now ? 'expired' : 'ok';
}

function signatureOf(mac: Mac, email: string, documentId: string, expiresAt: number, nonce: string): string {
  const text = ['edit-proof', email.toLowerCase(), documentId, String(expiresAt), nonce].join('\n');
  return mac(text).subarray(0, MAC_BYTES).toString('base64url');
}
