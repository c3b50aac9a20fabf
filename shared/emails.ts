/**
 * E-mail addresses as people paste them into a column, made ready for `POST /email-search`:
 * normalized so that "Ada@Example.com " and "ada@example.com" cost one lookup, checked with
 * practical rules (the ones that catch paste accidents, not RFC 5322), and deduplicated in
 * first-seen order. The worker batches `unique`; the add-on counts it for the cost estimate.
 */

export type PreparedEmail =
  | { readonly kind: 'blank'; readonly input: string }
  | { readonly kind: 'invalid'; readonly input: string; readonly reason: string }
  | {
      readonly kind: 'valid';
      readonly input: string;
      /** The normalized address. */
      readonly email: string;
      /** The input position where this address first appeared (its own position when first). */
      readonly firstIndex: number;
    };

export interface PreparedEmails {
  /** One entry per input position, in input order. */
  readonly entries: readonly PreparedEmail[];
  /** Each valid address once, in first-seen order. */
  readonly unique: readonly string[];
}

const MAX_EMAIL_LENGTH = 254;
/**
 * Printable ASCII without blanks, brackets or list separators: nothing to strip, trim or unwrap
 * (no invisible or non-breaking space, no `<...>`, no trailing `,` or `;`).
 */
const PLAIN_ADDRESS_TEXT = /^[\x21-\x2b\x2d-\x3a\x3d\x3f-\x7e]*$/;
/** Characters that never appear unquoted in a real address but often arrive with a paste. */
const FORBIDDEN_LOCAL = /[\s,;:<>()[\]\\"]/;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

/** The text of a cell as typed: strings as they are, numbers and booleans spelled out, else ''. */
export function emailInputText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (typeof input === 'number' || typeof input === 'boolean') return String(input);
  return '';
}

/**
 * Trims, lowercases, drops a `mailto:` prefix (and its `?subject=` tail), surrounding `<>` or a
 * display name (`Ada <ada@example.com>`), and the separator a pasted list leaves at the end.
 */
export function normalizeEmail(input: unknown): string {
  const plain = emailInputText(input);
  // Most cells hold a bare address: none of the steps below would change one but the lower case,
  // and a column of 100,000 of them need not make five copies of each (issue 28).
  if (PLAIN_ADDRESS_TEXT.test(plain) && !/^mailto:/i.test(plain)) return plain.toLowerCase();
  let text = plain
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .replace(/\u00A0/g, ' ')
    .trim();
  const named = /^[^<>]*<([^<>]*)>$/.exec(text);
  if (named) text = named[1].trim();
  if (/^mailto:/i.test(text)) text = text.slice('mailto:'.length).split('?')[0].trim();
  text = text.replace(/[,;]+$/, '').trim();
  return text.toLowerCase();
}

/** Null when the normalized address looks deliverable, else the reason in a few words. */
export function validateEmail(email: string): string | null {
  if (email === '') return 'empty';
  if (/\s/.test(email)) return 'spaces inside';
  const at = email.indexOf('@');
  if (at < 0) return 'missing @';
  if (email.indexOf('@', at + 1) >= 0) return 'more than one @';
  if (email.length > MAX_EMAIL_LENGTH) return `longer than ${MAX_EMAIL_LENGTH} characters`;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local === '') return 'nothing before @';
  if (domain === '') return 'no domain';
  const forbidden = FORBIDDEN_LOCAL.exec(local);
  if (forbidden) return `"${forbidden[0]}" is not allowed`;
  if (local.charAt(0) === '.' || local.charAt(local.length - 1) === '.' || local.indexOf('..') >= 0) {
    return 'misplaced dot before @';
  }
  if (domain.indexOf('.') < 0) return 'domain has no dot';
  const labels = domain.split('.');
  if (labels.some((label) => label === '')) return 'misplaced dot in the domain';
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return 'invalid character in the domain';
  const top = labels[labels.length - 1];
  if (top.length < 2 || /^\d+$/.test(top)) return 'domain ending is not valid';
  return null;
}

/** Classifies every input position and lists each valid address once, in first-seen order. */
export function prepareEmails(inputs: readonly unknown[]): PreparedEmails {
  const firstSeen = new Map<string, number>();
  const unique: string[] = [];
  const entries: PreparedEmail[] = inputs.map((raw, index): PreparedEmail => {
    const input = emailInputText(raw);
    const email = normalizeEmail(raw);
    if (email === '') return { kind: 'blank', input };
    // An address seen before was valid then: a repeat (another case, other blanks) needs no check.
    const first = firstSeen.get(email);
    if (first !== undefined) return { kind: 'valid', input, email, firstIndex: first };
    const reason = validateEmail(email);
    if (reason !== null) return { kind: 'invalid', input, reason };
    firstSeen.set(email, index);
    unique.push(email);
    return { kind: 'valid', input, email, firstIndex: index };
  });
  return { entries, unique };
}
