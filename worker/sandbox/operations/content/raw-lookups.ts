import type { Platform } from '../../../../shared/platforms';
import type { Comment, PlatformCreators, Post } from '../../data';
import { FLAG } from '../../data';
import { SandboxError } from '../../sandbox-error';

/**
 * Finding what a raw request names, or the 404 the spec describes for content that is not there
 * (the core counts that 404 as a used raw request). Messages quote the input as it was sent.
 */

export const PLATFORM_NAMES: Record<Platform, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

/** A creator by handle (with or without @), user id, TikTok secUid or profile URL. */
export function accountIndex(pc: PlatformCreators, text: string): number {
  const index = pc.resolve(text);
  if (index < 0) {
    throw new SandboxError(
      'account_not_found',
      `No ${PLATFORM_NAMES[pc.platform]} account matches ${JSON.stringify(text)}`,
    );
  }
  return index;
}

/**
 * A creator whose own posts are requested. A private account's posts are not public data, so its
 * feeds answer `private_account` (its profile, user-info, stays readable, as on the platform).
 */
export function publicAccountIndex(pc: PlatformCreators, text: string): number {
  const index = accountIndex(pc, text);
  if ((pc.columns.flags[index] & FLAG.private) !== 0) {
    throw new SandboxError(
      'private_account',
      `@${pc.username(index)} is a private ${PLATFORM_NAMES[pc.platform]} account; its posts are not public`,
    );
  }
  return index;
}

/** A post by the id forms the platform uses, given bare or inside a post URL. */
export function postOf(pc: PlatformCreators, text: string): Post {
  const post = pc.findPost(postIdIn(pc.platform, text));
  if (post === null) {
    throw new SandboxError(
      'media_not_found',
      `No ${PLATFORM_NAMES[pc.platform]} ${pc.platform === 'youtube' ? 'video' : 'post'} matches ${JSON.stringify(text)}`,
    );
  }
  return post;
}

/** The id part of a post URL (instagram.com/p/CODE, tiktok.com/@x/video/ID, youtube watch/shorts/youtu.be). */
function postIdIn(platform: Platform, text: string): string {
  const trimmed = text.trim();
  const patterns: Record<Platform, RegExp[]> = {
    instagram: [/instagram\.com\/(?:[^/]+\/)?(?:p|reel|reels|tv)\/([A-Za-z0-9_-]+)/i],
    tiktok: [/tiktok\.com\/.*\/video\/(\d+)/i],
    youtube: [
      /[?&]v=([A-Za-z0-9_-]{11})/,
      /youtube\.com\/(?:shorts|live|embed)\/([A-Za-z0-9_-]{11})/i,
      /youtu\.be\/([A-Za-z0-9_-]{11})/i,
    ],
  };
  for (const pattern of patterns[platform]) {
    const match = pattern.exec(trimmed);
    if (match !== null) return match[1];
  }
  return trimmed;
}

/** A top-level comment of `post` by id. */
export function topLevelCommentOf(pc: PlatformCreators, post: Post, commentId: string): Comment {
  const comment = pc.findComment(commentId);
  if (comment === null || comment.postId !== post.id || comment.parentId !== null) {
    throw new SandboxError(
      'entity_not_found',
      `No comment ${JSON.stringify(commentId)} on the ${PLATFORM_NAMES[pc.platform]} post ${post.code}`,
    );
  }
  return comment;
}

/** The hashtag of a query (`#Fitness`, `fitness`), lower case without its #. */
function normalizedTag(text: string): string {
  return text.trim().replace(/^#/, '').toLowerCase();
}

/** A hashtag the platform knows (it is in the platform's hashtag list). */
export function knownHashtag(pc: PlatformCreators, text: string): string {
  const tag = normalizedTag(text);
  if (pc.dictionaries.hashtagPosition(pc.platform, tag) < 0) {
    throw new SandboxError(
      'entity_not_found',
      `No ${PLATFORM_NAMES[pc.platform]} hashtag matches ${JSON.stringify(text)}`,
    );
  }
  return tag;
}
