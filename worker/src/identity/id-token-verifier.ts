import { OAuth2Client } from 'google-auth-library';
import { isPlausibleDomain, parseSignInAddress } from './identity';

/** Where Google publishes the PEM certificates its ID tokens are signed with. */
const GOOGLE_PEM_CERTS_URL = 'https://www.googleapis.com/oauth2/v1/certs';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface VerifiedIdToken {
  /** The `email` claim read by parseSignInAddress(): lower-cased, one `@`, nothing invisible. */
  email: string;
  /** Google's stable account id (`sub`). */
  subject: string;
  /**
   * The `hd` claim, lower-cased: the Google Workspace domain that manages the account. Absent for
   * a consumer (personal) Google account, whatever its address.
   */
  hostedDomain?: string;
  audience: string;
}

export interface IdTokenVerifier {
  /** Rejects with IdTokenError. */
  verify(idToken: string): Promise<VerifiedIdToken>;
}

/**
 * `invalid_token`: the caller's fault (401). `certificates_unavailable`: Google's certificates could
 * not be fetched, so no token can be checked right now (503).
 */
type IdTokenErrorCode = 'invalid_token' | 'certificates_unavailable';

/** Its message is one sentence of ours: never the library's, which quotes the whole token. */
export class IdTokenError extends Error {
  override readonly name = 'IdTokenError';
  constructor(
    readonly code: IdTokenErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface IdTokenVerifierOptions {
  /** `GOOGLE_CLIENT_IDS`: the add-on's OAuth client ids; a token must be issued to one of them. */
  clientIds: readonly string[];
  /** Tests point this at a local server answering `{ kid: PEM }` (DESIGN "Testing without Google"). */
  certsUrl?: string;
}

/**
 * Verifies Google ID tokens with google-auth-library: RS256 signature against Google's published
 * certificates (cached as long as Google's Cache-Control allows), issuer, audience, issue and expiry
 * times (5 minutes of clock skew), then requires a verified e-mail address. The library reads the
 * real clock (`Date`), so expiry is judged by wall time.
 */
export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const audiences = options.clientIds.filter((id) => id.length > 0);
  const client = new OAuth2Client({
    endpoints: { oauth2FederatedSignonPemCertsUrl: options.certsUrl ?? GOOGLE_PEM_CERTS_URL },
    issuers: GOOGLE_ISSUERS,
    // Node's own fetch: gaxios would otherwise import node-fetch dynamically, which fails where
    // dynamic import is unavailable (Jest's CommonJS sandbox) and adds nothing on Node 20.
    transporterOptions: { fetchImplementation: fetch },
  });

  return {
    async verify(idToken) {
      if (audiences.length === 0) {
        throw new IdTokenError(
          'invalid_token',
          'Google sign-in is not set up on this worker (GOOGLE_CLIENT_IDS is empty); use a worker key',
        );
      }
      // Checked here so that garbage never costs a certificate fetch.
      if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(idToken)) {
        throw new IdTokenError(
          'invalid_token',
          'the credential is neither a worker key nor a Google ID token',
        );
      }
      let payload;
      try {
        const ticket = await client.verifyIdToken({ idToken, audience: [...audiences] });
        payload = ticket.getPayload();
      } catch (error) {
        throw classify(error);
      }
      if (payload === undefined) throw new IdTokenError('invalid_token', 'the ID token has no payload');
      if (typeof payload.email !== 'string' || payload.email.length === 0) {
        throw new IdTokenError(
          'invalid_token',
          'the ID token carries no e-mail address (the add-on needs the userinfo.email scope)',
        );
      }
      // Parsed here, so that nothing after the verifier ever sees the claim as Google spelled it.
      const email = parseSignInAddress(payload.email);
      if (!email.ok) throw new IdTokenError('invalid_token', email.reason);
      // Some older tokens carry the flag as a string.
      const verified: unknown = payload.email_verified;
      if (verified !== true && verified !== 'true') {
        throw new IdTokenError(
          'invalid_token',
          `the e-mail address ${email.address} is not verified by Google`,
        );
      }
      const hostedDomain = readHostedDomain(payload.hd);
      return {
        email: email.address,
        subject: payload.sub,
        ...(hostedDomain === undefined ? {} : { hostedDomain }),
        audience: payload.aud,
      };
    },
  };
}

/** `hd` is compared with allowed domains as text, so it is held to the same shape as they are. */
function readHostedDomain(claim: unknown): string | undefined {
  if (claim === undefined) return undefined;
  const domain = typeof claim === 'string' ? claim.toLowerCase() : '';
  if (!isPlausibleDomain(domain)) {
    throw new IdTokenError(
      'invalid_token',
      `the ID token's hosted domain (hd) ${JSON.stringify(claim)} is not a domain name`,
    );
  }
  return domain;
}

/** The library's messages, in order of the checks it makes, mapped to sentences without the token. */
const REASONS: readonly (readonly [string, IdTokenErrorCode, string])[] = [
  [
    'Failed to retrieve verification certificates',
    'certificates_unavailable',
    "Google's sign-in certificates could not be fetched; try again shortly",
  ],
  ['Wrong number of segments', 'invalid_token', 'the ID token is malformed'],
  ["Can't parse token", 'invalid_token', 'the ID token is malformed'],
  [
    'No pem found for envelope',
    'invalid_token',
    'the ID token was signed with a key Google does not publish',
  ],
  ['Invalid token signature', 'invalid_token', "the ID token's signature is invalid"],
  ['No issue time in token', 'invalid_token', 'the ID token has no issue time'],
  ['No expiration time in token', 'invalid_token', 'the ID token has no expiry time'],
  ['iat field using invalid format', 'invalid_token', 'the ID token has an invalid issue time'],
  ['exp field using invalid format', 'invalid_token', 'the ID token has an invalid expiry time'],
  ['Expiration time too far in future', 'invalid_token', 'the ID token expires too far in the future'],
  ['Token used too early', 'invalid_token', 'the ID token is not valid yet (check the clock)'],
  ['Token used too late', 'invalid_token', 'the ID token has expired; sign in again'],
  ['Invalid issuer', 'invalid_token', 'the ID token was not issued by Google'],
  ['Wrong recipient', 'invalid_token', 'the ID token was issued for another application (wrong audience)'],
];

function classify(error: unknown): IdTokenError {
  const message = error instanceof Error ? error.message : '';
  for (const [prefix, code, reason] of REASONS) {
    if (message.startsWith(prefix)) return new IdTokenError(code, reason);
  }
  return new IdTokenError('invalid_token', 'the ID token could not be verified');
}
