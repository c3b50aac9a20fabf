import type { AccountView } from '../../accounts';
import type { CreatorDetails } from '../../data';

/**
 * Contact details in reports are "disabled by default and enabled on request at no charge" (spec
 * "Authentication" 3). The sandbox has no per-account switch for it and keeps it that way: every
 * sandbox account counts as one whose request was granted, so a report lists the creator's public
 * e-mail under `contacts` (and omits `contacts` for creators without one). Flip the constant to see
 * reports as a new account of the real service sees them.
 */
const CONTACT_DETAILS_UNLOCKED = true;

export interface ContactEntry {
  type: string;
  value: string;
}

/** `contacts` for a report, or undefined when the field is to be left out. */
export function reportContacts(_account: AccountView, details: CreatorDetails): ContactEntry[] | undefined {
  if (!CONTACT_DETAILS_UNLOCKED || details.contacts.length === 0) return undefined;
  return details.contacts.map((contact) => ({ type: contact.type, value: contact.value }));
}
