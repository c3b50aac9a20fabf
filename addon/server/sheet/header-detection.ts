import { prepareEmails } from '../../../shared/emails';
import { parseHandle } from '../../../shared/handles';

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

/** Words a column title is made of ("Instagram handle", "Contact e-mail", "Creator name"). */
const TITLE_WORDS = new Set(
  (
    'e-mail email e-mails emails mail address addresses contact contacts handle handles user users ' +
    'username usernames name names creator creators influencer influencers account accounts profile ' +
    'profiles url urls link links channel channels id ids instagram tiktok youtube ig yt social ' +
    'of the and or for to'
  ).split(' '),
);

/** A known header word, or a title made only of such words. */
function isTitle(text: string): boolean {
  if (HEADER_WORDS.test(text)) return true;
  const words = text
    .toLowerCase()
    .split(/[\s_/()&:.,#]+/)
    .filter((word) => word !== '');
  return words.length > 0 && words.every((word) => TITLE_WORDS.has(word));
}

/**
 * Whether the first value of cells that start at row `firstRow` is a header. In row 1 a header is
 * what looksLikeHeader says. Further down, data usually sits above and the first cell is data too
 * (C5:C9 starting at "Jonas Schneider"), so it is a header only when it clearly is one: a column
 * title (isTitle) over cells that are no titles themselves (a column of platform names is data).
 */
export function isHeaderAt(values: readonly unknown[], kind: InputKind, firstRow: number): boolean {
  if (!looksLikeHeader(values, kind)) return false;
  if (firstRow <= 1) return true;
  if (!isTitle(String(values[0]).trim())) return false;
  return !values.slice(1).some((value) => typeof value === 'string' && isTitle(value.trim()));
}
