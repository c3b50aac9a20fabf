import { PLATFORMS, type Platform } from '../../../shared/platforms';
import { AudienceModel } from './audience-model';
import { BRANDS_PER_CREATOR, FLAG, INTERESTS_PER_CREATOR } from './columns';
import { Dictionaries } from './dictionaries';
import { firstPersonIndex } from './generate-core';
import { IdCodec } from './id-codec';
import { MusicCatalogue } from './music';
import { OverlapModel } from './overlap';
import { PersonSpace } from './persons';
import { PlatformCreators } from './platform-creators';
import { hashString } from './random';
import type { Creator, CreatorRef, OverlapResult, UserSummary } from './types';

interface WorldOptions {
  /** Same seed, same world. Default `DEFAULT_SEED`. */
  readonly seed?: string | number;
  /** Creators on each platform. Default 20,000; at least `MIN_CREATORS_PER_PLATFORM`. */
  readonly creatorsPerPlatform?: number;
  /**
   * "Now" of the world (epoch ms): every date (posts, comments, history months, last posted) is
   * placed relative to it. Default `DEFAULT_NOW`, fixed so that a seed always gives the same data;
   * a server may pass the start of the current UTC day to keep the data looking fresh.
   */
  readonly now?: number;
}

export const DEFAULT_SEED = 'creator-sheets';
export const DEFAULT_CREATORS_PER_PLATFORM = 20_000;
export const MIN_CREATORS_PER_PLATFORM = 500;
export const MAX_CREATORS_PER_PLATFORM = 2_000_000;
const DEFAULT_NOW = Date.UTC(2026, 10, 1);

/** A popular tag or mention with its estimated number of posts. */
export interface TagCount {
  readonly tag: string;
  readonly postCount: number;
}

/**
 * The generated world: dictionaries and the creators of the three platforms, built once at
 * start-up (the compact core) and derived lazily after that (everything else).
 */
export class World {
  readonly seed: string | number;
  readonly creatorsPerPlatform: number;
  readonly now: number;
  readonly dictionaries: Dictionaries;
  readonly instagram: PlatformCreators;
  readonly tiktok: PlatformCreators;
  readonly youtube: PlatformCreators;

  private readonly persons: PersonSpace;
  private readonly overlapModel: OverlapModel;
  private emailIndex: Map<string, { kind: 'person' | 'brand'; id: number }> | null = null;
  private readonly hashtagCountCache = new Map<Platform, TagCount[]>();
  private readonly mentionCountCache = new Map<Platform, TagCount[]>();

  constructor(options: WorldOptions = {}) {
    this.seed = options.seed ?? DEFAULT_SEED;
    const size = options.creatorsPerPlatform ?? DEFAULT_CREATORS_PER_PLATFORM;
    if (!Number.isInteger(size) || size < MIN_CREATORS_PER_PLATFORM || size > MAX_CREATORS_PER_PLATFORM) {
      throw new Error(
        `creatorsPerPlatform must be a whole number from ${MIN_CREATORS_PER_PLATFORM} to ${MAX_CREATORS_PER_PLATFORM}, got ${size}`,
      );
    }
    const now = options.now ?? DEFAULT_NOW;
    if (!Number.isFinite(now)) throw new Error(`now must be a time in epoch milliseconds, got ${now}`);
    this.creatorsPerPlatform = size;
    this.now = now;
    const seedKey = hashString(`seed:${String(this.seed)}`);
    this.dictionaries = new Dictionaries();
    this.persons = new PersonSpace(seedKey, this.dictionaries);
    const audienceModel = new AudienceModel(this.dictionaries);
    const codec = new IdCodec(seedKey, size);
    const music = new MusicCatalogue(seedKey);
    const build = (platform: Platform) =>
      new PlatformCreators(
        {
          seedKey,
          platform,
          size,
          now,
          dictionaries: this.dictionaries,
          persons: this.persons,
          audienceModel,
        },
        this.persons,
        music,
        codec,
      );
    this.instagram = build('instagram');
    this.tiktok = build('tiktok');
    this.youtube = build('youtube');
    this.overlapModel = new OverlapModel(this.dictionaries);
  }

