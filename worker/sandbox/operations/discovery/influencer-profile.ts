import type { Platform } from '../../../../shared/platforms';
import type { PlatformCreators } from '../../data';

/**
 * The influencer summary of search items, of a report's `profile.profile` and of e-mail matches:
 * the same numbers as the creator everywhere. `engagementRate` is a fraction (0.02 = 2%).
 */
export interface InfluencerProfile {
  userId: string;
  fullname: string;
  username: string;
  url: string;
  picture: string;
  followers: number;
  engagements: number;
  engagementRate: number;
  /** TikTok and YouTube only (api-notes "Search response"). */
  averageViews?: number;
  /** YouTube reports only: the channel's `@handle` (api-notes "Seen from the real service"). */
  handle?: string;
}

/** Metrics that depend on the calculation method; the core's typical (median) values otherwise. */
interface ProfileMetrics {
  engagements: number;
  averageViews: number;
}

function hasAverageViews(platform: Platform): boolean {
  return platform !== 'instagram';
}

export function influencerProfile(
  pc: PlatformCreators,
  index: number,
  metrics: ProfileMetrics = coreMetrics(pc, index),
): InfluencerProfile {
  const followers = pc.columns.followers[index];
  const profile: InfluencerProfile = {
    userId: pc.userId(index),
    fullname: pc.fullname(index),
    username: pc.username(index),
    url: pc.url(index),
    picture: pc.picture(index),
    followers,
    engagements: metrics.engagements,
    engagementRate: engagementRate(metrics.engagements, followers),
  };
  if (hasAverageViews(pc.platform)) profile.averageViews = metrics.averageViews;
  return profile;
}

function coreMetrics(pc: PlatformCreators, index: number): ProfileMetrics {
  return { engagements: pc.columns.engagements[index], averageViews: pc.columns.avgViews[index] };
}

/** Engagements per follower, unrounded: the value search filters and sorts compare. */
export function engagementRate(engagements: number, followers: number): number {
  return followers > 0 ? engagements / followers : 0;
}
