import type { CalculationMethod } from '../../../../shared/enums';
import { isVideoType, type Post, type PlatformCreators } from '../../data';

/**
 * The numbers of a report that depend on `calculationMethod`. `median` (the default) gives the
 * core's values, which are the creator's typical (median) figures everywhere in the sandbox: search,
 * e-mail matches and reports agree on them. `average` gives the mean over the posts the report
 * analyses (its newest REPORT_POSTS posts), so it moves with outliers as an average does. A kind of
 * post absent from those posts (no video, no reel) keeps the core's figure.
 */

/** How many of the newest posts a report analyses (recent and popular posts, tags, averages). */
export const REPORT_POSTS = 30;

export interface ReportMetrics {
  avgLikes: number;
  avgComments: number;
  /** Views of video posts (TikTok and YouTube: the profile's `averageViews`). */
  avgViews: number;
  /** Instagram reels plays (the views of reels). */
  avgReelsPlays: number;
  avgShares: number;
  avgSaves: number;
  /** avgLikes + avgComments. */
  engagements: number;
}

export function reportMetrics(
  pc: PlatformCreators,
  index: number,
  posts: readonly Post[],
  method: CalculationMethod,
): ReportMetrics {
  const c = pc.columns;
  if (method === 'median' || posts.length === 0) {
    return {
      avgLikes: c.avgLikes[index],
      avgComments: c.avgComments[index],
      avgViews: c.avgViews[index],
      avgReelsPlays: c.avgReelsPlays[index],
      avgShares: c.avgShares[index],
      avgSaves: c.avgSaves[index],
      engagements: c.engagements[index],
    };
  }
  const videos = posts.filter((post) => isVideoType(post.type));
  const reels = posts.filter((post) => post.type === 'reel');
  const avgLikes = mean(posts.map((post) => post.likes));
  const avgComments = mean(posts.map((post) => post.comments));
  return {
    avgLikes,
    avgComments,
    avgViews: videos.length > 0 ? mean(videos.map((post) => post.views)) : c.avgViews[index],
    avgReelsPlays:
      pc.platform !== 'instagram'
        ? videos.length > 0
          ? mean(videos.map((post) => post.views))
          : c.avgReelsPlays[index]
        : reels.length > 0
          ? mean(reels.map((post) => post.views))
          : c.avgReelsPlays[index],
    avgShares: mean(posts.map((post) => post.shares)),
    avgSaves: mean(posts.map((post) => post.saves)),
    engagements: avgLikes + avgComments,
  };
}

/** The same figures over a subset of posts (Instagram reels), by the requested method. */
export function postsFigure(values: readonly number[], method: CalculationMethod): number {
  return method === 'median' ? median(values) : mean(values);
}

/** Rounded mean; 0 for no values. */
function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (const value of values) sum += value;
  return Math.round(sum / values.length);
}

/** Median (the mean of the middle two for an even count), rounded; 0 for no values. */
function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return Math.round(sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2);
}

interface PaidPerformance {
  sponsoredPostsMedianLikes: number;
  sponsoredPostsMedianViews: number;
  nonSponsoredPostsMedianLikes: number;
  nonSponsoredPostsMedianViews: number;
  /** Sponsored median likes over non-sponsored median likes; absent without both. */
  paidPostPerformance?: number;
  /** The same for views; 0 without both. */
  paidPostPerformanceViews: number;
}

/**
 * How sponsored posts perform against the others: medians over the creator's latest sponsored
 * posts and over the analysed posts that are not sponsored.
 */
export function paidPerformance(sponsored: readonly Post[], analysed: readonly Post[]): PaidPerformance {
  const organic = analysed.filter((post) => !post.sponsored);
  const views = (posts: readonly Post[]) =>
    posts.filter((post) => isVideoType(post.type)).map((post) => post.views);
  const result: PaidPerformance = {
    sponsoredPostsMedianLikes: median(sponsored.map((post) => post.likes)),
    sponsoredPostsMedianViews: median(views(sponsored)),
    nonSponsoredPostsMedianLikes: median(organic.map((post) => post.likes)),
    nonSponsoredPostsMedianViews: median(views(organic)),
    paidPostPerformanceViews: 0,
  };
  if (result.sponsoredPostsMedianLikes > 0 && result.nonSponsoredPostsMedianLikes > 0) {
    result.paidPostPerformance = ratio(result.sponsoredPostsMedianLikes, result.nonSponsoredPostsMedianLikes);
  }
  if (result.sponsoredPostsMedianViews > 0 && result.nonSponsoredPostsMedianViews > 0) {
    result.paidPostPerformanceViews = ratio(
      result.sponsoredPostsMedianViews,
      result.nonSponsoredPostsMedianViews,
    );
  }
  return result;
}

function ratio(a: number, b: number): number {
  return Math.round((a / b) * 100) / 100;
}

interface WeightedTag {
  tag: string;
  weight: number;
}

/** Hashtags (`#tag`) or mentions (`@handle`) of the analysed posts: share of posts using each. */
export function tagWeights(
  posts: readonly Post[],
  pick: (post: Post) => readonly string[],
  prefix: string,
): WeightedTag[] {
  if (posts.length === 0) return [];
  const counts = new Map<string, number>();
  for (const post of posts)
    for (const tag of new Set(pick(post))) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 15)
    .map(([tag, count]) => ({
      tag: `${prefix}${tag}`,
      weight: Math.round((count / posts.length) * 10_000) / 10_000,
    }));
}
