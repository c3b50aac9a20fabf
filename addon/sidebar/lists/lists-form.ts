import { isPlatform, type Platform } from '../../../shared/platforms';
import { LIST_NAME_MAX_CHARS, type ListSummary } from '../../bridge-contract/lists-api';
import type { Parsed } from '../ui/number-input';

/** Reading the Lists section's fields; the server checks the same rules again. */

export function readListName(text: string): Parsed<string> {
  const name = text.replace(/\s+/g, ' ').trim();
  if (name === '') return { ok: false, message: 'Give the list a name, e.g. "Summer campaign".' };
  if (name.length > LIST_NAME_MAX_CHARS) {
    return {
      ok: false,
      message: `A list name may hold up to ${LIST_NAME_MAX_CHARS} characters; this one has ${name.length}.`,
    };
  }
  return { ok: true, value: name };
}

export function readNewList(values: {
  name: string;
  platform: string;
}): Parsed<{ platform: Platform; name: string }> {
  if (!isPlatform(values.platform)) return { ok: false, message: 'Choose the platform of the list.' };
  const name = readListName(values.name);
  return name.ok ? { ok: true, value: { platform: values.platform, name: name.value } } : name;
}

/** Lists shown at once; more are found by typing part of a name. */
export const LISTS_SHOWN = 50;

/** The lists whose name, platform or id holds the query (any case), at most `limit` of them. */
export function filterLists(
  lists: readonly ListSummary[],
  query: string,
  limit = LISTS_SHOWN,
): { shown: ListSummary[]; matching: number } {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matching = lists.filter((list) => {
    const text = `${list.name} ${list.platform} ${list.id}`.toLowerCase();
    return words.every((word) => text.indexOf(word) >= 0);
  });
  return { shown: matching.slice(0, limit), matching: matching.length };
}
