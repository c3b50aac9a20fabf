import { BRANDS_PER_CREATOR, INTERESTS_PER_CREATOR } from './columns';
import { DAY_MS, PLATFORM_CODE } from './generate-core';
import type { PlatformCreators } from './platform-creators';
import { hashInts } from './random';
import type { PostType } from './types';

/**
 * The cheap properties of a post (type, date, topic, sponsor, sound), each from a hash of (seed,
 * platform, creator, position), so that feeds can be scanned for reels, sponsored posts or a date
 * range without building captions.
 */

const UNIT = 4294967296;

function postHash(pc: PlatformCreators, index: number, post: number, salt: number): number {
  return hashInts(pc.context.seedKey, PLATFORM_CODE[pc.platform], index, salt, post);
}

/** A per-creator fraction in [0, 1) for a purpose (its reel share, its shorts share...). */
function creatorFraction(pc: PlatformCreators, index: number, salt: number): number {
  return hashInts(pc.context.seedKey, PLATFORM_CODE[pc.platform], index, salt) / UNIT;
}

export function postType(pc: PlatformCreators, index: number, post: number): PostType {
  const u = postHash(pc, index, post, 0x7e) / UNIT;
  if (pc.platform === 'tiktok') return 'video';
  if (pc.platform === 'instagram') {
    const reels = 0.15 + 0.45 * creatorFraction(pc, index, 0x7e1);
    const carousels = 0.15 + 0.2 * creatorFraction(pc, index, 0x7e2);
    return u < reels ? 'reel' : u < reels + carousels ? 'carousel' : 'photo';
  }
  const shorts = 0.6 * creatorFraction(pc, index, 0x7e1);
  const lives = creatorFraction(pc, index, 0x7e3) < 0.2 ? 0.1 * creatorFraction(pc, index, 0x7e2) : 0;
  return u < lives ? 'live' : u < lives + shorts ? 'short' : 'video';
}

export function isVideoType(type: PostType): boolean {
  return type === 'reel' || type === 'video' || type === 'short' || type === 'live';
}

/** Publication time: evenly spaced back from the newest post, with jitter that keeps the order. */
export function postCreatedAt(pc: PlatformCreators, index: number, post: number): number {
  const gapMs = (30 / pc.columns.postingFrequency[index]) * DAY_MS;
  const jitter = post === 0 ? 0 : (postHash(pc, index, post, 0x71) / UNIT) * 0.8 * gapMs;
  return Math.round(pc.columns.lastPostedAt[index] - post * gapMs - jitter);
}

/** The interest a post is about: mostly the creator's main one. */
export function postInterest(pc: PlatformCreators, index: number, post: number): number {
  const c = pc.columns;
  const base = index * INTERESTS_PER_CREATOR;
  const weights = [0.6, 0.25, 0.15];
  let total = 0;
  for (let k = 0; k < INTERESTS_PER_CREATOR; k++) if (c.interests[base + k] !== 0) total += weights[k];
  let u = (postHash(pc, index, post, 0x1a) / UNIT) * total;
  for (let k = 0; k < INTERESTS_PER_CREATOR; k++) {
    if (c.interests[base + k] === 0) continue;
    u -= weights[k];
    if (u < 0) return c.interests[base + k];
  }
  return c.interests[base];
}

/** The sponsoring brand id of a post, or 0 when it is not sponsored. */
export function postSponsor(pc: PlatformCreators, index: number, post: number): number {
  const share = pc.columns.sponsoredShare[index];
  if (share <= 0) return 0;
  const h = postHash(pc, index, post, 0x5b);
  if (h / UNIT >= share) return 0;
  const base = index * BRANDS_PER_CREATOR;
  let count = 0;
  while (count < BRANDS_PER_CREATOR && pc.columns.brands[base + count] !== 0) count++;
  return count === 0 ? 0 : pc.columns.brands[base + (mixHigh(h) % count)];
}

function mixHigh(h: number): number {
  return hashInts(h, 0x5b5b);
}

/** Whether a video post uses its creator's original sound (else a catalogue track). */
export function usesOriginalSound(pc: PlatformCreators, index: number, post: number): boolean {
  return postHash(pc, index, post, 0x50) / UNIT < 0.4;
}

/** Whether a post carries a sound at all: Instagram reels and TikTok videos. */
export function hasSound(pc: PlatformCreators, index: number, post: number): boolean {
  return pc.platform === 'tiktok' || (pc.platform === 'instagram' && postType(pc, index, post) === 'reel');
}
