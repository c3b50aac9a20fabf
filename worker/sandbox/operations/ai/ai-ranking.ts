import { AI_SEARCH_MIN_FOLLOWERS } from '../../../../shared/limits';
import { INTERESTS_PER_CREATOR, type PlatformCreators, type Post } from '../../data';
import { passesColumns, type ResolvedAiFilters } from './ai-filters';

/**
 * The ranking all three AI searches share, in two stages:
 *
 * 1. Candidates: one scan of the columns keeps the creators that pass the column filters and have
 *    a cheap prior relevance above 0 (their interests against the query), ordered by prior, then
 *    followers, then index.
 * 2. Re-ranking in blocks: the candidates are taken RERANK_BLOCK at a time in that order; each
 *    creator of a block is scored on its posts (BM25, image similarity...), creators without a
 *    matched post (or failing the text filters) drop out, and the rest of the block is sorted by
 *    score. Blocks follow each other, so the final order is the same whichever page is asked:
 *    page n re-ranks exactly the blocks page n - 1 did, plus what it needs beyond them.
 *
 * The work is bounded: at most MAX_RANKED_CREATORS candidates are scored per request, and scoring
 * stops early once EARLY_STOP_AFTER candidates matched less than 1% (a query whose words no
 * caption holds). Both rules depend only on the query, never on the page, and count whole blocks,
 * so pages never skip a creator; a very selective search reaches fewer pages rather than answering
 * slowly. `total` is then estimated from the share of scored candidates that matched.
 */

export const RERANK_BLOCK = 100;
export const MAX_RANKED_CREATORS = 2000;
export const EARLY_STOP_AFTER = 500;
/** Newest posts of a candidate a search looks at, and how many of them it derives and scores. */
export const SCAN_POSTS = 30;
export const SCORED_POSTS_PER_CREATOR = 5;
/** Matched posts a profile shows at most: every scored post that matched. */
const MATCHED_POSTS_MAX = SCORED_POSTS_PER_CREATOR;
/** Share of a creator's posts about its first, second and third interest (the world's post model). */
const INTEREST_SLOT_SHARES = [0.6, 0.25, 0.15];

// Local copies: imported bindings compile to getter reads, too slow for per-creator loops.
const COVERAGE_MIN_FOLLOWERS = AI_SEARCH_MIN_FOLLOWERS;
const INTEREST_STRIDE = INTERESTS_PER_CREATOR;
const [MAIN_SHARE, SECOND_SHARE, THIRD_SHARE] = INTEREST_SLOT_SHARES;

/**
 * A prior from per-interest weights (indexed by interest id): the share of the creator's posts on
 * each of its interests times that interest's weight.
 */
export function interestPrior(pc: PlatformCreators, weights: Float64Array): (index: number) => number {
  const interests = pc.columns.interests;
  return (i) => {
    const base = i * INTEREST_STRIDE;
    return (
      MAIN_SHARE * weights[interests[base]] +
      SECOND_SHARE * weights[interests[base + 1]] +
      THIRD_SHARE * weights[interests[base + 2]]
    );
  };
}

/** Per-interest weights as a typed array indexed by interest id (0, "no interest", weighs 0). */
export function interestWeightArray(weights: ReadonlyMap<number, number>): Float64Array {
  const array = new Float64Array(256);
  for (const [id, weight] of weights) array[id] = weight;
  return array;
}

export interface ScoredPost {
  readonly post: Post;
  readonly score: number;
}

interface CreatorMatch {
  readonly score: number;
  /** Ordered by relevance, best first. */
  readonly posts: readonly ScoredPost[];
}

/** Scores one candidate; null drops it from the results. */
export type CreatorScorer = (index: number) => CreatorMatch | null;

/** What a search hands to `rankPage`: the candidates in stage-1 order and how to score each. */
export interface SearchPlan {
  readonly candidates: ArrayLike<number>;
  readonly scorer: CreatorScorer;
}

interface RankedCreator {
  readonly index: number;
  readonly match: CreatorMatch;
}

interface RankedPage {
  readonly creators: readonly RankedCreator[];
  /** Exact when every candidate was scored, else an estimate (two significant digits). */
  readonly total: number;
}

/**
 * Public AI-covered creators passing the column filters with `prior(i) > 0`, best prior first
 * (then most followers, then lowest index).
 */
export function orderCandidates(
  pc: PlatformCreators,
  filters: ResolvedAiFilters,
  prior: (index: number) => number,
): Int32Array {
  const followers = pc.columns.followers;
  const indexes: number[] = [];
  const priors: number[] = [];
  for (let i = 0; i < pc.size; i++) {
    if (followers[i] <= COVERAGE_MIN_FOLLOWERS) continue;
    const p = prior(i);
    if (p > 0 && passesColumns(pc, filters, i)) {
      indexes.push(i);
      priors.push(p);
    }
  }
  const order = Array.from(indexes.keys()).sort(
    (a, b) =>
      priors[b] - priors[a] || followers[indexes[b]] - followers[indexes[a]] || indexes[a] - indexes[b],
  );
  return Int32Array.from(order, (position) => indexes[position]);
}

/** The creators of `[offset, offset + limit)` in the final order, and the total estimate. */
export function rankPage(
  candidates: ArrayLike<number>,
  scorer: CreatorScorer,
  offset: number,
  limit: number,
): RankedPage {
  const kept: RankedCreator[] = [];
  let processed = 0;
  const wanted = offset + limit;
  const worthGoingOn = () =>
    processed < MAX_RANKED_CREATORS && (processed < EARLY_STOP_AFTER || kept.length * 100 >= processed);
  while (processed < candidates.length && kept.length < wanted && worthGoingOn()) {
    const end = Math.min(candidates.length, processed + RERANK_BLOCK);
    const block: (RankedCreator & { position: number })[] = [];
    for (let position = processed; position < end; position++) {
      const index = candidates[position];
      const match = scorer(index);
      if (match !== null) block.push({ index, match, position });
    }
    block.sort((a, b) => b.match.score - a.match.score || a.position - b.position);
    for (const { index, match } of block) kept.push({ index, match });
    processed = end;
  }
  const creators = kept.slice(offset, wanted);
  let total = kept.length;
  if (processed < candidates.length && processed > 0) {
    const estimate = kept.length + ((candidates.length - processed) * kept.length) / processed;
    total = Math.max(roundSignificant(estimate, 2), offset + creators.length);
  }
  return { creators, total };
}

/** A creator's score from its post scores: the best, plus halving weights for the next ones. */
export function aggregateScore(sortedScores: readonly number[]): number {
  let score = 0;
  let weight = 1;
  for (const value of sortedScores.slice(0, 4)) {
    score += weight * value;
    weight /= 2;
  }
  return score;
}

/** Posts by score, best first, newer first among equals; at most MATCHED_POSTS_MAX. */
export function bestPosts(posts: ScoredPost[]): ScoredPost[] {
  return posts
    .sort((a, b) => b.score - a.score || a.post.postIndex - b.post.postIndex)
    .slice(0, MATCHED_POSTS_MAX);
}

function roundSignificant(value: number, digits: number): number {
  if (value <= 0) return 0;
  const scale = 10 ** (Math.floor(Math.log10(value)) + 1 - digits);
  return Math.round(value / scale) * scale;
}
