import { FLAG } from './columns';
import { CDN_HOST } from './dictionaries';
import type { Page, PlatformCreators } from './platform-creators';
import { hasSound, usesOriginalSound } from './post-traits';
import { hashInts } from './random';
import type { Music, Post } from './types';
import { NAME_GROUP_SEEDS } from './word-lists/names';
import { ARTIST_WORDS, MUSIC_ADJECTIVES, MUSIC_NOUNS } from './word-lists/phrases';

/**
 * Sounds of Instagram reels and TikTok videos: a catalogue of tracks shared by the world, plus each
 * video's original sound. A post's track comes from an invertible slot formula,
 * slot = (index * p + post * q + r) mod 4096, and popular tracks own more slots; so "which posts
 * use this track" is answered by walking the track's slots backwards, without a global index.
 */

const TRACK_COUNT = 2_000;
const SLOTS = 4_096;
/** How deep in each feed the music feed looks (newest posts first). */
const MUSIC_SCAN_POSTS = 60;

function inverseModSlots(a: number): number {
  let inverse = a;
  for (let i = 0; i < 4; i++) inverse = Math.imul(inverse, 2 - Math.imul(a, inverse));
  return inverse & (SLOTS - 1);
}

interface Track {
  readonly title: string;
  readonly artist: string;
  readonly durationSeconds: number;
}

export class MusicCatalogue {
  readonly trackCount = TRACK_COUNT;
  private readonly slotTrack = new Uint16Array(SLOTS);
  private readonly slotsOfTrack: number[][] = Array.from({ length: TRACK_COUNT }, () => []);
  readonly p: number;
  readonly q: number;
  readonly r: number;
  private readonly pInverse: number;

  constructor(private readonly seedKey: number) {
    this.p = (hashInts(seedKey, 0x3001) | 1) & (SLOTS - 1);
    this.q = hashInts(seedKey, 0x3002) & (SLOTS - 1);
    this.r = hashInts(seedKey, 0x3003) & (SLOTS - 1);
    this.pInverse = inverseModSlots(this.p);
    // Every track owns one slot; the others go to tracks by a Zipf law, so a few tracks go viral.
    const owners: number[] = [];
    for (let t = 0; t < TRACK_COUNT; t++) owners.push(t);
    const spare = SLOTS - TRACK_COUNT;
    let harmonic = 0;
    for (let t = 0; t < TRACK_COUNT; t++) harmonic += 1 / Math.pow(t + 1, 0.9);
    for (let t = 0; t < TRACK_COUNT && owners.length < SLOTS; t++) {
      const extra = Math.floor((spare * (1 / Math.pow(t + 1, 0.9))) / harmonic);
      for (let k = 0; k < extra && owners.length < SLOTS; k++) owners.push(t);
    }
    for (let t = 0; owners.length < SLOTS; t++) owners.push(t % TRACK_COUNT);
    owners.forEach((track, slot) => {
      this.slotTrack[slot] = track;
      this.slotsOfTrack[track].push(slot);
    });
  }

  trackOfSlot(slot: number): number {
    return this.slotTrack[slot & (SLOTS - 1)];
  }

  slotsOf(track: number): readonly number[] {
    return this.slotsOfTrack[track] ?? [];
  }

  /** Creator index (mod 4096) whose post `post` falls in `slot`. */
  indexBaseFor(slot: number, post: number): number {
    return Math.imul((slot - Math.imul(post, this.q) - this.r) | 0, this.pInverse) & (SLOTS - 1);
  }

