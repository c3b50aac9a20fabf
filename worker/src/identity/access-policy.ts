import { parseSignInAddress, type Role } from './identity';

interface AccessPolicyOptions {
  /**
   * `ALLOWED_DOMAINS`: everyone whose address is at one of these domains (exact domain, no
   * subdomains) and, unless it is one of Google's consumer domains, whose Google account that
   * domain's Workspace manages (the ID token's `hd`).
   */
  allowedDomains: readonly string[];
  /** `ALLOWED_EMAILS`. */
  allowedEmails: readonly string[];
  /** `ADMIN_EMAILS`: admins, who are let in even when not on the lists above. */
  adminEmails: readonly string[];
  /**
   * When both allow-lists are empty, let in every verified Google account. Meant for sandbox mode
   * (no real API token, nothing to spend); with a real token configured leave it false, and then
   * empty lists let in nobody but the admins.
   */
  openWhenUnlisted?: boolean;
}

/** What vouches for the address besides the address itself. */
export type AccountProof =
  /** A Google ID token; `hostedDomain` is its `hd` claim, null for a consumer account. */
  | { via: 'idToken'; hostedDomain: string | null }
  /**
   * A worker key. Keys are issued only for an ID token this policy admitted, `hd` included
   * (keys-router.ts), and they do not remember `hd`: the Workspace check was made then.
   */
  | { via: 'workerKey' };

type AccessDecision =
  { allowed: true; email: string; role: Role } | { allowed: false; email: string; reason: string };

export interface AccessPolicy {
  decide(email: string, proof: AccountProof): AccessDecision;
}

/**
 * Google's own consumer domains. Their accounts never carry `hd`, and an address there can only
 * belong to the Google account of that name, so no Workspace check applies to them.
 */
const CONSUMER_GOOGLE_DOMAINS: ReadonlySet<string> = new Set(['gmail.com', 'googlemail.com']);

/**
 * Compares parsed addresses only (parseSignInAddress: lower-cased, one `@`, nothing invisible):
 * `Ana@Example.COM` is `ana@example.com`, and `" admin@example.com"` is no one.
 *
 * A domain in ALLOWED_DOMAINS is taken to be a Google Workspace domain: anyone can make a
 * personal Google account with an address at any domain they receive mail at, so the address
 * alone does not show that the company manages the account (and can suspend it). An address at
 * such a domain is therefore let in only with an ID token whose `hd` is that domain, also when
 * the address is listed in ALLOWED_EMAILS or ADMIN_EMAILS: the personal account of that name is
 * never the person the admin meant.
 */
export function createAccessPolicy(options: AccessPolicyOptions): AccessPolicy {
  const clean = (items: readonly string[]) =>
    new Set(
      items.map((item) => item.trim().toLowerCase().replace(/^@/, '')).filter((item) => item.length > 0),
    );
  const domains = clean(options.allowedDomains);
  const emails = clean(options.allowedEmails);
  const admins = clean(options.adminEmails);
  const unlisted = domains.size === 0 && emails.size === 0;

  const decide = (rawEmail: string, proof: AccountProof): AccessDecision => {
    const parsed = parseSignInAddress(rawEmail);
    if (!parsed.ok) return { allowed: false, email: rawEmail, reason: parsed.reason };
    const { address: email, domain } = parsed;
    const workspace = domains.has(domain) && !CONSUMER_GOOGLE_DOMAINS.has(domain);
    if (workspace && proof.via === 'idToken' && proof.hostedDomain !== domain) {
      return { allowed: false, email, reason: workspaceRefusal(email, domain, proof.hostedDomain) };
    }
    if (admins.has(email)) return { allowed: true, email, role: 'admin' };
    if (emails.has(email) || domains.has(domain)) return { allowed: true, email, role: 'member' };
    if (unlisted && options.openWhenUnlisted === true) return { allowed: true, email, role: 'member' };
    return {
      allowed: false,
      email,
      reason: unlisted
        ? `${email} may not use this worker: no one is allowed yet (an admin sets ALLOWED_DOMAINS or ALLOWED_EMAILS)`
        : `${email} may not use this worker: ask an admin to add the address or its domain`,
    };
  };

  // The lists are fixed for the policy's life (the config, read at start-up): the same address
  // and proof get the same decision, made once rather than on each of a key's requests.
  const decided = new Map<string, AccessDecision>();
  return {
    decide(rawEmail, proof) {
      // NUL is in no address or domain: the parts cannot run into each other.
      const key = `${proofKey(proof)}\u0000${rawEmail}`;
      let decision = decided.get(key);
      if (decision === undefined) {
        decision = Object.freeze(decide(rawEmail, proof));
        if (decided.size >= DECISIONS_KEPT) decided.clear();
        decided.set(key, decision);
      }
      return decision;
    },
  };
}

/** Decisions kept: one per address (and Google Workspace domain) that signs in, lately. */
const DECISIONS_KEPT = 1000;

/** What of a proof a decision depends on, as text. */
function proofKey(proof: AccountProof): string {
  if (proof.via === 'workerKey') return 'workerKey';
  return proof.hostedDomain === null ? 'idToken' : `idToken hd=${proof.hostedDomain}`;
}

function workspaceRefusal(email: string, domain: string, hostedDomain: string | null): string {
  return hostedDomain === null
    ? `${email} may not use this worker: it is a personal Google account, not one managed by ` +
        `${domain}'s Google Workspace; sign in with your ${domain} work account`
    : `${email} may not use this worker: its Google account is managed by ${hostedDomain}, not by ` +
        `${domain}'s Google Workspace`;
}
