import { CDN_HOST } from './dictionaries';
import { PLATFORM_CODE, streamKey } from './generate-core';
import type { Page, PlatformCreators } from './platform-creators';
import { postInterest, postType } from './post-traits';
import { hashInts, Rng, STREAM } from './random';
import type { Playlist, Post, SubtitleLine } from './types';

/**
 * YouTube's extras: playlists of a channel (its long videos, grouped by a hash of the video) and
 * subtitles of a video (spoken lines about the video's topic).
 */

function playlistCount(pc: PlatformCreators, index: number): number {
  if (pc.platform !== 'youtube') return 0;
  return 1 + (hashInts(pc.context.seedKey, PLATFORM_CODE.youtube, index, 0x91) % 6);
}

/** The playlist a post belongs to, or -1 (some videos are in none). */
function playlistOf(pc: PlatformCreators, index: number, post: number, count: number): number {
  if (postType(pc, index, post) !== 'video') return -1;
  const slot = hashInts(pc.context.seedKey, PLATFORM_CODE.youtube, index, 0x92, post) % (count + 2);
  return slot < count ? slot : -1;
}

function capitalize(word: string): string {
  return word.length === 0 ? word : word[0].toUpperCase() + word.slice(1);
}

function describe(pc: PlatformCreators, index: number, position: number, count: number): Playlist {
  const rng = new Rng(streamKey(pc.context.seedKey, pc.platform, index, STREAM.playlist, position));
  const interest = pc.dictionaries.interestProfile(postInterest(pc, index, position));
  const vocabulary = interest?.vocabulary ?? ['videos'];
  const title = `${capitalize(rng.pick(vocabulary))} ${rng.pick(['Series', 'Diaries', 'Essentials', 'Sessions', 'Basics', 'Favourites'])}`;
  let videoCount = 0;
  let first = -1;
  for (let j = 0; j < pc.postCount(index); j++) {
    if (playlistOf(pc, index, j, count) !== position) continue;
    if (first < 0) first = j;
    videoCount++;
  }
  const id = pc.codec.playlistId(index, position);
  const firstId = first < 0 ? id : pc.codec.postId('youtube', { index, post: first });
  return {
    id,
    creatorIndex: index,
    position,
    title,
    videoCount,
    thumbnail: `${CDN_HOST}/youtube/vi/${firstId}/hqdefault.jpg`,
  };
}

export function playlists(pc: PlatformCreators, index: number): Playlist[] {
  const count = playlistCount(pc, index);
  const list: Playlist[] = [];
  for (let position = 0; position < count; position++) list.push(describe(pc, index, position, count));
  return list;
}

export function playlist(pc: PlatformCreators, playlistId: string): Playlist | null {
  if (pc.platform !== 'youtube') return null;
  const key = pc.codec.decodePlaylist(playlistId.trim());
  if (key === null) return null;
  const count = playlistCount(pc, key.index);
  return key.playlist < count ? describe(pc, key.index, key.playlist, count) : null;
}

export function playlistVideos(
  pc: PlatformCreators,
  playlistId: string,
  offset: number,
  limit: number,
): Page<Post> {
  const found = playlist(pc, playlistId);
  if (found === null) return { items: [], nextOffset: null, total: 0 };
  const count = playlistCount(pc, found.creatorIndex);
  const items: Post[] = [];
  let seen = 0;
  for (let j = 0; j < pc.postCount(found.creatorIndex) && items.length < limit; j++) {
    if (playlistOf(pc, found.creatorIndex, j, count) !== found.position) continue;
    if (seen >= offset) {
      const post = pc.post(found.creatorIndex, j);
      if (post !== null) items.push(post);
    }
    seen++;
  }
  const next = offset + items.length;
  return { items, nextOffset: next < found.videoCount ? next : null, total: found.videoCount };
}

const SPOKEN = [
  "hey everyone, welcome back, today we're talking about {w}",
  'so the first thing you need to know about {w} is the {w}',
  "honestly I didn't expect the {w} to matter this much",
  'let me show you my {w} and how I use it for {w}',
  'a lot of you asked about {w} in the comments',
  'this is where the {w} really makes a difference',
  "don't forget the {w}, it's the part everyone skips",
  'okay, quick break, and then back to the {w}',
  'if this helped you with {w}, hit like and subscribe',
  "that's it for today, see you in the next one",
];

export function subtitles(pc: PlatformCreators, post: Post): SubtitleLine[] {
  if (post.durationSeconds === 0) return [];
  const rng = new Rng(
    streamKey(pc.context.seedKey, pc.platform, post.creatorIndex, STREAM.subtitles, post.postIndex),
  );
  const vocabulary = pc.dictionaries.interestProfile(post.interestId)?.vocabulary ?? ['this'];
  const lines: SubtitleLine[] = [];
  const count = Math.max(4, Math.min(80, Math.round(post.durationSeconds / 20)));
  let start = 0.5;
  for (let k = 0; k < count && start < post.durationSeconds; k++) {
    const template =
      k === 0 ? SPOKEN[0] : k === count - 1 ? SPOKEN[SPOKEN.length - 1] : rng.pick(SPOKEN.slice(1, -1));
    const duration = Math.round(rng.range(2.5, 6) * 100) / 100;
    lines.push({
      start: Math.round(start * 100) / 100,
      duration,
      text: template.replace(/\{w\}/g, () => rng.pick(vocabulary)),
    });
    start += duration + rng.range(0.1, Math.max(0.2, post.durationSeconds / count - duration));
  }
  return lines;
}
