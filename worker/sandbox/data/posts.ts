import { buildCaption } from './captions';
import { FLAG, INTERESTS_PER_CREATOR } from './columns';
import { CDN_HOST } from './dictionaries';
import { streamKey } from './generate-core';
import { trackOfPost } from './music';
import type { Page, PlatformCreators } from './platform-creators';
import {
  hasSound,
  postCreatedAt,
  postInterest,
  postSponsor,
  postType,
  usesOriginalSound,
} from './post-traits';
import { clamp, cumulative, Rng, STREAM } from './random';
import { featuredIn } from './relations';
import { visualFeatures } from './text-model';
import { COLLABORATION_TYPES, type CollaborationType, type Post, type PostType, type Sponsor } from './types';

/**
 * Posts, derived one at a time from (seed, platform, creator, position). Position 0 is the newest.
 * The cheap properties (type, date, topic, sponsor, sound) come from post-traits.ts; the full post
 * (caption, stats, features) comes from the post's own stream.
 */

function musicIdOf(pc: PlatformCreators, index: number, post: number): string | null {
  if (!hasSound(pc, index, post)) return null;
  return usesOriginalSound(pc, index, post)
    ? pc.codec.musicId(pc.platform, { kind: 'original', index, post })
    : pc.codec.musicId(pc.platform, { kind: 'track', track: trackOfPost(pc, index, post) });
}

function sponsorOf(pc: PlatformCreators, brandId: number): Sponsor | null {
  const brand = pc.dictionaries.brand(brandId);
  if (brand === undefined) return null;
  return {
    brandId,
    name: brand.name,
    username: brand.username,
    userId: pc.userId(pc.brandAccountIndex(brandId)),
    domain: brand.domain,
    logoUrl: brand.logoUrl,
    category: brand.category,
  };
}

function durationOf(rng: Rng, type: PostType): number {
  switch (type) {
    case 'reel':
      return Math.round(clamp(rng.logNormal(Math.log(25), 0.6), 7, 90));
    case 'video':
      return Math.round(clamp(rng.logNormal(Math.log(30), 0.7), 8, 180));
    case 'short':
      return Math.round(clamp(rng.logNormal(Math.log(30), 0.4), 15, 60));
    case 'live':
      return Math.round(clamp(rng.logNormal(Math.log(4000), 0.5), 1800, 10_800));
    default:
      return 0;
  }
}

const COLLABORATION_WEIGHTS = cumulative([0.45, 0.2, 0.1, 0.15, 0.1]);

export function derivePost(pc: PlatformCreators, index: number, post: number): Post {
  const c = pc.columns;
  const platform = pc.platform;
  const rng = new Rng(streamKey(pc.context.seedKey, platform, index, STREAM.post, post), post);
  const type = postType(pc, index, post);
  const interestId = postInterest(pc, index, post);
  const interest = pc.dictionaries.interestProfile(interestId);
  const secondaryId = c.interests[index * INTERESTS_PER_CREATOR + 1];
  const secondary =
    secondaryId !== 0 && secondaryId !== interestId
      ? pc.dictionaries.interestProfile(secondaryId)
      : undefined;
  const sponsorBrandId = postSponsor(pc, index, post);
  const sponsor = sponsorBrandId === 0 ? null : sponsorOf(pc, sponsorBrandId);
  const featured = featuredIn(pc, index, post);
  const city = pc.dictionaries.location(c.cityId[index]);
  const country = pc.dictionaries.location(c.countryId[index]);
  const caption = buildCaption(rng, {
    platform,
    vocabulary: interest?.vocabulary ?? ['life'],
    secondaryVocabulary: secondary?.vocabulary ?? null,
    place: city?.name ?? country?.name ?? 'home',
    topicHashtags: interest?.hashtags ?? ['life'],
    platformHashtags: pc.dictionaries.platformHashtags(platform),
    sponsor,
    featured: featured >= 0 ? pc.username(featured) : null,
  });

  const video = type !== 'photo' && type !== 'carousel';
  const viewFactor = type === 'short' ? 1.4 : type === 'live' ? 0.3 : 1;
  const likesHidden = rng.chance(0.03);
  const commentsDisabled = rng.chance(0.02);
  const likes = Math.round(c.avgLikes[index] * rng.logNormal(0, 0.55) * (sponsor !== null ? 0.85 : 1));
  const comments = commentsDisabled ? 0 : Math.round(c.avgComments[index] * rng.logNormal(0, 0.7));
  const views = video ? Math.round(c.avgViews[index] * viewFactor * rng.logNormal(0, 0.6)) : 0;
  const shares = Math.round(c.avgShares[index] * rng.logNormal(0, 0.8));
  const saves = Math.round(c.avgSaves[index] * rng.logNormal(0, 0.8));
  // YouTube's long videos last minutes, TikTok's seconds.
  const durationSeconds =
    platform === 'youtube' && type === 'video'
      ? Math.round(clamp(rng.logNormal(Math.log(600), 0.6), 120, 3600))
      : durationOf(rng, type);
  const carouselCount = type === 'carousel' ? 2 + rng.int(9) : 0;
  const visual = visualFeatures(rng, interestId);
  const collaborationType: CollaborationType | null =
    sponsor === null ? null : COLLABORATION_TYPES[rng.weighted(COLLABORATION_WEIGHTS)];
  const locationId =
    platform === 'instagram' && c.cityId[index] !== 0 && rng.chance(0.3) ? c.cityId[index] : null;

  const id = pc.codec.postId(platform, { index, post });
  const code = pc.codec.postCode(platform, { index, post });
  const createdAt = postCreatedAt(pc, index, post);
  let url: string;
  let thumbnail: string;
  let image: string;
  let videoUrl: string | null = null;
  if (platform === 'instagram') {
    url = `https://www.instagram.com/${type === 'reel' ? 'reel' : 'p'}/${code}/`;
    thumbnail = `${CDN_HOST}/instagram/p/${code}/thumbnail.jpg`;
    image = `${CDN_HOST}/instagram/p/${code}/image.jpg`;
    if (video) videoUrl = `${CDN_HOST}/instagram/p/${code}/video.mp4`;
  } else if (platform === 'tiktok') {
    url = `https://www.tiktok.com/@${pc.username(index)}/video/${id}`;
    thumbnail = `${CDN_HOST}/tiktok/video/${id}/cover.jpg`;
    image = thumbnail;
    videoUrl = `${CDN_HOST}/tiktok/video/${id}/play.mp4`;
  } else {
    url = type === 'short' ? `https://www.youtube.com/shorts/${id}` : `https://www.youtube.com/watch?v=${id}`;
    thumbnail = `${CDN_HOST}/youtube/vi/${id}/hqdefault.jpg`;
    image = `${CDN_HOST}/youtube/vi/${id}/maxresdefault.jpg`;
    videoUrl = `${CDN_HOST}/youtube/vi/${id}/video.mp4`;
  }

  return {
    platform,
    creatorIndex: index,
    postIndex: post,
    id,
    code,
    url,
    type,
    createdAt,
    created: new Date(createdAt).toISOString(),
    title: caption.title,
    text: caption.text,
    hashtags: caption.hashtags,
    mentions: caption.mentions,
    taggedIndexes: featured >= 0 ? [featured] : [],
    likes,
    likesHidden,
    comments,
    commentsDisabled,
    views,
    shares,
    saves,
    durationSeconds,
    carouselCount,
    thumbnail,
    image,
    video: videoUrl,
    sponsored: sponsor !== null,
    sponsors: sponsor === null ? [] : [sponsor],
    collaborationType,
    interestId,
    visual,
    musicId: musicIdOf(pc, index, post),
    locationId,
    isPinned: false,
  };
}