  platform(platform: Platform): PlatformCreators {
    return platform === 'instagram' ? this.instagram : platform === 'tiktok' ? this.tiktok : this.youtube;
  }

  creator(ref: CreatorRef): Creator {
    return this.platform(ref.platform).creator(ref.index);
  }

  /** A creator by user id, handle (any case, with or without @) or profile URL; null when unknown. */
  resolve(platform: Platform, idHandleOrUrl: string): CreatorRef | null {
    const index = this.platform(platform).resolve(idHandleOrUrl);
    return index < 0 ? null : { platform, index };
  }

  /**
   * Accounts whose public e-mail is `email` (case-insensitive, trimmed), on every platform: a
   * person's e-mail is shared by all its accounts. The index is built on first use and only
   * answers lookups; it never lists or logs addresses.
   */
  findByEmail(email: string): CreatorRef[] {
    const entry = this.emails().get(email.trim().toLowerCase());
    if (entry === undefined) return [];
    const refs: CreatorRef[] = [];
    for (const platform of PLATFORMS) {
      const pc = this.platform(platform);
      const index =
        entry.kind === 'brand' ? pc.brandAccountIndex(entry.id) : this.persons.indexOf(platform, entry.id);
      if (index < 0 || index >= pc.size) continue;
      if (entry.kind === 'person' && (index < pc.firstPersonIndex || pc.columns.personId[index] !== entry.id))
        continue;
      if ((pc.columns.flags[index] & FLAG.hasEmail) !== 0) refs.push({ platform, index });
    }
    return refs;
  }

  private emails(): Map<string, { kind: 'person' | 'brand'; id: number }> {
    if (this.emailIndex !== null) return this.emailIndex;
    const index = new Map<string, { kind: 'person' | 'brand'; id: number }>();
    for (const brand of this.dictionaries.brands)
      index.set(`hello@${brand.domain}`, { kind: 'brand', id: brand.id });
    for (const platform of PLATFORMS) {
      const pc = this.platform(platform);
      for (let i = pc.firstPersonIndex; i < pc.size; i++) {
        if ((pc.columns.flags[i] & FLAG.hasEmail) === 0) continue;
        const personId = pc.columns.personId[i];
        index.set(this.persons.email(personId), { kind: 'person', id: personId });
      }
    }
    this.emailIndex = index;
    return index;
  }

  /** The same person's (or brand's) accounts on the other platforms. */
  otherAccounts(ref: CreatorRef): CreatorRef[] {
    const source = this.platform(ref.platform);
    const refs: CreatorRef[] = [];
    const brand = source.brandOf(ref.index);
    const personId = source.columns.personId[ref.index];
    for (const platform of PLATFORMS) {
      if (platform === ref.platform) continue;
      const pc = this.platform(platform);
      let index = -1;
      if (brand !== undefined) index = pc.brandAccountIndex(brand.id);
      else if (personId >= 0) {
        const candidate = this.persons.indexOf(platform, personId);
        if (candidate >= firstPersonIndex(platform, this.dictionaries.brands.length) && candidate < pc.size)
          index = candidate;
      }
      if (index >= 0) refs.push({ platform, index });
    }
    return refs;
  }

  /** Audience overlap of creators (same platform expected; one entry per ref, in order). */
  audienceOverlap(refs: readonly CreatorRef[]): OverlapResult {
    return this.overlapModel.overlap(
      { instagram: this.instagram, tiktok: this.tiktok, youtube: this.youtube },
      refs,
    );
  }

