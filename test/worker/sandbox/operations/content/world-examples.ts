import {
  FLAG,
  type Brand,
  type Comment,
  type PlatformCreators,
  type Post,
  type PostType,
  type World,
} from '../../../../../worker/sandbox/data';

/**
 * Real inputs from the generated world for the content tests: creators, posts, comments, tags and
 * sounds chosen by what a test needs (several pages, replies, a private account...), preferring the
 * smallest that qualifies so that walking a whole feed stays quick. Jest runs code in a vm context
 * where the world's hash loops are many times slower than in Node, so searches look at a window
 * of creators only.
 */

const WINDOW = 300;

export function isPrivate(pc: PlatformCreators, index: number): boolean {
  return (pc.columns.flags[index] & FLAG.private) !== 0;
}

/** The public person with the fewest posts among those that pass `accept`. */
export function smallestCreator(
  pc: PlatformCreators,
  accept: (index: number) => boolean = () => true,
): number {
  const candidates: number[] = [];
  for (let index = pc.firstPersonIndex; index < pc.firstPersonIndex + WINDOW; index++) {
    if (!isPrivate(pc, index)) candidates.push(index);
  }
  candidates.sort((a, b) => pc.postCount(a) - pc.postCount(b) || a - b);
  const found = candidates.find(accept);
  if (found === undefined) throw new Error(`no ${pc.platform} creator fits`);
  return found;
}

export function countOfType(pc: PlatformCreators, index: number, types: readonly PostType[]): number {
  return pc.postsOfType(index, types, 0, 0).total ?? 0;
}

export function privateCreator(pc: PlatformCreators): number {
  for (let index = pc.firstPersonIndex; index < pc.size; index++) if (isPrivate(pc, index)) return index;
  throw new Error(`no private ${pc.platform} creator`);
}

/** A public post with between `min` and `max` comments. */
export function postWithComments(
  pc: PlatformCreators,
  min: number,
  max: number,
  accept: (post: Post) => boolean = () => true,
): Post {
  for (let index = pc.firstPersonIndex; index < pc.size; index++) {
    if (isPrivate(pc, index)) continue;
    for (let j = 0; j < Math.min(3, pc.postCount(index)); j++) {
      const post = pc.post(index, j);
      if (post !== null && post.comments >= min && post.comments <= max && accept(post)) return post;
    }
  }
  throw new Error(`no ${pc.platform} post with ${min} to ${max} comments`);
}

/** A top-level comment with more than `min` replies, on a post with at most 300 comments. */
export function commentWithReplies(pc: PlatformCreators, min: number): { post: Post; comment: Comment } {
  for (let index = pc.firstPersonIndex; index < pc.size; index++) {
    if (isPrivate(pc, index)) continue;
    for (let j = 0; j < Math.min(5, pc.postCount(index)); j++) {
      const post = pc.post(index, j);
      if (post === null || post.comments > 300) continue;
      const comment = pc.comments(post, 0, 300).items.find((c) => c.replyCount > min);
      if (comment !== undefined) return { post, comment };
    }
  }
  throw new Error(`no ${pc.platform} comment with more than ${min} replies`);
}

/** A hashtag of the platform whose feed holds more than `min` posts, the smallest such. */
export function hashtagWithPosts(pc: PlatformCreators, world: World, min: number): string {
  let best: { tag: string; size: number } | null = null;
  for (const tag of world.dictionaries.hashtags(pc.platform).slice(0, 8)) {
    const size = pc.postsWithHashtag(tag, 0, 400).items.length;
    if (size > min && (best === null || size < best.size)) best = { tag, size };
  }
  if (best === null) throw new Error(`no ${pc.platform} hashtag with more than ${min} posts`);
  return best.tag;
}

/** A music id of a reel or TikTok video: a catalogue track when `track`, else an original sound. */
export function musicIdOf(pc: PlatformCreators, original: boolean): string {
  for (let index = pc.firstPersonIndex; index < pc.size; index++) {
    if (isPrivate(pc, index)) continue;
    for (let j = 0; j < Math.min(20, pc.postCount(index)); j++) {
      const post = pc.post(index, j);
      if (post?.musicId == null) continue;
      if (pc.music(post.musicId)?.isOriginal === original) return post.musicId;
    }
  }
  throw new Error(`no ${pc.platform} ${original ? 'original sound' : 'track'}`);
}

/** A catalogue track used by between `min` and `max` TikTok videos. */
export function trackWithPosts(pc: PlatformCreators, min: number, max: number): string {
  for (let track = 0; track < 2000; track += 7) {
    const id = pc.codec.musicId(pc.platform, { kind: 'track', track });
    const size = pc.postsWithMusic(id, 0, max + 1).items.length;
    if (size >= min && size <= max) return id;
  }
  throw new Error(`no ${pc.platform} track with ${min} to ${max} posts`);
}

/** A YouTube playlist with more than `min` and at most `max` videos, from the shortest feeds up. */
export function playlistWithVideos(pc: PlatformCreators, min: number, max: number): string {
  const channels = Array.from({ length: pc.size - pc.firstPersonIndex }, (_, k) => pc.firstPersonIndex + k)
    .filter((index) => pc.postCount(index) > min * 3)
    .sort((a, b) => pc.postCount(a) - pc.postCount(b) || a - b);
  for (const index of channels.slice(0, 300)) {
    const playlist = pc.playlists(index).find((entry) => entry.videoCount > min && entry.videoCount <= max);
    if (playlist !== undefined) return playlist.id;
  }
  throw new Error(`no playlist with ${min} to ${max} videos`);
}

/** A playlist with at least one video, of a channel with a short feed. */
export function smallPlaylist(pc: PlatformCreators): string {
  const index = smallestCreator(pc, (i) => pc.playlists(i).some((playlist) => playlist.videoCount > 0));
  const playlist = pc.playlists(index).find((entry) => entry.videoCount > 0);
  if (playlist === undefined) throw new Error('no playlist');
  return playlist.id;
}

/** A public person with between `min` and `max` sponsored posts, from the shortest feeds up. */
export function influencerWithCollaborations(pc: PlatformCreators, min: number, max: number): number {
  return smallestCreator(pc, (index) => {
    if (pc.columns.sponsoredShare[index] <= 0) return false;
    const count = pc.sponsoredPosts(index, { limit: max + 1 }).posts.length;
    return count >= min && count <= max;
  });
}

/** A brand with at least two influencers and between `min` and `max` collaboration posts. */
export function brandWithPosts(pc: PlatformCreators, min: number, max: number): Brand {
  for (const brand of pc.dictionaries.brands) {
    if (pc.brandCollaborators(brand.id).length < 2) continue;
    const count = pc.brandPosts(brand.id, { limit: max + 1 }).posts.length;
    if (count >= min && count <= max) return brand;
  }
  throw new Error(`no ${pc.platform} brand with ${min} to ${max} posts`);
}
