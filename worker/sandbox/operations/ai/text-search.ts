import type { PlatformCreators } from '../../data';
import { postInterest } from '../../data/post-traits';
import { passesText, postWindow, type ResolvedAiFilters } from './ai-filters';
import {
  SCAN_POSTS,
  SCORED_POSTS_PER_CREATOR,
  aggregateScore,
  bestPosts,
  interestPrior,
  interestWeightArray,
  orderCandidates,
  type CreatorScorer,
  type ScoredPost,
  type SearchPlan,
} from './ai-ranking';
import { Bm25, postTerms, termStatistics, type TextQuery } from './text-relevance';

/**
 * AI text search over one platform.
 *
 * Candidates: creators whose interests the query is about (prior = the share of their posts on
 * those interests, weighted by how much of the query each interest covers). A query none of whose
 * words belongs to an interest (a place, a template word) falls back to every covered creator,
 * biggest first.
 *
 * Scoring: among a candidate's newest SCAN_POSTS posts, those about the query's interests
 * (a cheap test: no caption is built) are derived, up to SCORED_POSTS_PER_CREATOR, and scored with
 * BM25; posts without a query term score 0 and are not matched posts. The creator's score is the
 * aggregate of its post scores (best post, then halving weights) times (1 + prior) / 2.
 */

export function planTextSearch(
  pc: PlatformCreators,
  filters: ResolvedAiFilters,
  query: TextQuery,
): SearchPlan {
  const weights = interestWeightArray(query.interestWeights);
  const topical = query.interestWeights.size > 0;
  const prior = topical ? interestPrior(pc, weights) : () => 1;
  const candidates = orderCandidates(pc, filters, prior);
  const bm25 = new Bm25(query.terms, termStatistics(pc));

  const scorer: CreatorScorer = (i) => {
    if (!passesText(pc, filters, i)) return null;
    const scored: ScoredPost[] = [];
    const scan = Math.min(SCAN_POSTS, pc.postCount(i));
    let derived = 0;
    for (let j = 0; j < scan && derived < SCORED_POSTS_PER_CREATOR; j++) {
      const window = postWindow(pc, filters, i, j);
      if (window === 'stop') break;
      if (window === 'skip') continue;
      if (topical && weights[postInterest(pc, i, j)] === 0) continue;
      const post = pc.post(i, j);
      if (post === null) continue;
      derived++;
      const score = bm25.score(postTerms(post));
      if (score > 0) scored.push({ post, score });
    }
    if (scored.length === 0) return null;
    const posts = bestPosts(scored);
    const score = aggregateScore(posts.map((entry) => entry.score)) * ((1 + Math.min(1, prior(i))) / 2);
    return { score, posts };
  };
  return { candidates, scorer };
}