  /**
   * Creators of `target` similar to all sources together (AI lookalikes): each source proposes its
   * nearest creators; those proposed by more sources and ranked higher come first.
   */
  lookalikes(sources: readonly CreatorRef[], target: Platform, limit: number): UserSummary[] {
    const scores = new Map<number, number>();
    const excluded = new Set(sources.filter((ref) => ref.platform === target).map((ref) => ref.index));
    for (const ref of sources) {
      const creator = this.creator(ref);
      const candidates = this.platform(target).similarTo(creator, Math.max(limit, 50));
      candidates.forEach((summary, rank) => {
        if (excluded.has(summary.index)) return;
        scores.set(summary.index, (scores.get(summary.index) ?? 0) + 1 / (1 + rank));
      });
    }
    const pc = this.platform(target);
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([index]) => pc.summary(index));
  }

  /** Hashtags of a platform with estimated post counts, most used first (`/ai/hashtags`). */
  hashtagCounts(platform: Platform): readonly TagCount[] {
    let counts = this.hashtagCountCache.get(platform);
    if (counts === undefined) {
      const pc = this.platform(platform);
      const postsByInterest = new Map<number, number>();
      let allPosts = 0;
      for (let i = 0; i < pc.size; i++) {
        const interest = pc.columns.interests[i * INTERESTS_PER_CREATOR];
        postsByInterest.set(interest, (postsByInterest.get(interest) ?? 0) + pc.columns.postsCount[i]);
        allPosts += pc.columns.postsCount[i];
      }
      const platformTags = this.dictionaries.platformHashtags(platform);
      counts = this.dictionaries.hashtags(platform).map((tag) => {
        let postCount = platformTags.includes(tag) ? (allPosts * 0.4) / platformTags.length : 0;
        for (const interest of this.dictionaries.interestsOfHashtag(tag)) {
          const tags = this.dictionaries.interestProfile(interest)?.hashtags.length ?? 5;
          // Main-interest posts are 60% of a feed and carry about 3.5 of their interest's tags.
          postCount += ((postsByInterest.get(interest) ?? 0) * 0.6 * 3.5) / tags;
        }
        return { tag, postCount: Math.round(postCount) };
      });
      counts.sort((a, b) => b.postCount - a.postCount || (a.tag < b.tag ? -1 : 1));
      this.hashtagCountCache.set(platform, counts);
    }
    return counts;
  }

  /** Handles most mentioned in captions (brands and big creators), most first (`/ai/mentions`). */
  mentionCounts(platform: Platform): readonly TagCount[] {
    let counts = this.mentionCountCache.get(platform);
    if (counts === undefined) {
      const pc = this.platform(platform);
      const byBrand = new Map<number, number>();
      for (let i = pc.firstPersonIndex; i < pc.size; i++) {
        const share = pc.columns.sponsoredShare[i];
        if (share <= 0) continue;
        let brands = 0;
        while (brands < BRANDS_PER_CREATOR && pc.columns.brands[i * BRANDS_PER_CREATOR + brands] !== 0)
          brands++;
        for (let k = 0; k < brands; k++) {
          const id = pc.columns.brands[i * BRANDS_PER_CREATOR + k];
          byBrand.set(id, (byBrand.get(id) ?? 0) + (pc.columns.postsCount[i] * share) / brands);
        }
      }
      const brandCounts = this.dictionaries.brands.map((brand) => ({
        tag: brand.username,
        postCount: Math.round(byBrand.get(brand.id) ?? 0),
      }));
      // Creators are featured by peers in proportion to nothing but chance: use their reach as the estimate.
      const creatorCounts = Array.from(pc.byFollowersDesc().subarray(0, 1000))
        .filter((index) => index >= pc.firstPersonIndex)
        .map((index) => ({
          tag: pc.username(index),
          postCount: Math.max(1, Math.round(pc.columns.followers[index] / 20_000)),
        }));
      counts = [...brandCounts, ...creatorCounts]
        .filter((entry) => entry.postCount > 0)
        .sort((a, b) => b.postCount - a.postCount || (a.tag < b.tag ? -1 : 1));
      this.mentionCountCache.set(platform, counts);
    }
    return counts;
  }
}

/** Build the world (the HTTP layer calls this once at start-up). */
export function createWorld(options: WorldOptions = {}): World {
  return new World(options);
}