/** A page of a creator's posts of the given types, newest first; the total is counted cheaply. */
export function postsOfType(
  pc: PlatformCreators,
  index: number,
  types: readonly PostType[],
  offset: number,
  limit: number,
): Page<Post> {
  const count = pc.postCount(index);
  const items: Post[] = [];
  let seen = 0;
  for (let j = 0; j < count; j++) {
    if (!types.includes(postType(pc, index, j))) continue;
    if (seen >= offset && items.length < limit) {
      const post = pc.post(index, j);
      if (post !== null) items.push(post);
    }
    seen++;
  }
  const next = offset + items.length;
  return { items, nextOffset: next < seen ? next : null, total: seen };
}

/** How many posts a hashtag feed may page through ("curated results, not exhaustive"). */
export const HASHTAG_FEED_MAX = 1_000;
/** Posts of each creator a hashtag feed looks at. */
const HASHTAG_SCAN_POSTS = 60;

/**
 * Posts carrying a hashtag: the public creators whose main interest uses the tag (or, for platform
 * tags such as #fyp, the biggest creators), biggest first, and their newest posts with the tag.
 */
export function postsWithHashtag(
  pc: PlatformCreators,
  rawTag: string,
  offset: number,
  limit: number,
): Page<Post> {
  const tag = rawTag.trim().replace(/^#/, '').toLowerCase();
  const interests = pc.dictionaries.interestsOfHashtag(tag);
  const platformTag = pc.dictionaries.platformHashtags(pc.platform).includes(tag);
  let creators: ArrayLike<number>;
  if (interests.length === 1) creators = pc.creatorsWithMainInterest(interests[0]);
  else if (interests.length > 1) {
    const merged: number[] = [];
    for (const id of interests) merged.push(...pc.creatorsWithMainInterest(id));
    const followers = pc.columns.followers;
    merged.sort((a, b) => followers[b] - followers[a] || a - b);
    creators = merged;
  } else if (platformTag) creators = pc.byFollowersDesc();
  else creators = [];

  const items: Post[] = [];
  const wanted = Math.min(HASHTAG_FEED_MAX, offset + limit);
  let found = 0;
  let exhausted = true;
  outer: for (let k = 0; k < creators.length; k++) {
    const index = creators[k];
    if ((pc.columns.flags[index] & FLAG.private) !== 0) continue;
    const scan = Math.min(HASHTAG_SCAN_POSTS, pc.postCount(index));
    for (let j = 0; j < scan; j++) {
      if (!platformTag && !interests.includes(postInterest(pc, index, j))) continue;
      const post = pc.post(index, j);
      if (post === null || !post.hashtags.includes(tag)) continue;
      if (found >= offset) items.push(post);
      found++;
      if (found >= wanted) {
        exhausted = false;
        break outer;
      }
    }
  }
  const next = offset + items.length;
  return { items, nextOffset: exhausted || next >= HASHTAG_FEED_MAX ? null : next, total: null };
}
