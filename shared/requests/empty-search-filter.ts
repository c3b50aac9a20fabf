import type { SearchFilterInput } from './search';

/**
 * True when a search filter sets no condition at all: absent, `{}`, or `influencer` / `audience`
 * objects with nothing defined in them. An Instagram search with such a filter is the spec's free
 * test search. Anything else counts as a condition, even an empty array, so a doubtful case is
 * priced rather than assumed free.
 */
export function isEmptySearchFilter(filter: SearchFilterInput | undefined): boolean {
  if (filter === undefined) return true;
  return Object.entries(filter).every(([key, value]) => {
    if (value === undefined) return true;
    if ((key === 'influencer' || key === 'audience') && isPlainObject(value)) {
      return Object.values(value).every((inner) => inner === undefined);
    }
    return false;
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
