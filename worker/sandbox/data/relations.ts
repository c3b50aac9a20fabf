import { type CreatorColumns, INTERESTS_PER_CREATOR } from './columns';
import { PLATFORM_CODE } from './generate-core';
import type { Page, PlatformCreators } from './platform-creators';
import { postCreatedAt } from './post-traits';
import { hashInts } from './random';
import type { Creator, Post } from './types';

/**
 * Relations between creators: who tags whom, who resembles whom. They are defined so that both
 * directions can be computed without a global index: post j of creator t features the creator a
 * fixed offset further in t's main-interest list, so the creators featuring c are found a few
 * offsets back in c's list.
 */

/** Creators grouped by main interest, in index order, built once on first use (one pass). */
export class InterestLists {
  private lists: Map<number, Int32Array> | null = null;
  private ranks: Int32Array | null = null;
  private readonly sorted = new Map<number, Int32Array>();

  constructor(private readonly columns: CreatorColumns) {}

  private build(): void {
    const { interests, size } = this.columns;
    const counts = new Map<number, number>();
    for (let i = 0; i < size; i++) {
      const id = interests[i * INTERESTS_PER_CREATOR];
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const lists = new Map<number, Int32Array>();
    const fill = new Map<number, number>();
    for (const [id, count] of counts) {
      lists.set(id, new Int32Array(count));
      fill.set(id, 0);
    }
    const ranks = new Int32Array(size);
    for (let i = 0; i < size; i++) {
      const id = interests[i * INTERESTS_PER_CREATOR];
      const position = fill.get(id) ?? 0;
      const list = lists.get(id);
      if (list !== undefined) list[position] = i;
      ranks[i] = position;
      fill.set(id, position + 1);
    }
    this.lists = lists;
    this.ranks = ranks;
  }

  /** Creators whose main interest is `interestId`, in index order. */
  inIndexOrder(interestId: number): Int32Array {
    if (this.lists === null) this.build();
    return this.lists?.get(interestId) ?? new Int32Array(0);
  }

  /** Position of a creator in its main-interest list. */
  rank(index: number): number {
    if (this.ranks === null) this.build();
    return this.ranks?.[index] ?? 0;
  }

  /** Creators whose main interest is `interestId`, most followers first. */
  byFollowers(interestId: number): Int32Array {
    let sorted = this.sorted.get(interestId);
    if (sorted === undefined) {
      const followers = this.columns.followers;
      sorted = Int32Array.from(this.inIndexOrder(interestId)).sort(
        (a, b) => followers[b] - followers[a] || a - b,
      );
      this.sorted.set(interestId, sorted);
    }
    return sorted;
  }
}

const FEATURE_OFFSETS = [1, 2, 3, 5, 8, 13, 21, 34];
/** Share of posts that feature (tag and mention) another creator. */
const FEATURE_SHARE = 0.12;
/** Only the newest posts feature others, which bounds the reverse scan. */
const FEATURE_SCAN_POSTS = 300;

function featureHash(pc: PlatformCreators, index: number, post: number): number {
  return hashInts(pc.context.seedKey, PLATFORM_CODE[pc.platform], index, 0xfea, post);
}

/** The creator that post `post` of `index` features, or -1. */
export function featuredIn(pc: PlatformCreators, index: number, post: number): number {
  if (post >= FEATURE_SCAN_POSTS) return -1;
  const h = featureHash(pc, index, post);
  if (h / 4294967296 >= FEATURE_SHARE) return -1;
  const list = pc.interestLists.inIndexOrder(pc.columns.interests[index * INTERESTS_PER_CREATOR]);
  if (list.length < 2) return -1;
  const offset = FEATURE_OFFSETS[hashInts(h, 0x0ff) % FEATURE_OFFSETS.length];
  const featured = list[(pc.interestLists.rank(index) + offset) % list.length];
  return featured === index ? -1 : featured;
}

/** Posts of other creators that feature `index`, newest first. */
export function taggedPosts(pc: PlatformCreators, index: number, offset: number, limit: number): Page<Post> {
  const list = pc.interestLists.inIndexOrder(pc.columns.interests[index * INTERESTS_PER_CREATOR]);
  const keys: { index: number; post: number; createdAt: number }[] = [];
  const seen = new Set<number>();
  if (list.length >= 2) {
    const rank = pc.interestLists.rank(index);
    for (const step of FEATURE_OFFSETS) {
      const tagger = list[(((rank - step) % list.length) + list.length) % list.length];
      if (tagger === index || seen.has(tagger)) continue;
      seen.add(tagger);
      const scan = Math.min(FEATURE_SCAN_POSTS, pc.postCount(tagger));
      for (let j = 0; j < scan; j++) {
        if (featuredIn(pc, tagger, j) === index)
          keys.push({ index: tagger, post: j, createdAt: postCreatedAt(pc, tagger, j) });
      }
    }
  }
  keys.sort((a, b) => b.createdAt - a.createdAt || a.index - b.index || a.post - b.post);
  const items: Post[] = [];
  for (const key of keys.slice(offset, offset + limit)) {
    const post = pc.post(key.index, key.post);
    if (post !== null) items.push(post);
  }
  const next = offset + items.length;
  return { items, nextOffset: next < keys.length ? next : null, total: keys.length };
}

/** Creators with at least one post featuring `index`, in index order. */
export function featuringCreators(pc: PlatformCreators, index: number): number[] {
  const list = pc.interestLists.inIndexOrder(pc.columns.interests[index * INTERESTS_PER_CREATOR]);
  const found = new Set<number>();
  if (list.length < 2) return [];
  const rank = pc.interestLists.rank(index);
  for (const step of FEATURE_OFFSETS) {
    const tagger = list[(((rank - step) % list.length) + list.length) % list.length];
    if (tagger === index || found.has(tagger)) continue;
    const scan = Math.min(FEATURE_SCAN_POSTS, pc.postCount(tagger));
    for (let j = 0; j < scan; j++) {
      if (featuredIn(pc, tagger, j) === index) {
        found.add(tagger);
        break;
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * Creators of `pc`'s platform most similar to `source` (which may live on another platform): same
 * main interest, close follower count, same country and language, shared interests. `salt` gives
 * another deterministic selection of near-equals (audience lookalikes use a different one).
 */
export function similarCreators(pc: PlatformCreators, source: Creator, limit: number, salt = 0): number[] {
  const main = source.interestIds[0] ?? 0;
  const list = pc.interestLists.byFollowers(main);
  const followers = pc.columns.followers;
  // Binary search for the source's follower count in the descending list.
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (followers[list[mid]] > source.followers) low = mid + 1;
    else high = mid;
  }
  const window = 60;
  const from = Math.max(0, low - window);
  const to = Math.min(list.length, low + window);
  const logSource = Math.log10(Math.max(1, source.followers));
  const scored: { index: number; score: number }[] = [];
  for (let k = from; k < to; k++) {
    const index = list[k];
    if (pc.platform === source.platform && index === source.index) continue;
    if (pc.kind(index) !== 'person' && source.kind === 'person') continue;
    let score = Math.abs(Math.log10(Math.max(1, followers[index])) - logSource);
    if (pc.columns.countryId[index] !== source.countryId) score += 0.5;
    if (pc.dictionaries.languages[pc.columns.language[index]].code !== source.language) score += 0.3;
    for (let i = 1; i < INTERESTS_PER_CREATOR; i++) {
      const other = pc.columns.interests[index * INTERESTS_PER_CREATOR + i];
      if (other !== 0 && source.interestIds.includes(other)) score -= 0.2;
    }
    score += (hashInts(index, source.index, salt, 0x51) / 4294967296) * 0.3;
    scored.push({ index, score });
  }
  scored.sort((a, b) => a.score - b.score || a.index - b.index);
  return scored.slice(0, limit).map((entry) => entry.index);
}

/** Big creators of the same main interest, as notable followers of `index`. */
export function notableFollowers(pc: PlatformCreators, index: number, limit: number): number[] {
  const list = pc.interestLists.byFollowers(pc.columns.interests[index * INTERESTS_PER_CREATOR]);
  const pool = Array.from(list.subarray(0, 40)).filter((candidate) => candidate !== index);
  const picked = pool
    .map((candidate) => ({ candidate, key: hashInts(candidate, index, 0x707) }))
    .sort((a, b) => a.key - b.key)
    .slice(0, limit)
    .map((entry) => entry.candidate);
  return picked.sort((a, b) => pc.columns.followers[b] - pc.columns.followers[a] || a - b);
}
