import type { Platform } from '../../../../shared/platforms';
import {
  INTERESTS_PER_CREATOR,
  VISUAL_DIMENSIONS,
  cosineSimilarity,
  type CreatorRef,
  type World,
} from '../../data';
import { postInterest } from '../../data/post-traits';
import { SandboxError } from '../../sandbox-error';
import { passesColumns, passesText, postWindow, type ResolvedAiFilters } from './ai-filters';
import {
  SCAN_POSTS,
  SCORED_POSTS_PER_CREATOR,
  bestPosts,
  type CreatorScorer,
  type ScoredPost,
  type SearchPlan,
} from './ai-ranking';

/**
 * AI lookalikes: creators of the path's platform similar to 1 to 5 sources (ids or usernames of
 * that platform). The order is the world's (`world.lookalikes`: each source proposes its nearest
 * creators, and those proposed by more sources and higher up come first); filters only remove.
 * Matched posts are a lookalike's posts on the sources' topics, most like the sources' own newest
 * posts first.
 */

/** How many lookalikes the world is asked for: the whole reachable depth. */
const LOOKALIKE_POOL = 1500;
/** Newest posts of each source that make up the visual profile the matched posts are compared to. */
const SOURCE_POSTS = 6;
const LOOKALIKE_POST_SIMILARITY_MIN = 0.5;

/** Each id or username on the platform; an unknown one is a 404 naming it. */
export function resolveSources(world: World, platform: Platform, userIds: readonly string[]): CreatorRef[] {
  const refs: CreatorRef[] = [];
  for (const [position, value] of userIds.entries()) {
    const ref = world.resolve(platform, value);
    if (ref === null) {
      throw new SandboxError(
        'handle_not_found',
        `userIds[${position}] "${value}" is not a ${platform} creator: give a user id or a username of the platform in the path`,
      );
    }
    if (!refs.some((known) => known.index === ref.index)) refs.push(ref);
  }
  return refs;
}

export function planLookalikeSearch(
  world: World,
  platform: Platform,
  filters: ResolvedAiFilters,
  sources: readonly CreatorRef[],
): SearchPlan {
  const pc = world.platform(platform);
  const candidates = world
    .lookalikes(sources, platform, LOOKALIKE_POOL)
    .map((summary) => summary.index)
    .filter((index) => passesColumns(pc, filters, index));

  const topics = new Set<number>();
  const sourceLook = new Array<number>(VISUAL_DIMENSIONS).fill(0);
  for (const ref of sources) {
    const source = world.platform(ref.platform);
    for (let k = 0; k < INTERESTS_PER_CREATOR; k++) {
      const id = source.columns.interests[ref.index * INTERESTS_PER_CREATOR + k];
      if (id !== 0) topics.add(id);
    }
    for (const post of source.posts(ref.index, 0, SOURCE_POSTS).items) {
      post.visual.forEach((value, k) => (sourceLook[k] += value));
    }
  }

  const scorer: CreatorScorer = (i) => {
    if (!passesText(pc, filters, i)) return null;
    const scored: ScoredPost[] = [];
    const scan = Math.min(SCAN_POSTS, pc.postCount(i));
    let derived = 0;
    for (let j = 0; j < scan && derived < SCORED_POSTS_PER_CREATOR; j++) {
      const window = postWindow(pc, filters, i, j);
      if (window === 'stop') break;
      if (window === 'skip' || !topics.has(postInterest(pc, i, j))) continue;
      const post = pc.post(i, j);
      if (post === null) continue;
      derived++;
      const score = cosineSimilarity(sourceLook, post.visual);
      if (score >= LOOKALIKE_POST_SIMILARITY_MIN) scored.push({ post, score });
    }
    // A lookalike is similar as an account; it stays even without a matched post. Equal scores keep
    // the world's order.
    return { score: 0, posts: bestPosts(scored) };
  };
  return { candidates, scorer };
}
