import type { IdTokenVerifier } from '../src/identity/id-token-verifier';
import { makeSigningKey, type SigningKey } from './fake-google';

/**
 * Google sign-in for the playground: the playground is its own Google. It signs the ID tokens of
 * its fake ScriptApp with a key made at start-up, serves that key's certificate at
 * PLAYGROUND_ROUTES.certs, and the worker trusts tokens issued to the playground's client id
 * against that endpoint, beside whatever real Google sign-in is configured.
 */

/** The playground add-on's OAuth client id: the audience of its ID tokens. */
export const PLAYGROUND_CLIENT_ID = 'creator-sheets-playground.apps.googleusercontent.com';
/** Who uses the playground's spreadsheet. */
export const PLAYGROUND_USER = 'you@playground.test';

export function makePlaygroundKey(): SigningKey {
  return makeSigningKey(`playground-${Date.now().toString(36)}`);
}

/**
 * Verifies tokens whose audience is the playground's client id with `playground`, all others
 * with `google`. The audience is read unverified only to choose: each verifier checks the token
 * in full, audience included.
 */
export function withPlaygroundSignIn(google: IdTokenVerifier, playground: IdTokenVerifier): IdTokenVerifier {
  return {
    verify: (idToken) => (audienceOf(idToken) === PLAYGROUND_CLIENT_ID ? playground : google).verify(idToken),
  };
}

function audienceOf(idToken: string): unknown {
  const payload = idToken.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud?: unknown }).aud;
  } catch {
    return undefined;
  }
}
