import { createSign } from 'node:crypto';
import type { GeneratedServiceAccount } from '../../../../worker/playground/sheets-api/service-account-key';

/**
 * The JWT a service account posts to Google's token endpoint (RS256, Google's audience, the
 * Sheets scope, an hour from `nowMs`), as google-auth-library signs it; `claims` override.
 */
export function signedAssertion(
  account: GeneratedServiceAccount,
  nowMs: number,
  claims: Record<string, unknown> = {},
): string {
  const now = Math.floor(nowMs / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT', kid: account.keyId })}.${part({
    iss: account.clientEmail,
    scope: 'https://www.googleapis.com/auth/spreadsheets',
    aud: 'https://oauth2.googleapis.com/token',
    iat: now,
    exp: now + 3600,
    ...claims,
  })}`;
  const signature = createSign('RSA-SHA256')
    .update(unsigned)
    .sign(account.keyFile.private_key)
    .toString('base64url');
  return `${unsigned}.${signature}`;
}

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
