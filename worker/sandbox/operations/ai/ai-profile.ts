import { HIDDEN_COUNT, type AiMatchedPost, type AiProfile } from '../../../../shared/responses/ai-search';
import { GROWTH_INTERVALS, type PlatformCreators, type Post } from '../../data';
import { VIEWS_MEAN_OVER_MEDIAN } from './ai-filters';
import type { ScoredPost } from './ai-ranking';

/** Newest posts shown as `recentPosts` (not necessarily relevant to the query). */
const RECENT_POSTS = 3;

/**
 * The AI search result profile of a creator, from the same world data search and reports use.
 * `engagementRate` is a percentage with two decimals here (search and reports give a fraction);
 * `followersGrowthRate` is for `growthSlot`'s interval and left out when the creator has none.
 * Views are the world's typical (median) views per video and the mean of the same spread.
 */
export function aiProfile(
  pc: PlatformCreators,
  index: number,
  matched: readonly ScoredPost[],
  growthSlot: number,
): AiProfile {
  const creator = pc.creator(index);
  const profile: AiProfile = {
    userId: creator.userId,
    fullName: creator.fullname,
    username: creator.username,
    profilePicture: creator.picture,
    followersCount: creator.followers,
    engagementRate: Math.round(creator.engagementRate * 10_000) / 100,
    postingFrequency: creator.postingFrequency,
    matchedPosts: matched.map((entry) => matchedPost(entry.post)),
    recentPosts: pc.posts(index, 0, RECENT_POSTS).items.map(recentPost),
    accountCategory: creator.accountCategory,
  };
  if (creator.avgViews > 0) {
    profile.viewsCountMedian = creator.avgViews;
    profile.viewsCountMean = Math.round(creator.avgViews * VIEWS_MEAN_OVER_MEDIAN);
  }
  const growth = creator.followersGrowthRate[GROWTH_INTERVALS[growthSlot]];
  if (growth !== undefined) profile.followersGrowthRate = growth;
  return profile;
}

function matchedPost(post: Post): AiMatchedPost {
  return {
    id: post.id,
    url: post.url,
    thumbnail: post.thumbnail,
    stats: {
      likesCount: post.likesHidden ? HIDDEN_COUNT : post.likes,
      commentsCount: post.commentsDisabled ? HIDDEN_COUNT : post.comments,
      playsCount: post.views,
    },
  };
}

function recentPost(post: Post): AiMatchedPost & { created: string; type: string } {
  return { ...matchedPost(post), created: post.created, type: post.type };
}
