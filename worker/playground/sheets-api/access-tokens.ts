import { randomBytes } from 'node:crypto';
import type { Clock } from '../../common/clock';

/**
 * Google answers `expires_in: 3599` for a service account's token and honours it for an hour;
 * the emulator's tokens die on the emulator's clock, so a test can age one by moving that clock.
 */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3599;

export interface TokenHolder {
  clientEmail: string;
  scopes: readonly string[];
}

interface IssuedToken extends TokenHolder {
  expiresAt: number;
}

export type TokenLookup = { kind: 'valid'; holder: TokenHolder } | { kind: 'expired' } | { kind: 'unknown' };

/** Opaque bearer tokens, as Google's are ("ya29." and noise), each for one account and its scopes. */
export class AccessTokens {
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(private readonly clock: Clock) {}

  issue(holder: TokenHolder): { accessToken: string; expiresIn: number } {
    this.forgetExpired();
    const accessToken = `ya29.emulator-${randomBytes(24).toString('base64url')}`;
    this.tokens.set(accessToken, {
      ...holder,
      expiresAt: this.clock.now() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000,
    });
    return { accessToken, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS };
  }

  lookup(accessToken: string): TokenLookup {
    const issued = this.tokens.get(accessToken);
    if (issued === undefined) return { kind: 'unknown' };
    if (this.clock.now() >= issued.expiresAt) return { kind: 'expired' };
    return { kind: 'valid', holder: { clientEmail: issued.clientEmail, scopes: issued.scopes } };
  }

  /** Keeps the map from growing without bound over a long bench; an expired token stays expired. */
  private forgetExpired(): void {
    // Remember a dead token for a day so that it still reads as expired rather than unknown.
    const horizon = this.clock.now() - 24 * 60 * 60 * 1000;
    for (const [token, issued] of this.tokens) if (issued.expiresAt < horizon) this.tokens.delete(token);
  }
}
