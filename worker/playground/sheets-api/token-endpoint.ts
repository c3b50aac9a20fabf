import { createVerify } from 'node:crypto';
import type { Clock } from '../../common/clock';
import type { AccessTokens } from './access-tokens';
import type { ApiStats } from './api-stats';
import type { EmulatorResponse } from './emulator-core';
import { GOOGLE_TOKEN_URL } from './service-account-key';
import type { ServiceAccounts } from './service-accounts';

/**
 * Google's OAuth token endpoint for the service-account flow (RFC 7523 JWT bearer grant, as
 * https://developers.google.com/identity/protocols/oauth2/service-account#authorizingrequests
 * describes it): the caller posts `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer` and an
 * RS256-signed JWT whose `iss` is the account, `aud` the token endpoint, `scope` what it asks for,
 * `iat` now and `exp` at most an hour later. Refusals are OAuth errors, not Google API errors:
 * `400 { error, error_description }` (RFC 6749 §5.2), with the descriptions Google gives.
 * Synchronous (the signature is checked with synchronous crypto): see emulator-core.ts.
 */
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** "exp ... has a maximum of 1 hour after the issued time" (the page above). */
const MAX_ASSERTION_SECONDS = 3600;
/** The emulator's allowance for a signer's clock running ahead of its own. */
const CLOCK_SKEW_SECONDS = 300;
const BAD_TIMES =
  'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.';

class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_grant' | 'invalid_request' | 'invalid_scope' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
}

interface TokenEndpointDeps {
  clock: Clock;
  accounts: ServiceAccounts;
  tokens: AccessTokens;
  stats: ApiStats;
}

/**
 * The answer to `POST /token`, whose body is the form's fields (undefined when it was not a
 * form). `tooLarge`: the body passed the size the endpoint reads.
 */
export function answerTokenRequest(
  deps: TokenEndpointDeps,
  form: unknown,
  tooLarge = false,
): EmulatorResponse {
  try {
    if (tooLarge) throw new OAuthError('invalid_request', 'The request body is too large.');
    const fields =
      typeof form === 'object' && form !== null && !Array.isArray(form)
        ? (form as Record<string, unknown>)
        : undefined;
    const answer = exchange(deps, fields);
    deps.stats.recordToken(answer.clientEmail, true);
    return {
      status: 200,
      headers: { 'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate' },
      body: { access_token: answer.accessToken, expires_in: answer.expiresIn, token_type: 'Bearer' },
    };
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    deps.stats.recordToken(null, false);
    return { status: 400, headers: {}, body: { error: error.error, error_description: error.description } };
  }
}

function exchange(
  deps: TokenEndpointDeps,
  body: Record<string, unknown> | undefined,
): { clientEmail: string; accessToken: string; expiresIn: number } {
  const grantType = body?.grant_type;
  if (typeof grantType !== 'string' || grantType === '') {
    throw new OAuthError('unsupported_grant_type', 'Invalid grant_type: ');
  }
  if (grantType !== JWT_BEARER)
    throw new OAuthError('unsupported_grant_type', `Invalid grant_type: ${grantType}`);
  const assertion = body?.assertion;
  if (typeof assertion !== 'string' || assertion === '') {
    throw new OAuthError('invalid_request', 'Missing required parameter: assertion');
  }
  const jwt = decodeJwt(assertion);
  if (jwt.header.alg !== 'RS256') throw new OAuthError('invalid_grant', 'Invalid JWT Signature.');
  const iss = jwt.claims.iss;
  if (typeof iss !== 'string' || iss === '')
    throw new OAuthError('invalid_grant', 'Invalid JWT: iss is missing');
  const account = deps.accounts.get(iss);
  if (account === null) throw new OAuthError('invalid_grant', 'Invalid grant: account not found');
  if (account.keyId !== null && jwt.header.kid !== undefined && jwt.header.kid !== account.keyId) {
    throw new OAuthError('invalid_grant', 'Invalid JWT Signature.');
  }
  const verifier = createVerify('RSA-SHA256');
  verifier.update(jwt.signedPart);
  if (!verifier.verify(account.publicKey, jwt.signature)) {
    throw new OAuthError('invalid_grant', 'Invalid JWT Signature.');
  }
  // google-auth-library signs Google's own address whatever token_uri says; so must any client.
  if (jwt.claims.aud !== GOOGLE_TOKEN_URL) {
    throw new OAuthError(
      'invalid_grant',
      `Invalid JWT: Failed audience check. The right audience is ${GOOGLE_TOKEN_URL}`,
    );
  }
  const { iat, exp } = jwt.claims;
  const now = Math.floor(deps.clock.now() / 1000);
  if (
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    exp <= iat ||
    exp - iat > MAX_ASSERTION_SECONDS ||
    exp <= now ||
    iat > now + CLOCK_SKEW_SECONDS
  ) {
    throw new OAuthError('invalid_grant', BAD_TIMES);
  }
  const scopes = typeof jwt.claims.scope === 'string' ? jwt.claims.scope.split(' ').filter(Boolean) : [];
  // A service account must name its scopes (no scope, or one that is not a URL, is refused here);
  // a token whose scopes do not cover the Sheets API is issued, and the API then refuses it.
  if (
    scopes.length === 0 ||
    scopes.some((scope) => !/^https:\/\/www\.googleapis\.com\/auth\/\S+$/.test(scope))
  ) {
    throw new OAuthError('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
  }
  const issued = deps.tokens.issue({ clientEmail: account.clientEmail, scopes });
  return { clientEmail: account.clientEmail, ...issued };
}

interface DecodedJwt {
  header: { alg?: unknown; kid?: unknown };
  claims: Record<string, unknown>;
  signedPart: string;
  signature: Buffer;
}

function decodeJwt(assertion: string): DecodedJwt {
  const parts = assertion.split('.');
  if (parts.length !== 3) throw new OAuthError('invalid_grant', 'Invalid JWT: not three segments');
  const [header, claims] = parts.slice(0, 2).map((part) => {
    try {
      const parsed: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // answered below
    }
    throw new OAuthError('invalid_grant', 'Invalid JWT: segments are not base64url JSON objects');
  });
  return {
    header,
    claims,
    signedPart: `${parts[0]}.${parts[1]}`,
    signature: Buffer.from(parts[2], 'base64url'),
  };
}
