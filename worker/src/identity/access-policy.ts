import type { Role } from './identity';

export interface AccessPolicyOptions {
  /** `ALLOWED_DOMAINS`: everyone whose address ends in `@<domain>` (exact domain, no subdomains). */
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

export type AccessDecision =
  { allowed: true; email: string; role: Role } | { allowed: false; email: string; reason: string };

export interface AccessPolicy {
  decide(email: string): AccessDecision;
}

/** Case-insensitive throughout: `Ana@Example.COM` is `ana@example.com`. */
export function createAccessPolicy(options: AccessPolicyOptions): AccessPolicy {
  const clean = (items: readonly string[]) =>
    new Set(
      items.map((item) => item.trim().toLowerCase().replace(/^@/, '')).filter((item) => item.length > 0),
    );
  const domains = clean(options.allowedDomains);
  const emails = clean(options.allowedEmails);
  const admins = clean(options.adminEmails);
  const unlisted = domains.size === 0 && emails.size === 0;

  return {
    decide(rawEmail) {
      const email = rawEmail.trim().toLowerCase();
      if (admins.has(email)) return { allowed: true, email, role: 'admin' };
      const at = email.lastIndexOf('@');
      const domain = at < 0 ? '' : email.slice(at + 1);
      if (emails.has(email) || (domain.length > 0 && domains.has(domain))) {
        return { allowed: true, email, role: 'member' };
      }
      if (unlisted && options.openWhenUnlisted === true) return { allowed: true, email, role: 'member' };
      return {
        allowed: false,
        email,
        reason: unlisted
          ? `${email} may not use this worker: no one is allowed yet (an admin sets ALLOWED_DOMAINS or ALLOWED_EMAILS)`
          : `${email} may not use this worker: ask an admin to add the address or its domain`,
      };
    },
  };
}
