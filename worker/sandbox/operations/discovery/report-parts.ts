import type { Platform } from '../../../../shared/platforms';
import type { Audience, Post, StatHistoryEntry, UserSummary } from '../../data';

/**
 * The pieces reports are made of, mapped from the world's model onto the field names of the spec
 * (Instagram and TikTok tables) and api-notes (Instagram audience, YouTube as TikTok-like).
 */

interface UserEntry {
  userId: string;
  fullname: string;
  username: string;
  url: string;
  picture: string;
  followers: number;
  engagements: number;
  isVerified: boolean;
}

/** A lookalike, notable user or audience lookalike. */
export function userEntry(user: UserSummary): UserEntry {
  return {
    userId: user.userId,
    fullname: user.fullname,
    username: user.username,
    url: user.url,
    picture: user.picture,
    followers: user.followers,
    engagements: user.engagements,
    isVerified: user.isVerified,
  };
}

/** The audience as Instagram reports it (every list of api-notes "Reports"). */
export function instagramAudience(audience: Audience): Record<string, unknown> {
  return {
    credibility: audience.credibility,
    notable: audience.notable,
    genders: audience.genders.map(({ code, weight }) => ({ code, weight })),
    ages: audience.ages.map(({ code, weight }) => ({ code, weight })),
    gendersPerAge: audience.gendersPerAge.map(({ code, male, female }) => ({ code, male, female })),
    geoCountries: audience.geoCountries.map(({ id, name, code, weight }) => ({ id, name, code, weight })),
    geoCities: audience.geoCities.map(({ id, name, weight }) => ({ id, name, weight })),
    geoStates: audience.geoStates.map(({ name, weight }) => ({ name, weight })),
    languages: audience.languages.map(({ code, name, weight }) => ({ code, name, weight })),
    interests: audience.interests.map(({ id, name, weight }) => ({ id, name, weight })),
    brandAffinity: audience.brandAffinity.map(({ id, name, weight }) => ({ id, name, weight })),
    notableUsers: audience.notableUsers.map(userEntry),
    audienceLookalikes: audience.audienceLookalikes.map(userEntry),
    audienceTypes: audience.audienceTypes.map(({ code, weight }) => ({ code, weight })),
    audienceReachability: audience.audienceReachability.map(({ code, weight }) => ({ code, weight })),
    ethnicities: audience.ethnicities.map(({ code, weight }) => ({ code, weight })),
  };
}

/** The audience as the TikTok table lists it (no credibility there); YouTube takes the same. */
export function tiktokAudience(audience: Audience): Record<string, unknown> {
  return {
    notable: audience.notable,
    genders: audience.genders.map(({ code, weight }) => ({ code, weight })),
    geoCountries: audience.geoCountries.map(({ id, name, code, weight }) => ({ id, name, code, weight })),
    ages: audience.ages.map(({ code, weight }) => ({ code, weight })),
    gendersPerAge: audience.gendersPerAge.map(({ code, male, female }) => ({ code, male, female })),
    languages: audience.languages.map(({ code, name, weight }) => ({ code, name, weight })),
    notableUsers: audience.notableUsers.map(userEntry),
    audienceLookalikes: audience.audienceLookalikes.map(userEntry),
    audienceReachability: audience.audienceReachability.map(({ code, weight }) => ({ code, weight })),
  };
}

/** An Instagram recent or popular post. */
export function instagramPost(post: Post): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: post.id,
    shortcode: post.code,
    text: post.text,
    url: post.url,
    created: post.created,
    type: post.type,
    thumbnail: post.thumbnail,
    image: post.image,
    likes: post.likes,
    comments: post.comments,
    mentions: [...post.mentions],
    hashtags: [...post.hashtags],
  };
  if (post.video !== null) {
    body.video = post.video;
    body.views = post.views;
  }
  return body;
}

/** A TikTok or YouTube recent or popular post (YouTube adds its title). */
export function videoPost(platform: Platform, post: Post): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: post.id,
    text: post.text,
    url: post.url,
    created: post.created,
    type: post.type,
    thumbnail: post.thumbnail,
    likes: post.likes,
    comments: post.comments,
    views: post.views,
    shares: post.shares,
    saves: post.saves,
  };
  if (platform === 'youtube') body.title = post.title;
  if (post.video !== null) body.video = post.video;
  return body;
}

function sponsorsOf(post: Post): Record<string, string>[] {
  return post.sponsors.map((sponsor) => ({
    name: sponsor.name,
    username: sponsor.username,
    domain: sponsor.domain,
    logo_url: sponsor.logoUrl,
  }));
}

export function instagramSponsoredPost(post: Post): Record<string, unknown> {
  return { ...instagramPost(post), views: post.views, sponsors: sponsorsOf(post) };
}

/** TikTok's sponsored post requires thumbnail, title and sponsors; the rest helps a client. */
export function videoSponsoredPost(post: Post): Record<string, unknown> {
  return {
    id: post.id,
    title: post.title,
    text: post.text,
    url: post.url,
    created: post.created,
    type: post.type,
    thumbnail: post.thumbnail,
    likes: post.likes,
    comments: post.comments,
    views: post.views,
    sponsors: sponsorsOf(post),
  };
}

export function instagramHistory(history: readonly StatHistoryEntry[]): Record<string, unknown>[] {
  return history.map((entry) => ({
    month: entry.month,
    followers: entry.followers,
    following: entry.following,
    avgLikes: entry.avgLikes,
    avgViews: entry.avgViews,
    avgComments: entry.avgComments,
    avgShares: entry.avgShares,
  }));
}

export function videoHistory(history: readonly StatHistoryEntry[]): Record<string, unknown>[] {
  return history.map((entry) => ({
    month: entry.month,
    followers: entry.followers,
    avgLikes: entry.avgLikes,
    avgComments: entry.avgComments,
    avgEngagements: entry.avgEngagements,
    avgViews: entry.avgViews,
    avgShares: entry.avgShares,
    avgSaves: entry.avgSaves,
  }));
}
