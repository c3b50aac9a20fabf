import type { Platform } from '../../../../shared/platforms';
import type { Page, PlatformCreators, TagCount, World } from '../../data';

/**
 * The platforms' own search boxes (raw user and hashtag search): substring matches on handles,
 * names and tags, most followed (or most used) first. Like the platforms, they are not exhaustive:
 * at most `SEARCH_RESULTS_MAX` users per query.
 */

export const SEARCH_RESULTS_MAX = 200;

function searchKey(text: string): string {
  return text.trim().replace(/^[@#]/, '').toLowerCase();
}

/**
 * Creators matching `query`, as indexes: the account the query names exactly (handle, id, URL)
 * first, then handles or names containing it, biggest first. The scan stops as soon as the page
 * is full, so a common query is cheap; an unusual one reads every (memoised) handle once.
 */
export function searchCreators(
  pc: PlatformCreators,
  query: string,
  offset: number,
  limit: number,
): Page<number> {
  const key = searchKey(query);
  const wanted = Math.min(SEARCH_RESULTS_MAX, offset + limit);
  const items: number[] = [];
  let found = 0;
  const take = (index: number) => {
    if (found >= offset && found < wanted) items.push(index);
    found++;
  };
  const exact = pc.resolve(query);
  if (exact >= 0) take(exact);
  if (key.length > 0) {
    const order = pc.byFollowersDesc();
    for (let k = 0; k < order.length && found < wanted; k++) {
      const index = order[k];
      if (index === exact) continue;
      if (pc.username(index).includes(key) || pc.fullname(index).toLowerCase().includes(key)) take(index);
    }
  }
  const next = offset + items.length;
  return { items, nextOffset: found >= wanted && next < SEARCH_RESULTS_MAX ? next : null, total: null };
}

/** Hashtags of the platform containing `query`, most used first. */
export function searchHashtags(world: World, platform: Platform, query: string, limit: number): TagCount[] {
  const key = searchKey(query);
  const matches: TagCount[] = [];
  for (const entry of world.hashtagCounts(platform)) {
    if (matches.length >= limit) break;
    if (entry.tag.includes(key)) matches.push(entry);
  }
  return matches;
}
