import { audienceExtraOf } from './engagement-distribution';
import { engagementRate, influencerProfile } from './influencer-profile';
import { listedPosts, placeOf, REPORT_LOOKALIKES, type ReportInputs } from './report-inputs';
import { paidPerformance, postsFigure, tagWeights } from './report-metrics';
import {
  instagramAudience,
  instagramHistory,
  instagramPost,
  instagramSponsoredPost,
  userEntry,
} from './report-parts';

/**
 * The Instagram report (`profile` of the response): every field of the spec's Instagram table, the
 * audience lists api-notes names, and `statsByContentType` with `all` and `reels`.
 */
export function instagramReport(inputs: ReportInputs): Record<string, unknown> {
  const { pc, index, creator, details, posts, metrics, method } = inputs;
  const followers = creator.followers;
  const { recent, popular } = listedPosts(inputs);
  const reels = posts.filter((post) => post.type === 'reel');
  const reelLikes = postsFigure(
    reels.map((post) => post.likes),
    method,
  );
  const reelComments = postsFigure(
    reels.map((post) => post.comments),
    method,
  );
  const language = pc.dictionaries.language(creator.language);
  const place = placeOf(inputs);

  const report: Record<string, unknown> = {
    userId: creator.userId,
    profile: influencerProfile(pc, index, {
      engagements: metrics.engagements,
      averageViews: metrics.avgViews,
    }),
    hashtags: tagWeights(posts, (post) => post.hashtags, '#'),
    mentions: tagWeights(posts, (post) => post.mentions, '@'),
    statsByContentType: {
      all: {
        engagements: metrics.engagements,
        engagementRate: engagementRate(metrics.engagements, followers),
        avgLikes: metrics.avgLikes,
        avgComments: metrics.avgComments,
        avgViews: metrics.avgViews,
        avgPosts4weeks: Math.round(creator.postingFrequency * (28 / 30) * 100) / 100,
      },
      reels: {
        engagements: reelLikes + reelComments,
        engagementRate: engagementRate(reelLikes + reelComments, followers),
        avgLikes: reelLikes,
        avgComments: reelComments,
        avgReelsPlays: metrics.avgReelsPlays,
      },
    },
    audience: instagramAudience(pc.audience(index)),
    recentPosts: recent.map(instagramPost),
    popularPosts: popular.map(instagramPost),
    ...place,
    isPrivate: creator.isPrivate,
    isVerified: creator.isVerified,
    accountType: creator.accountType,
    postsCounts: creator.postsCount,
    postsCount: creator.postsCount,
    avgLikes: metrics.avgLikes,
    avgComments: metrics.avgComments,
    avgViews: metrics.avgViews,
    avgReelsPlays: metrics.avgReelsPlays,
    bio: details.bio,
    interests: creator.interestIds.map((id) => ({ id, name: pc.dictionaries.interest(id)?.name ?? '' })),
    brandAffinity: creator.brandIds.map((id) => ({ id, name: pc.dictionaries.brand(id)?.name ?? '' })),
    sponsoredPosts: inputs.sponsored.map(instagramSponsoredPost),
    statHistory: instagramHistory(pc.statHistory(index)),
    lookalikes: pc.similarTo(creator, REPORT_LOOKALIKES).map(userEntry),
    audienceExtra: audienceExtraOf(pc, index),
    ...paidPerformance(inputs.sponsored, posts),
    stats: {
      followers: { value: followers },
      engagements: { value: metrics.engagements },
      engagementRate: { value: engagementRate(metrics.engagements, followers) },
      avgLikes: { value: metrics.avgLikes },
      avgComments: { value: metrics.avgComments },
      avgViews: { value: metrics.avgViews },
    },
  };
  if (place.state !== undefined) report.subdivision = place.state;
  if (creator.gender !== null) report.gender = creator.gender;
  if (creator.ageGroup !== null) report.ageGroup = creator.ageGroup;
  if (language !== undefined) report.language = { code: language.code, name: language.name };
  if (inputs.contacts !== undefined) report.contacts = inputs.contacts;
  return report;
}
