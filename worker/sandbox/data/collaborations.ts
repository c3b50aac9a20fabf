import { BRANDS_PER_CREATOR } from './columns';
import type { PlatformCreators } from './platform-creators';
import { postCreatedAt, postSponsor } from './post-traits';
import type { Post } from './types';

/**
 * Collaborations between creators and brands: a creator's sponsored posts, and a brand's posts
 * across every creator that works with it. A creator's sponsors are always brands of its brand
 * list, so "who works with brand b" is a scan of the brand column.
 */

export interface CollaborationFilter {
  /** Only posts sponsored by this brand. */
  readonly brandId?: number;
  /** Only posts created at or after this time (epoch ms). */
  readonly from?: number;
  /** Only posts created at or before this time (epoch ms). */
  readonly to?: number;
  /** Skip this many matching posts (cursor position). Default 0. */
  readonly offset?: number;
  /** At most this many posts. Default 30. */
  readonly limit?: number;
}

export interface CollaborationPage {
  /** Newest first. */
  readonly posts: readonly Post[];
  /** Offset of the next page, or null when there is none. */
  readonly nextOffset: number | null;
}

const DEFAULT_LIMIT = 30;

/** Positions of a creator's sponsored posts that pass the filter, newest first, lazily. */
function* sponsoredPositions(
  pc: PlatformCreators,
  index: number,
  filter: CollaborationFilter,
): Generator<number> {
  const count = pc.postCount(index);
  if (pc.columns.sponsoredShare[index] <= 0) return;
  for (let j = 0; j < count; j++) {
    const brandId = postSponsor(pc, index, j);
    if (brandId === 0 || (filter.brandId !== undefined && brandId !== filter.brandId)) continue;
    const createdAt = postCreatedAt(pc, index, j);
    if (filter.to !== undefined && createdAt > filter.to) continue;
    // Posts only get older from here on.
    if (filter.from !== undefined && createdAt < filter.from) return;
    yield j;
  }
}

export function sponsoredPosts(
  pc: PlatformCreators,
  index: number,
  filter: CollaborationFilter,
): CollaborationPage {
  const offset = filter.offset ?? 0;
  const limit = filter.limit ?? DEFAULT_LIMIT;
  const posts: Post[] = [];
  let seen = 0;
  let more = false;
  for (const j of sponsoredPositions(pc, index, filter)) {
    if (seen >= offset + limit) {
      more = true;
      break;
    }
    if (seen >= offset) {
      const post = pc.post(index, j);
      if (post !== null) posts.push(post);
    }
    seen++;
  }
  return { posts, nextOffset: more ? offset + posts.length : null };
}

/** Creators with the brand in their brand list, most followers first (one scan of the column). */
export function findBrandCollaborators(pc: PlatformCreators, brandId: number): Int32Array {
  const brands = pc.columns.brands;
  const found: number[] = [];
  for (let i = 0; i < pc.size; i++) {
    for (let k = 0; k < BRANDS_PER_CREATOR; k++) {
      const id = brands[i * BRANDS_PER_CREATOR + k];
      if (id === 0) break;
      if (id === brandId) {
        found.push(i);
        break;
      }
    }
  }
  const followers = pc.columns.followers;
  return Int32Array.from(found).sort((a, b) => followers[b] - followers[a] || a - b);
}

/** A brand's sponsored posts across all its creators, newest first (a k-way merge by date). */
export function brandPosts(
  pc: PlatformCreators,
  brandId: number,
  filter: CollaborationFilter,
): CollaborationPage {
  const offset = filter.offset ?? 0;
  const limit = filter.limit ?? DEFAULT_LIMIT;
  const byBrand = { ...filter, brandId };
  type Head = { index: number; post: number; createdAt: number; rest: Generator<number> };
  const heap: Head[] = [];
  const before = (a: Head, b: Head) =>
    a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.index < b.index);
  const push = (head: Head) => {
    heap.push(head);
    for (let k = heap.length - 1; k > 0;) {
      const parent = (k - 1) >> 1;
      if (!before(heap[k], heap[parent])) break;
      [heap[k], heap[parent]] = [heap[parent], heap[k]];
      k = parent;
    }
  };
  const pop = (): Head | undefined => {
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last !== undefined) {
      heap[0] = last;
      for (let k = 0; ;) {
        const left = 2 * k + 1;
        const right = left + 1;
        let best = k;
        if (left < heap.length && before(heap[left], heap[best])) best = left;
        if (right < heap.length && before(heap[right], heap[best])) best = right;
        if (best === k) break;
        [heap[k], heap[best]] = [heap[best], heap[k]];
        k = best;
      }
    }
    return top;
  };
  const advance = (index: number, rest: Generator<number>) => {
    const next = rest.next();
    if (next.done !== true)
      push({ index, post: next.value, createdAt: postCreatedAt(pc, index, next.value), rest });
  };
  for (const index of pc.brandCollaborators(brandId)) advance(index, sponsoredPositions(pc, index, byBrand));

  const posts: Post[] = [];
  let seen = 0;
  while (heap.length > 0 && seen < offset + limit) {
    const head = pop();
    if (head === undefined) break;
    if (seen >= offset) {
      const post = pc.post(head.index, head.post);
      if (post !== null) posts.push(post);
    }
    seen++;
    advance(head.index, head.rest);
  }
  return { posts, nextOffset: heap.length > 0 ? offset + posts.length : null };
}
