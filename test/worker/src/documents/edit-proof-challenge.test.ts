import { randomBytes } from 'node:crypto';
import { EDIT_PROOF_METADATA_KEY } from '../../../../shared/worker-api/edit-proof';
import {
  CHALLENGE_TTL_MS,
  makeChallenge,
  readChallenge,
} from '../../../../worker/src/documents/edit-proof-challenge';
import { macWith } from '../../../../worker/src/store/rows/edit-proof-rows';

/**
 * Challenges for proof of edit access (issue 22), signed rather than stored: one reads back `ok`
 * only for the person and spreadsheet it was made for, under the data secret it was signed with,
 * before its expiry, and exactly as it was written.
 */

const ANA = 'ana@team.com';
const SHEET = '1AnasSheet0000000000000000000000000000000000';
const OTHER_SHEET = '1SomeoneElsesSheet000000000000000000000000000';
const NOW = Date.UTC(2025, 4, 14, 10, 0, 0);

const mac = macWith(randomBytes(32));
const challenge = () => makeChallenge(mac, ANA, SHEET, NOW);

/** The value with one of its four dot-separated parts replaced. */
function withPart(value: string, index: number, part: string): string {
  const parts = value.split('.');
  parts[index] = part;
  return parts.join('.');
}

describe('an edit-proof challenge', () => {
  it('says what to write where, good for CHALLENGE_TTL_MS', () => {
    const made = challenge();
    expect(made).toEqual({
      metadataKey: EDIT_PROOF_METADATA_KEY,
      metadataValue: expect.stringMatching(/^cs1\.[0-9a-z]+\.[\w-]+\.[\w-]+$/),
      expiresAt: NOW + CHALLENGE_TTL_MS,
      documentId: SHEET,
    });
    expect(CHALLENGE_TTL_MS).toBe(10 * 60_000);
    // A fresh nonce each time: one written and removed cannot be told from the next.
    expect(challenge().metadataValue).not.toBe(made.metadataValue);
  });

  it('reads back ok for its person and spreadsheet, whatever the case of the address', () => {
    const { metadataValue } = challenge();
    expect(readChallenge(mac, metadataValue, ANA, SHEET, NOW)).toBe('ok');
    expect(readChallenge(mac, metadataValue, 'Ana@Team.COM', SHEET, NOW + 1)).toBe('ok');
    expect(
      readChallenge(mac, makeChallenge(mac, 'ANA@team.com', SHEET, NOW).metadataValue, ANA, SHEET, NOW),
    ).toBe('ok');
  });

  it('proves nothing for another address, another spreadsheet or under another data secret', () => {
    const { metadataValue } = challenge();
    expect(readChallenge(mac, metadataValue, 'mallory@team.com', SHEET, NOW)).toBe('not-yours');
    expect(readChallenge(mac, metadataValue, ANA, OTHER_SHEET, NOW)).toBe('not-yours');
    expect(readChallenge(macWith(randomBytes(32)), metadataValue, ANA, SHEET, NOW)).toBe('not-yours');
  });

  it('proves nothing once its nonce, expiry or signature is changed: a longer expiry cannot be forged', () => {
    const { metadataValue, expiresAt } = challenge();
    const later = (expiresAt + 24 * 60 * 60_000).toString(36);
    const [, , nonce, signature] = metadataValue.split('.');
    const otherNonce = randomBytes(12).toString('base64url');
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);

    expect(readChallenge(mac, withPart(metadataValue, 1, later), ANA, SHEET, NOW)).toBe('not-yours');
    expect(readChallenge(mac, withPart(metadataValue, 2, otherNonce), ANA, SHEET, NOW)).toBe('not-yours');
    expect(readChallenge(mac, withPart(metadataValue, 3, flipped), ANA, SHEET, NOW)).toBe('not-yours');
    expect(readChallenge(mac, withPart(metadataValue, 3, signature.slice(1)), ANA, SHEET, NOW)).toBe(
      'not-yours',
    );
    // The original still reads back: only the change was refused.
    expect(readChallenge(mac, `cs1.${expiresAt.toString(36)}.${nonce}.${signature}`, ANA, SHEET, NOW)).toBe(
      'ok',
    );
  });

  it('is expired at its expiry and after it, and still good a millisecond before', () => {
    const { metadataValue, expiresAt } = challenge();
    expect(readChallenge(mac, metadataValue, ANA, SHEET, expiresAt - 1)).toBe('ok');
    expect(readChallenge(mac, metadataValue, ANA, SHEET, expiresAt)).toBe('expired');
    expect(readChallenge(mac, metadataValue, ANA, SHEET, expiresAt + 24 * 60 * 60_000)).toBe('expired');
  });

  it('is not-yours rather than expired when it was made for someone else, whatever its age', () => {
    const { metadataValue, expiresAt } = challenge();
    expect(readChallenge(mac, metadataValue, 'mallory@team.com', SHEET, expiresAt + 1)).toBe('not-yours');
  });

  it('reads garbage as malformed', () => {
    const { metadataValue } = challenge();
    const garbage = [
      '',
      'garbage',
      'cs1',
      'cs1...',
      withPart(metadataValue, 0, 'cs2'),
      `${metadataValue}.extra`,
      metadataValue.split('.').slice(0, 3).join('.'),
      withPart(metadataValue, 1, 'NOT-BASE36'),
      withPart(metadataValue, 1, 'z'.repeat(13)),
      withPart(metadataValue, 1, ''),
    ];
    for (const value of garbage) {
      expect({ value, reading: readChallenge(mac, value, ANA, SHEET, NOW) }).toEqual({
        value,
        reading: 'malformed',
      });
    }
  });
});
