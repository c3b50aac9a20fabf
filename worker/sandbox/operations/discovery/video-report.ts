import type { Platform } from '../../../../shared/platforms';
import { audienceExtraOf } from './engagement-distribution';
import { engagementRate, influencerProfile } from './influencer-profile';
import { listedPosts, placeOf, REPORT_LOOKALIKES, type ReportInputs } from './report-inputs';
import { paidPerformance, tagWeights } from './report-metrics';
import { tiktokAudience, userEntry, videoHistory, videoPost, videoSponsoredPost } from './report-parts';

/** Channels listed per topic in a YouTube report's `lookalikesByTopics` (chosen). */
const LOOKALIKES_PER_TOPIC = 5;

/**
 * The TikTok report (every field of the spec's TikTok table) and the YouTube report, which the
 * spec does not show and api-notes expects to be TikTok-like: the same fields, with `statHistory`
 * also at the top level, the post titles, and no `secUid`. As public clients show it (api-notes
 * "Seen from the real service"), YouTube's bio is `description`, and it adds `totalViews`,
 * `lookalikesByTopics`, `audienceCommenters` and the channel's `@handle` in `profile.profile`.
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

  const profile = influencerProfile(pc, index, {
    engagements: metrics.engagements,
    averageViews: metrics.avgViews,
  });
  if (platform === 'youtube') profile.handle = `@${creator.username}`;
  const report: Record<string, unknown> = {
    userId: creator.userId,
    profile,
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
    hashtags: tagWeights(posts, (post) => post.hashtags, '#'),
    mentions: tagWeights(posts, (post) => post.mentions, '@'),
    interests: creator.interestIds.map((id) => ({ id, name: pc.dictionaries.interest(id)?.name ?? '' })),
    lookalikes: pc.similarTo(creator, REPORT_LOOKALIKES).map(userEntry),
    audienceExtra: audienceExtraOf(pc, index),
    sponsoredPosts: inputs.sponsored.map(videoSponsoredPost),
    ...paidPerformance(inputs.sponsored, posts),
  };
  if (platform === 'tiktok') {
    report.secUid = creator.secUid ?? '';
    report.bio = details.bio;
  } else {
    Object.assign(report, youtubeFields(inputs));
    report.statHistory = history;
  }
  if (creator.gender !== null) report.gender = creator.gender;
  if (creator.ageGroup !== null) report.ageGroup = creator.ageGroup;
  if (language !== undefined) report.language = { code: language.code, name: language.name };
  if (inputs.contacts !== undefined) report.contacts = inputs.contacts;
  return report;
}

/** What the YouTube report has of its own; the audience's shares stand in for the commenters'. */
function youtubeFields(inputs: ReportInputs): Record<string, unknown> {
  const { pc, index, creator, details } = inputs;
  const audience = pc.audience(index);
  return {
    description: details.bio,
    totalViews: creator.avgViews * creator.postsCount,
    lookalikesByTopics: creator.interestIds.map((id) => ({
      topicId: id,
      topic: pc.dictionaries.interest(id)?.name ?? '',
      channels: Array.from(pc.creatorsWithMainInterest(id).subarray(0, LOOKALIKES_PER_TOPIC + 1))
        .filter((other) => other !== index)
        .slice(0, LOOKALIKES_PER_TOPIC)
        .map((other) => userEntry(pc.summary(other))),
    })),
    audienceCommenters: {
      genders: audience.genders.map(({ code, weight }) => ({ code, weight })),
      ages: audience.ages.map(({ code, weight }) => ({ code, weight })),
      geoCountries: audience.geoCountries.map(({ id, name, code, weight }) => ({ id, name, code, weight })),
    },
  };
}
