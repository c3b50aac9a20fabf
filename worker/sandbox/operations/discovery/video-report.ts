import type { Platform } from '../../../../shared/platforms';
import { audienceExtraOf } from './engagement-distribution';
import { engagementRate, influencerProfile } from './influencer-profile';
import { listedPosts, placeOf, REPORT_LOOKALIKES, type ReportInputs } from './report-inputs';
import { paidPerformance, tagWeights } from './report-metrics';
import { tiktokAudience, userEntry, videoHistory, videoPost, videoSponsoredPost } from './report-parts';

/**
 * The TikTok report (every field of the spec's TikTok table) and the YouTube report, which the
 * spec does not show and api-notes expects to be TikTok-like: the same fields, with `statHistory`
 * also at the top level, the post titles, and no `secUid`.
 */
export function videoReport(
  platform: Exclude<Platform, 'instagram'>,
  inputs: ReportInputs,
): Record<string, unknown> {
  const { pc, index, creator, details, posts, metrics } = inputs;
  const followers = creator.followers;
  const { recent, popular } = listedPosts(inputs);
  const history = videoHistory(pc.statHistory(index));
  const language = pc.dictionaries.language(creator.language);

  const report: Record<string, unknown> = {
    userId: creator.userId,
    profile: influencerProfile(pc, index, {
      engagements: metrics.engagements,
      averageViews: metrics.avgViews,
    }),
    audience: tiktokAudience(pc.audience(index)),
    statsByContentType: {
      all: {
        engagements: metrics.engagements,
        engagementRate: engagementRate(metrics.engagements, followers),
        avgLikes: metrics.avgLikes,
        avgComments: metrics.avgComments,
        avgViews: metrics.avgViews,
        avgShares: metrics.avgShares,
        avgSaves: metrics.avgSaves,
        avgPosts4weeks: Math.round(creator.postingFrequency * (28 / 30) * 100) / 100,
        statHistory: history,
      },
    },
    recentPosts: recent.map((post) => videoPost(platform, post)),
    popularPosts: popular.map((post) => videoPost(platform, post)),
    ...placeOf(inputs),
    isPrivate: creator.isPrivate,
    isVerified: creator.isVerified,
    postsCount: creator.postsCount,
    totalLikes: creator.totalLikes,
    bio: details.bio,
    hashtags: tagWeights(posts, (post) => post.hashtags, '#'),
    mentions: tagWeights(posts, (post) => post.mentions, '@'),
    interests: creator.interestIds.map((id) => ({ id, name: pc.dictionaries.interest(id)?.name ?? '' })),
    lookalikes: pc.similarTo(creator, REPORT_LOOKALIKES).map(userEntry),
    audienceExtra: audienceExtraOf(pc, index),
    sponsoredPosts: inputs.sponsored.map(videoSponsoredPost),
    ...paidPerformance(inputs.sponsored, posts),
  };
  if (platform === 'tiktok') report.secUid = creator.secUid ?? '';
  else report.statHistory = history;
  if (creator.gender !== null) report.gender = creator.gender;
  if (creator.ageGroup !== null) report.ageGroup = creator.ageGroup;
  if (language !== undefined) report.language = { code: language.code, name: language.name };
  if (inputs.contacts !== undefined) report.contacts = inputs.contacts;
  return report;
}
