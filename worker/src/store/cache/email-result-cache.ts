import type { MatchedEmail } from '../../../../shared/responses/email-search';
import { isUnreadableAnswer, type UnreadableAnswer } from '../../../../shared/unreadable-answer';
import type { CacheRepository } from '../cache-repository';
import type { EmailCacheKey } from '../sealing/email-cache-key';

/**
 * What the API answered for one address: its match, or null when it matched nothing. `unreadable`
 * marks an address whose batch was billed but could not be read: no match is known, and asking
 * again costs nothing (the marker is cached like an answer). `unanswered` marks an address the
 * answer listed neither as matched nor as not matched: "no match in this answer", kept like a no
 * match so that recalculations do not send it again, and asked again only on a refresh.
 */
export interface EmailLookup {
  email: string;
  match: MatchedEmail | null;
  unreadable?: UnreadableAnswer;
  unanswered?: true;
}

/**
 * Cached e-mail search results, keyed by emailCacheKey() and stored without the address: the
 * result's `email` field is dropped, and any other value equal to the address (an echo in a field
 * the API may add) becomes a placeholder. Reading re-attaches the address the caller asked about,
 * so the database never holds a submitted address in plain text.
 */
export interface EmailResultCache {
  /** Fresh answers for these normalized addresses, by address; addresses without one are absent. */
  getMany(normalizedEmails: readonly string[], now?: number): Promise<Map<string, EmailLookup>>;
  /** `email` must be the normalized address the caller submitted. */
  setMany(results: readonly EmailLookup[], now?: number): Promise<void>;
}

type StoredLookup =
  { matched: false; unreadable?: UnreadableAnswer; unanswered?: true } | { matched: true; result: unknown };

const NAMESPACE = 'emails';
/** A code unit outside ASCII: text without one lower-cases one code unit to one. */
const BEYOND_ASCII = /[\u0080-\uffff]/;
/** NUL cannot appear in an address or in the API's text, so the placeholder cannot collide. */
const ADDRESS_PLACEHOLDER = '\u0000address\u0000';

export function createEmailResultCache(options: {
  cache: CacheRepository;
  cacheKey: EmailCacheKey;
  ttlMs: number;
}): EmailResultCache {
  const { cache, cacheKey, ttlMs } = options;
  return {
    async getMany(normalizedEmails, now) {
      const keyOf = new Map(normalizedEmails.map((email) => [cacheKey(email), email]));
      const entries = await cache.getMany(NAMESPACE, [...keyOf.keys()], now);
      const found = new Map<string, EmailLookup>();
      for (const [key, entry] of entries) {
        const email = keyOf.get(key);
        const stored = entry.value as StoredLookup;
        if (email === undefined) continue;
        const match = stored.matched
          ? ({ ...(restoreAddress(stored.result, email) as object), email } as MatchedEmail)
          : null;
        const unreadable =
          !stored.matched && isUnreadableAnswer(stored.unreadable) ? stored.unreadable : undefined;
        const unanswered = !stored.matched && stored.unanswered === true;
        found.set(email, {
          email,
          match,
          ...(unreadable === undefined ? {} : { unreadable }),
          ...(unanswered ? { unanswered } : {}),
        });
      }
      return found;
    },

    async setMany(results, now) {
      const entries = results.map(({ email, match, unreadable, unanswered }) => {
        let value: StoredLookup =
          unreadable !== undefined
            ? { matched: false, unreadable }
            : unanswered === true
              ? { matched: false, unanswered }
              : { matched: false };
        if (match !== null) {
          const { email: _echo, ...rest } = match;
          value = { matched: true, result: hideAddress(rest, email) };
        }
        return { key: cacheKey(email), value };
      });
      await cache.setMany(NAMESPACE, entries, ttlMs, now);
    },
  };
}

/**
 * The value with every occurrence of the address replaced by the placeholder. What holds none is
 * given back as it is, not copied: the answer of a batch of 1,000 is a few thousand strings, nearly
 * all without the address, and copying each character of each was most of an enrichment's memory
 * (issue 28).
 */
function hideAddress(value: unknown, email: string): unknown {
  return mapStrings(value, (text) => hideInText(text, email));
}

/** hideAddress undone: the address back where the placeholder stands; what holds none, as it is. */
function restoreAddress(value: unknown, email: string): unknown {
  return mapStrings(value, (text) =>
    text.includes(ADDRESS_PLACEHOLDER) ? text.split(ADDRESS_PLACEHOLDER).join(email) : text,
  );
}

/** A JSON value with `change` applied to each string in it; only what changed is copied. */
function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item: unknown, index) => {
      const changed = mapStrings(item, change);
      if (changed !== item) (copy ??= [...value])[index] = changed;
    });
    return copy ?? value;
  }
  if (typeof value === 'object' && value !== null) {
    let copy: Record<string, unknown> | null = null;
    for (const [key, item] of Object.entries(value)) {
      const changed = mapStrings(item, change);
      if (changed !== item) (copy ??= { ...value })[key] = changed;
    }
    return copy ?? value;
  }
  return value;
}

/**
 * Case-insensitive, and inside longer text too (`mailto:...`); every other character is kept as it
 * was. Lower-casing the whole text to search it would change names (`İrem` lower-cases to two code
 * points, `i̇rem`), so the text is lower-cased one character at a time, remembering where each
 * lowered code unit came from, and a match is cut out of the original text. A match must begin and
 * end on whole characters of the original.
 */
function hideInText(text: string, email: string): string {
  const needle = email.toLowerCase();
  if (needle.length === 0) return text;
  // Plain ASCII lower-cases one code unit to one, the same whole or a character at a time: a text
  // that does not hold the address needs nothing more (nearly every text of an answer).
  if (!BEYOND_ASCII.test(text) && !text.toLowerCase().includes(needle)) return text;
  let lower = '';
  /** For each code unit of `lower`: where its character starts in `text`. */
  const origin: number[] = [];
  /** For each code unit of `lower`: whether it is the first of its character's lowered form. */
  const first: boolean[] = [];
  let at = 0;
  for (const char of text) {
    const lowered = char.toLowerCase();
    for (let unit = 0; unit < lowered.length; unit += 1) {
      origin.push(at);
      first.push(unit === 0);
    }
    lower += lowered;
    at += char.length;
  }
  origin.push(text.length);
  first.push(true);

  let out = '';
  let kept = 0;
  let from = 0;
  for (let found = lower.indexOf(needle); found >= 0; found = lower.indexOf(needle, from)) {
    const end = found + needle.length;
    if (!first[found] || !first[end]) {
      from = found + 1;
      continue;
    }
    out += text.slice(kept, origin[found]) + ADDRESS_PLACEHOLDER;
    kept = origin[end];
    from = end;
  }
  return kept === 0 && out === '' ? text : out + text.slice(kept);
}
