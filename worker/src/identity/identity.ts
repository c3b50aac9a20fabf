import type { Request } from 'express';

export type Role = 'admin' | 'member';

/** How the caller proved who they are. */
export type CredentialKind = 'idToken' | 'workerKey' | 'devKey';

/** Who is calling, as every handler after the authenticator sees it. */
export interface Identity {
  /** As parseSignInAddress() gives it: one `@`, nothing invisible, lower-cased. */
  email: string;
  role: Role;
  via: CredentialKind;
  /** The worker key used, when `via` is `workerKey`. */
  keyId?: string;
  /**
   * A document key's spreadsheet: the caller is that document's formulas, billed to `email` (who
   * connected it), and may call only the routes for formulas (FORMULA_ROUTES).
   */
  documentId?: string;
}

/** The sandbox-mode identity of the development key. */
export const DEV_IDENTITY: Identity = Object.freeze({ email: 'dev@localhost', role: 'admin', via: 'devKey' });

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the authenticator (authenticate.ts). */
    identity?: Identity;
  }
}

/** The caller of a route mounted behind the authenticator; throws if it was mounted without one. */
export function requireIdentity(req: Request): Identity {
  if (req.identity === undefined) {
    throw new Error(`${req.method} ${req.path} is served without the authenticator in front of it`);
  }
  return req.identity;
}

/** A sign-in address split where it was checked; both parts lower-cased. */
interface SignInAddress {
  address: string;
  domain: string;
}

type SignInAddressParse = ({ ok: true } & SignInAddress) | { ok: false; reason: string };

/** RFC 5321's bound on an address, and on its local part. */
const MAX_ADDRESS_CHARS = 254;
const MAX_LOCAL_CHARS = 64;
/** RFC 5322 atext and dots: what a Google account's address can hold before the `@`. */
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
/** Whitespace, control and format characters (zero-width spaces, bidi marks) and separators. */
const INVISIBLE = /[\s\p{C}\p{Z}]/u;

/**
 * The address of a sign-in claim (an ID token's `email`, a worker key's owner), read strictly,
 * because every later decision compares it as text: the allow-list by its domain, the roles by the
 * whole address. Lenient readings are how `a@evil.org@example.com` passed for example.com and
 * `" admin@example.com"` for an admin. So: exactly one `@`, nothing invisible anywhere, a local
 * part Google could have issued and a domain of at least two labels; lower-cased, never trimmed.
 */
export function parseSignInAddress(claim: unknown): SignInAddressParse {
  if (typeof claim !== 'string' || claim.length === 0) {
    return { ok: false, reason: 'the sign-in carries no e-mail address' };
  }
  // The reason does not quote the claim: it is logged, and logs say what happened, not to whom.
  const refuse = (why: string): SignInAddressParse => ({
    ok: false,
    reason: `the sign-in address is not a plain e-mail address: ${why}`,
  });
  if (claim.length > MAX_ADDRESS_CHARS) return refuse(`it is longer than ${MAX_ADDRESS_CHARS} characters`);
  if (INVISIBLE.test(claim)) return refuse('it contains a space, a control or an invisible character');
  // Before lower-casing: the Kelvin sign (U+212A) lower-cases to a plain "k".
  if (!PRINTABLE_ASCII.test(claim)) return refuse('it holds characters outside plain ASCII');
  const parts = claim.toLowerCase().split('@');
  if (parts.length !== 2) return refuse(parts.length < 2 ? 'it has no "@"' : 'it has more than one "@"');
  const [local, domain] = parts;
  if (local.length === 0 || local.length > MAX_LOCAL_CHARS || !LOCAL_PART.test(local)) {
    return refuse('the part before the "@" is empty, too long or holds characters an address cannot');
  }
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return refuse('the part before the "@" has a misplaced dot');
  }
  if (!isPlausibleDomain(domain)) return refuse(`"${domain}" is not a domain name`);
  return { ok: true, address: `${local}@${domain}`, domain };
}

/**
 * A domain name as DNS spells it in ASCII: two or more labels of letters, digits and inner hyphens
 * (IDNs in their `xn--` form), 63 characters a label, a top-level label that is not all digits.
 * Expects lower case.
 */
export function isPlausibleDomain(domain: string): boolean {
  if (domain.length === 0 || domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
  if (!labels.every((part) => label.test(part))) return false;
  return !/^\d+$/.test(labels[labels.length - 1]);
}
