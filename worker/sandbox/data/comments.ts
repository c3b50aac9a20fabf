import { FLAG } from './columns';
import { CDN_HOST } from './dictionaries';
import { DAY_MS, PLATFORM_CODE, streamKey } from './generate-core';
import { type CommentKey, MAX_COMMENTS_PER_POST, MAX_REPLIES_PER_COMMENT } from './id-codec';
import type { Page, PlatformCreators } from './platform-creators';
import { clamp, hashInts, Rng, STREAM } from './random';
import type { Comment, CommentAuthor, Post } from './types';
import { NAME_GROUP_SEEDS } from './word-lists/names';
import { COMMENT_TEMPLATES } from './word-lists/phrases';

/**
 * Comments and replies, each derived alone from (post, position), so any page of any post can be
 * served in any order. Comment k of a post is newer than comment k + 1; all come after the post.
 * Commenters are creators of the world (often of the same interest) or anonymous accounts.
 */

/** Comments a post can address: its comment count, capped by what ids can encode. */
function commentCount(post: Post): number {
  return Math.min(post.comments, MAX_COMMENTS_PER_POST);
}

function anonymousAuthor(pc: PlatformCreators, key: number): CommentAuthor {
  const rng = new Rng(hashInts(pc.context.seedKey, STREAM.anonymousUser, PLATFORM_CODE[pc.platform], key));
  const group = rng.pick(NAME_GROUP_SEEDS);
  const female = rng.chance(0.5);
  const given = rng.pick(female ? group.femaleNames : group.maleNames);
  const family = rng.pick(group.familyNames);
  const ascii = `${given}${family[0]}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  const username = `${ascii}${rng.chance(0.5) ? '_' : ''}${1 + rng.int(9_999)}`;
  const userId =
    pc.platform === 'youtube'
      ? `UCanon${String(key).padStart(18, '0')}`
      : String(40_000_000_000 + (key % 9_000_000_000));
  return {
    userId,
    username,
    fullname: `${given} ${family}`,
    picture: `${CDN_HOST}/${pc.platform}/avatars/anon-${key}.jpg`,
    isVerified: false,
    isPrivate: rng.chance(0.3),
    creatorIndex: null,
  };
}

function creatorAuthor(pc: PlatformCreators, index: number): CommentAuthor {
  return {
    userId: pc.userId(index),
    username: pc.username(index),
    fullname: pc.fullname(index),
    picture: pc.picture(index),
    isVerified: (pc.columns.flags[index] & FLAG.verified) !== 0,
    isPrivate: (pc.columns.flags[index] & FLAG.private) !== 0,
    creatorIndex: index,
  };
}

function authorFor(pc: PlatformCreators, rng: Rng, post: Post): CommentAuthor {
  if (rng.chance(0.35)) {
    const peers = pc.creatorsWithMainInterest(post.interestId);
    const index = peers.length > 1 && rng.chance(0.7) ? peers[rng.int(peers.length)] : rng.int(pc.size);
    if (index !== post.creatorIndex) return creatorAuthor(pc, index);
  }
  return anonymousAuthor(pc, rng.nextUint32() % 2_000_000_000);
}

function commentText(pc: PlatformCreators, rng: Rng, post: Post): string {
  const vocabulary = pc.dictionaries.interestProfile(post.interestId)?.vocabulary ?? ['this'];
  return rng.pick(COMMENT_TEMPLATES).replace(/\{w\}/g, () => rng.pick(vocabulary));
}

/** The end of the commenting window of a post: a month after it, or now. */
function windowEnd(pc: PlatformCreators, post: Post): number {
  return Math.max(post.createdAt + 60_000, Math.min(pc.now, post.createdAt + 30 * DAY_MS));
}

function deriveComment(pc: PlatformCreators, post: Post, position: number, total: number): Comment {
  const rng = new Rng(
    streamKey(pc.context.seedKey, pc.platform, post.creatorIndex, STREAM.comment, post.postIndex),
    position,
  );
  const span = windowEnd(pc, post) - post.createdAt;
  // Newest first: later positions sit closer to the post, most comments come early.
  const fraction = 1 - (position + rng.next()) / Math.max(1, total);
  const createdAt = Math.round(post.createdAt + 1000 + (span - 1000) * fraction * fraction * fraction);
  const hasReplies = rng.chance(0.2);
  const replyCount = hasReplies ? Math.min(MAX_REPLIES_PER_COMMENT, 1 + Math.floor(rng.exponential(2.5))) : 0;
  const likes = Math.round(clamp(post.likes * 0.002 * rng.logNormal(0, 1.2), 0, post.likes));
  const key: CommentKey = { index: post.creatorIndex, post: post.postIndex, comment: position, reply: -1 };
  return {
    id: pc.codec.commentId(pc.platform, key),
    postId: post.id,
    parentId: null,
    position,
    text: commentText(pc, rng, post),
    createdAt,
    likes,
    replyCount,
    author: authorFor(pc, rng, post),
  };
}

function deriveReply(pc: PlatformCreators, post: Post, parent: Comment, position: number): Comment {
  const rng = new Rng(
    streamKey(pc.context.seedKey, pc.platform, post.creatorIndex, STREAM.reply, post.postIndex),
    parent.position * 256 + position,
  );
  // Replies come after their parent, oldest first, as the platforms list them; never after now.
  const gapMs = 180_000 + (hashInts(parent.position, post.postIndex, 0x9e9) % 7_000_000);
  const createdAt = Math.min(
    Math.max(pc.now, parent.createdAt + 1000),
    parent.createdAt + 1000 + Math.round((position + rng.next()) * gapMs),
  );
  const key: CommentKey = {
    index: post.creatorIndex,
    post: post.postIndex,
    comment: parent.position,
    reply: position,
  };
  // The creator answers a share of the replies itself.
  const author = rng.chance(0.3) ? creatorAuthor(pc, post.creatorIndex) : authorFor(pc, rng, post);
  return {
    id: pc.codec.commentId(pc.platform, key),
    postId: post.id,
    parentId: parent.id,
    position,
    text:
      author.creatorIndex === post.creatorIndex
        ? `@${parent.author.username} thank you! 🙏`
        : commentText(pc, rng, post),
    createdAt,
    likes: Math.round(clamp(parent.likes * 0.1 * rng.logNormal(0, 1), 0, parent.likes + 10)),
    replyCount: 0,
    author,
  };
}

export function comments(pc: PlatformCreators, post: Post, offset: number, limit: number): Page<Comment> {
  const total = commentCount(post);
  const items: Comment[] = [];
  for (let k = Math.max(0, offset); k < total && items.length < limit; k++)
    items.push(deriveComment(pc, post, k, total));
  const next = Math.max(0, offset) + items.length;
  return { items, nextOffset: next < total ? next : null, total };
}

export function replies(pc: PlatformCreators, parent: Comment, offset: number, limit: number): Page<Comment> {
  const key = pc.codec.decodeComment(pc.platform, parent.id);
  const post = key === null ? null : pc.post(key.index, key.post);
  if (post === null || parent.parentId !== null) return { items: [], nextOffset: null, total: 0 };
  const items: Comment[] = [];
  for (let r = Math.max(0, offset); r < parent.replyCount && items.length < limit; r++)
    items.push(deriveReply(pc, post, parent, r));
  const next = Math.max(0, offset) + items.length;
  return { items, nextOffset: next < parent.replyCount ? next : null, total: parent.replyCount };
}

/** A comment or reply by key, or null when it does not exist. */
export function comment(pc: PlatformCreators, key: CommentKey): Comment | null {
  const post = pc.post(key.index, key.post);
  if (post === null) return null;
  const total = commentCount(post);
  if (key.comment >= total) return null;
  const parent = deriveComment(pc, post, key.comment, total);
  if (key.reply < 0) return parent;
  return key.reply < parent.replyCount ? deriveReply(pc, post, parent, key.reply) : null;
}