  track(track: number): Track {
    const h = hashInts(this.seedKey, 0x3004, track);
    const variant = ['', ' (Remix)', ' (Acoustic)', ' Pt. II', ' (Live)'][Math.floor(track / 400) % 5];
    const title = `${MUSIC_ADJECTIVES[h % MUSIC_ADJECTIVES.length]} ${MUSIC_NOUNS[(h >>> 8) % MUSIC_NOUNS.length]}${variant}`;
    let artist: string;
    if ((h >>> 16) % 2 === 0) {
      const group = NAME_GROUP_SEEDS[(h >>> 17) % NAME_GROUP_SEEDS.length];
      const given = [...group.femaleNames, ...group.maleNames];
      artist = `${given[(h >>> 20) % given.length]} ${group.familyNames[(h >>> 24) % group.familyNames.length]}`;
    } else {
      artist = `${MUSIC_NOUNS[(h >>> 18) % MUSIC_NOUNS.length]} ${ARTIST_WORDS[(h >>> 23) % ARTIST_WORDS.length]}`;
    }
    return { title, artist, durationSeconds: 90 + (hashInts(h, 1) % 150) };
  }
}

export function trackOfPost(pc: PlatformCreators, index: number, post: number): number {
  const catalogue = pc.musicCatalogue;
  return catalogue.trackOfSlot(Math.imul(index, catalogue.p) + Math.imul(post, catalogue.q) + catalogue.r);
}

function urls(musicId: string): { coverUrl: string; playUrl: string } {
  return {
    coverUrl: `${CDN_HOST}/music/${musicId}/cover.jpg`,
    playUrl: `${CDN_HOST}/music/${musicId}/audio.m4a`,
  };
}

export function music(pc: PlatformCreators, musicId: string): Music | null {
  if (pc.platform === 'youtube') return null;
  const key = pc.codec.decodeMusic(pc.platform, musicId.trim(), TRACK_COUNT);
  if (key === null) return null;
  if (key.kind === 'track') {
    const track = pc.musicCatalogue.track(key.track);
    return { id: musicId.trim(), ...track, isOriginal: false, sourcePost: null, ...urls(musicId.trim()) };
  }
  if (
    key.post >= pc.postCount(key.index) ||
    !hasSound(pc, key.index, key.post) ||
    !usesOriginalSound(pc, key.index, key.post)
  ) {
    return null;
  }
  const post = pc.post(key.index, key.post);
  if (post === null) return null;
  const handle = pc.username(key.index);
  return {
    id: musicId.trim(),
    title: pc.platform === 'instagram' ? 'Original audio' : `original sound - ${handle}`,
    artist: pc.platform === 'instagram' ? pc.fullname(key.index) : handle,
    isOriginal: true,
    durationSeconds: post.durationSeconds,
    sourcePost: { index: key.index, post: key.post },
    ...urls(musicId.trim()),
  };
}

export function postsWithMusic(
  pc: PlatformCreators,
  musicId: string,
  offset: number,
  limit: number,
): Page<Post> {
  if (pc.platform === 'youtube') return { items: [], nextOffset: null, total: 0 };
  const key = pc.codec.decodeMusic(pc.platform, musicId.trim(), TRACK_COUNT);
  if (key === null) return { items: [], nextOffset: null, total: 0 };
  if (key.kind === 'original') {
    const found = music(pc, musicId) === null ? null : pc.post(key.index, key.post);
    const items = found === null || offset > 0 ? [] : [found];
    return { items, nextOffset: null, total: found === null ? 0 : 1 };
  }
  const catalogue = pc.musicCatalogue;
  const items: Post[] = [];
  let found = 0;
  const wanted = offset + limit;
  for (let post = 0; post < MUSIC_SCAN_POSTS && found < wanted; post++) {
    for (const slot of catalogue.slotsOf(key.track)) {
      for (
        let index = catalogue.indexBaseFor(slot, post);
        index < pc.size && found < wanted;
        index += SLOTS
      ) {
        if (post >= pc.postCount(index) || (pc.columns.flags[index] & FLAG.private) !== 0) continue;
        if (!hasSound(pc, index, post) || usesOriginalSound(pc, index, post)) continue;
        if (found >= offset) {
          const derived = pc.post(index, post);
          if (derived !== null) items.push(derived);
        }
        found++;
      }
      if (found >= wanted) break;
    }
  }
  const next = offset + items.length;
  return { items, nextOffset: found >= wanted ? next : null, total: null };
}
