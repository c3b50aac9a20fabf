import { prepareEmails } from '../../shared/emails';
import { parseHandle } from '../../shared/handles';

/** What a column is expected to hold; `any` when the sidebar does not know yet. */
export type InputKind = 'emails' | 'handles' | 'any';

/** Words people put on top of a column of addresses or creators. */
const HEADER_WORDS =
  /^(e-?mails?|e-?mail address(es)?|addresses|contacts?|handles?|user ?names?|creators?|influencers?|accounts?|profiles?|profile urls?|urls?|links?|channels?|names?|ids?|instagram|tiktok|youtube)$/i;

function isValidEmail(value: unknown): boolean {
  return prepareEmails([value]).entries[0].kind === 'valid';
}

function isValidHandle(value: unknown): boolean {
  // Any platform will do: the question is whether it reads as a creator at all.
  return parseHandle(value, undefined, { defaultPlatform: 'instagram' }).ok;
}

/**
 * Whether the first value is a header rather than data: text that is a known header word, or that
 * is not what the column holds (an address, a handle). A lone value is data: a header needs rows
 * below it to head.
 */
export function looksLikeHeader(values: readonly unknown[], kind: InputKind): boolean {
  if (values.length < 2) return false;
  const first = values[0];
  if (typeof first !== 'string' || first.trim() === '') return false;
  const text = first.trim();
  if (HEADER_WORDS.test(text)) return true;
  if (kind === 'emails') return !isValidEmail(text);
  if (kind === 'handles') return !isValidHandle(text);
  return !isValidEmail(text) && !isValidHandle(text);
}
