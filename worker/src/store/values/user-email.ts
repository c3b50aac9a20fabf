/**
 * The form in which a signed-in user's address is kept (keys, ledger, budgets, job owners), so
 * `Ana@Example.com` from one token and `ana@example.com` from another are the same person.
 * This is the caller's own identity, not an address submitted for enrichment: those are never
 * stored in plain text (see email-cache-key.ts and sealed-box.ts).
 */
export function normalizeUserEmail(email: string): string {
  return email.trim().toLowerCase();
}
