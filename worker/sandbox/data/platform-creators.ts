import type { Platform } from '../../../shared/platforms';
import { deriveAudience, audienceWeight, type AudienceDimension } from './audience';
import {
  ACCOUNT_TYPE_CODE,
  AUDIENCE_AGE_SLOTS,
  AUDIENCE_TOP_COUNTRIES,
  AUDIENCE_TOP_INTERESTS,
  AUDIENCE_TOP_LANGUAGES,
  BRANDS_PER_CREATOR,
  type CreatorColumns,
  FLAG,
  GENDER_CODE,
  GROWTH_SLOTS,
  INTERESTS_PER_CREATOR,
  KIND,
  SHARE_UNITS,
} from './columns';
import {
  brandPosts,
  findBrandCollaborators,
  sponsoredPosts,
  type CollaborationFilter,
  type CollaborationPage,
} from './collaborations';
import { comment, comments, replies } from './comments';
import { deriveDetails } from './details';
import { CDN_HOST, type Brand, type Dictionaries } from './dictionaries';
import {
  accountCreatedAt,
  brandIndexOffset,
  firstPersonIndex,
  type GeneratorContext,
  generatePlatformCore,
} from './generate-core';
import { type CommentKey, IdCodec, type PostKey } from './id-codec';
import { Lru } from './lru';
import { music, postsWithMusic, type MusicCatalogue } from './music';
import type { PersonSpace } from './persons';
import { postType } from './post-traits';
import { derivePost, postsOfType, postsWithHashtag } from './posts';
import { hashInts } from './random';
import { tokenize } from './text-model';
import { featuringCreators, InterestLists, similarCreators, taggedPosts } from './relations';
import { deriveStatHistory } from './stat-history';
import {
  AGE_GROUPS,
  AI_ACCOUNT_TYPES,
  type Audience,
  type AudienceSummary,
  type Comment,
  type Creator,
  type CreatorDetails,
  type CreatorKind,
  GROWTH_INTERVALS,
  type GrowthInterval,
  type InstagramAccountType,
  type Music,
  type Playlist,
  type Post,
  type PostType,
  type StatHistoryEntry,
  type SubtitleLine,
  type UserSummary,
} from './types';
import { playlists, playlist, playlistVideos, subtitles } from './youtube-extras';

const KIND_NAME: Record<number, CreatorKind> = {
  [KIND.person]: 'person',
  [KIND.brand]: 'brand',
  [KIND.platform]: 'platform',
};
const ACCOUNT_TYPE_NAME: Record<number, InstagramAccountType> = {
  [ACCOUNT_TYPE_CODE.Regular]: 'Regular',
  [ACCOUNT_TYPE_CODE.Business]: 'Business',
  [ACCOUNT_TYPE_CODE.Creator]: 'Creator',
};

/** A page of derived items and whether more follow. */
export interface Page<T> {
  readonly items: readonly T[];
  /** Offset of the next page, or null at the end. */
  readonly nextOffset: number | null;
  /** Total number of items when it is known cheaply, else null. */
  readonly total: number | null;
}

/**
 * The creators of one platform: the eager compact core (columns), lookups, and every
 * lazily derived part (details, posts, audience, history, comments, relations, music, playlists,
 * collaborations). Indexes run from 0 to size - 1. Every method is deterministic: the same world
 * answers the same call identically, whatever was asked before.
 */
export class PlatformCreators {
  readonly platform: Platform;
  readonly size: number;
  /** Typed columns of the compact core, for scans in search. Do not write to them. */
  readonly columns: CreatorColumns;
  readonly dictionaries: Dictionaries;
  readonly codec: IdCodec;
  /** Reference time of the world (epoch ms): "now" for every derived date. */
  readonly now: number;
  /** Index of the first person account (lower indexes are the platform account and brands). */
  readonly firstPersonIndex: number;
  readonly interestLists: InterestLists;

  private readonly brandHandles = new Map<string, number>();
  private readonly usernames: (string | undefined)[];
  private readonly bioWordCache: (string | undefined)[];
  private readonly fullnames: (string | undefined)[];
  private readonly detailsCache = new Lru<number, CreatorDetails>(500);
  private readonly audienceCache = new Lru<number, Audience>(200);
  private readonly postCache = new Lru<string, Post>(5_000);
  private readonly collaboratorCache = new Lru<number, Int32Array>(64);
  private followerOrder: Int32Array | null = null;

  constructor(
    readonly context: GeneratorContext,
    readonly persons: PersonSpace,
    readonly musicCatalogue: MusicCatalogue,
    codec: IdCodec,
  ) {
    const columns = generatePlatformCore(context);
    this.platform = context.platform;
    this.size = context.size;
    this.columns = columns;
    this.dictionaries = context.dictionaries;
    this.codec = codec;
    this.now = context.now;
    this.firstPersonIndex = firstPersonIndex(context.platform, context.dictionaries.brands.length);
    for (const brand of this.dictionaries.brands) this.brandHandles.set(brand.username, brand.id);
    this.bioWordCache = new Array<string | undefined>(this.size);
    this.usernames = new Array<string | undefined>(this.size);
    this.fullnames = new Array<string | undefined>(this.size);
    this.interestLists = new InterestLists(columns);
  }

  // ---- identity ------------------------------------------------------------------------------

  kind(index: number): CreatorKind {
    return KIND_NAME[this.columns.kind[index]];
  }

  /** The brand of a brand account, else undefined. */
  brandOf(index: number): Brand | undefined {
    return this.columns.kind[index] === KIND.brand
      ? this.dictionaries.brands[index - brandIndexOffset(this.platform)]
      : undefined;
  }

  /** The brand account's index of a brand on this platform. */
  brandAccountIndex(brandId: number): number {
    const position = this.dictionaries.brands.findIndex((brand) => brand.id === brandId);
    return position < 0 ? -1 : brandIndexOffset(this.platform) + position;
  }

  userId(index: number): string {
    return this.codec.userId(this.platform, index);
  }

  /** The handle (lower case, no @); memoised. */
  username(index: number): string {
    let name = this.usernames[index];
    if (name === undefined) {
      const brand = this.brandOf(index);
      const personId = this.columns.personId[index];
      name =
        brand !== undefined ? brand.username : personId >= 0 ? this.persons.handle(personId) : 'instagram';
      this.usernames[index] = name;
    }
    return name;
  }

  /** TikTok's secUid; null on other platforms. */
  secUid(index: number): string | null {
    return this.platform === 'tiktok' ? this.codec.secUid(index) : null;
  }

  url(index: number): string {
    const handle = this.username(index);
    if (this.platform === 'instagram') return `https://www.instagram.com/${handle}/`;
    if (this.platform === 'tiktok') return `https://www.tiktok.com/@${handle}`;
    return `https://www.youtube.com/channel/${this.userId(index)}`;
  }

  picture(index: number): string {
    return `${CDN_HOST}/${this.platform}/avatars/${this.userId(index)}.jpg`;
  }

  fullname(index: number): string {
    const cached = this.fullnames[index];
    if (cached !== undefined) return cached;
    let name: string;
    const brand = this.brandOf(index);
    const personId = this.columns.personId[index];
    if (brand !== undefined) name = brand.name;
    else if (personId < 0) name = 'Instagram';
    else {
      const person = this.persons.person(personId);
      const { name: given, word } = this.persons.handleParts(personId);
      if (person.aiAccountType === 'group_creator') {
        const friends = this.persons.givenNames.filter(
          (entry) => entry.group === given.group && entry !== given,
        );
        const friend = friends[hashInts(personId, 0xf1e) % Math.max(1, friends.length)] ?? given;
        name = `${person.givenName} & ${friend.display}`;
      } else if (person.aiAccountType === 'anonymous_content') {
        name = `${capitalize(given.ascii)} ${capitalize(word)}`;
      } else {
        name = `${person.givenName} ${person.familyName}`;
      }
    }
    this.fullnames[index] = name;
    return name;
  }

  /** Index of a platform user id (or TikTok secUid), or -1. */
  indexOfUserId(userId: string): number {
    const index = this.codec.userIndex(this.platform, userId.trim());
    if (index >= 0) return index;
    return this.platform === 'tiktok' ? this.codec.secUidIndex(userId.trim()) : -1;
  }

  /** Index of a handle, case-insensitive, with or without '@', or -1. */
  indexOfUsername(username: string): number {
    const handle = username.trim().replace(/^@/, '').toLowerCase();
    if (this.platform === 'instagram' && handle === 'instagram') return 0;
    const brandId = this.brandHandles.get(handle);
    if (brandId !== undefined) return this.brandAccountIndex(brandId);
    const personId = this.persons.parseHandle(handle);
    if (personId < 0) return -1;
    const index = this.persons.indexOf(this.platform, personId);
    return index >= this.firstPersonIndex && index < this.size ? index : -1;
  }

  /**
   * Index of whatever identifies a creator: a user id, a secUid, a handle (with or without '@', any
   * case) or a profile URL of the platform. -1 when nothing matches.
   */
  resolve(idHandleOrUrl: string): number {
    let text = idHandleOrUrl.trim();
    const url = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:instagram\.com|tiktok\.com|youtube\.com)\/(.+)$/i.exec(
      text,
    );
    if (url !== null) {
      const parts = url[1].split(/[/?#]/).filter((part) => part.length > 0);
      const head = parts[0] ?? '';
      text = ['channel', 'c', 'user'].includes(head.toLowerCase()) ? (parts[1] ?? '') : head;
    }
    if (text.length === 0) return -1;
    const byId = this.indexOfUserId(text);
    return byId >= 0 ? byId : this.indexOfUsername(text);
  }

  /** The searchable data of a creator as one object. */
  creator(index: number): Creator {
    const c = this.columns;
    const interestIds: number[] = [];
    for (let k = 0; k < INTERESTS_PER_CREATOR; k++) {
      const id = c.interests[index * INTERESTS_PER_CREATOR + k];
      if (id !== 0) interestIds.push(id);
    }
    const brandIds: number[] = [];
    for (let k = 0; k < BRANDS_PER_CREATOR; k++) {
      const id = c.brands[index * BRANDS_PER_CREATOR + k];
      if (id !== 0) brandIds.push(id);
    }
    const growth: Partial<Record<GrowthInterval, number>> = {};
    for (let k = 0; k < GROWTH_SLOTS; k++) {
      const value = c.growth[index * GROWTH_SLOTS + k];
      if (!Number.isNaN(value)) growth[GROWTH_INTERVALS[k]] = value;
    }
    const flags = c.flags[index];
    const country = this.dictionaries.location(c.countryId[index]);
    const brand = this.brandOf(index);
    const aiAccountType = AI_ACCOUNT_TYPES[c.aiAccountType[index]];
    const followers = c.followers[index];
    return {
      platform: this.platform,
      index,
      kind: this.kind(index),
      brandId: brand?.id ?? null,
      userId: this.userId(index),
      username: this.username(index),
      fullname: this.fullname(index),
      url: this.url(index),
      picture: this.picture(index),
      secUid: this.secUid(index),
      followers,
      following: c.following[index],
      engagements: c.engagements[index],
      engagementRate: c.engagements[index] / followers,
      avgLikes: c.avgLikes[index],
      avgComments: c.avgComments[index],
      avgViews: c.avgViews[index],
      avgReelsPlays: c.avgReelsPlays[index],
      avgShares: c.avgShares[index],
      avgSaves: c.avgSaves[index],
      totalLikes: c.avgLikes[index] * c.postsCount[index],
      postsCount: c.postsCount[index],
      postingFrequency: c.postingFrequency[index],
      lastPostedAt: c.lastPostedAt[index],
      accountCreatedAt: Math.round(accountCreatedAt(c, index)),
      isPrivate: (flags & FLAG.private) !== 0,
      isVerified: (flags & FLAG.verified) !== 0,
      hasEmail: (flags & FLAG.hasEmail) !== 0,
      hasSponsoredPosts: (flags & FLAG.hasSponsoredPosts) !== 0,
      hasYouTube: (flags & FLAG.hasYouTube) !== 0,
      gender:
        c.gender[index] === GENDER_CODE.male
          ? 'MALE'
          : c.gender[index] === GENDER_CODE.female
            ? 'FEMALE'
            : null,
      ageGroup: c.ageGroup[index] === 0 ? null : AGE_GROUPS[c.ageGroup[index] - 1],
      countryId: c.countryId[index],
      countryCode: country?.countryCode ?? '',
      cityId: c.cityId[index] === 0 ? null : c.cityId[index],
      language: this.dictionaries.languages[c.language[index]].code,
      interestIds,
      brandIds,
      accountType: ACCOUNT_TYPE_NAME[c.accountType[index]],
      aiAccountType,
      accountCategory:
        brand !== undefined || this.kind(index) === 'platform'
          ? 'Brand'
          : (this.dictionaries.interestProfile(interestIds[0])?.category ?? 'Creator'),
      followersGrowthRate: growth,
      sponsoredShare: c.sponsoredShare[index],
      audience: this.audienceSummary(index),
    };
  }

  /** The compact audience of the core (top entries only). */
  audienceSummary(index: number): AudienceSummary {
    const c = this.columns;
    const ages = AGE_GROUPS.map((code, slot) => ({
      key: code,
      weight: c.audienceAges[index * AUDIENCE_AGE_SLOTS + slot] / SHARE_UNITS,
    })).filter((entry) => !(this.platform === 'tiktok' && entry.key === '13-17'));
    const top = <K>(
      keys: ArrayLike<number>,
      weights: ArrayLike<number>,
      count: number,
      key: (raw: number) => K,
    ) => {
      const entries: { key: K; weight: number }[] = [];
      for (let k = 0; k < count; k++) {
        const units = weights[index * count + k];
        if (units > 0) entries.push({ key: key(keys[index * count + k]), weight: units / SHARE_UNITS });
      }
      return entries;
    };
    return {
      credibility: c.audienceCredibility[index] / SHARE_UNITS,
      male: c.audienceMale[index] / SHARE_UNITS,
      ages,
      countries: top(c.audienceCountries, c.audienceCountryWeights, AUDIENCE_TOP_COUNTRIES, (id) => id),
      languages: top(
        c.audienceLanguages,
        c.audienceLanguageWeights,
        AUDIENCE_TOP_LANGUAGES,
        (position) => this.dictionaries.languages[position].code,
      ),
      interests: top(c.audienceInterests, c.audienceInterestWeights, AUDIENCE_TOP_INTERESTS, (id) => id),
    };
  }

  /** A short description of a creator (lookalikes, notable users, users dictionary, e-mail matches). */
  summary(index: number): UserSummary {
    const c = this.columns;
    return {
      platform: this.platform,
      index,
      userId: this.userId(index),
      username: this.username(index),
      fullname: this.fullname(index),
      picture: this.picture(index),
      url: this.url(index),
      followers: c.followers[index],
      engagements: c.engagements[index],
      engagementRate: c.engagements[index] / c.followers[index],
      averageViews: c.avgViews[index],
      isVerified: (c.flags[index] & FLAG.verified) !== 0,
      isPrivate: (c.flags[index] & FLAG.private) !== 0,
    };
  }

  /** All indexes sorted by followers, largest first (ties by index); built once on first use. */
  byFollowersDesc(): Int32Array {
    if (this.followerOrder === null) {
      const followers = this.columns.followers;
      const order = new Int32Array(this.size);
      for (let i = 0; i < this.size; i++) order[i] = i;
      order.sort((a, b) => followers[b] - followers[a] || a - b);
      this.followerOrder = order;
    }
    return this.followerOrder;
  }

  // ---- profile text --------------------------------------------------------------------------

  details(index: number): CreatorDetails {
    return this.detailsCache.get(index, () => deriveDetails(this, index));
  }

  /** The bio (derived on demand; see `bioWords` for scans). */
  bio(index: number): string {
    return this.details(index).bio;
  }

  /**
   * The words of the bio, lower case, each surrounded by single spaces (" fitness coach miami "),
   * so that a bio filter's exact-word test is `bioWords(i).includes(" word ")`. Memoised per
   * creator: the first scan of a platform derives every bio once, later scans are cheap.
   */
  bioWords(index: number): string {
    let words = this.bioWordCache[index];
    if (words === undefined) {
      // One join (not a template) so that V8 stores a flat string rather than a rope.
      words = ['', ...tokenize(this.details(index).bio), ''].join(' ');
      this.bioWordCache[index] = words;
    }
    return words;
  }

  // ---- posts ---------------------------------------------------------------------------------

  /** Posts of a creator: positions 0 (newest) to postsCount - 1. */
  postCount(index: number): number {
    return this.columns.postsCount[index];
  }

  /** The kind of a post, cheap (no caption is built): for scans by type. */
  postType(index: number, post: number): PostType {
    return postType(this, index, post);
  }

  post(index: number, post: number): Post | null {
    if (index < 0 || index >= this.size || post < 0 || post >= this.postCount(index)) return null;
    return this.postCache.get(`${index}:${post}`, () => derivePost(this, index, post));
  }

  /** A page of a creator's feed, newest first. */
  posts(index: number, offset: number, limit: number): Page<Post> {
    const total = this.postCount(index);
    const items: Post[] = [];
    for (let j = Math.max(0, offset); j < total && items.length < limit; j++) {
      const post = this.post(index, j);
      if (post !== null) items.push(post);
    }
    const next = Math.max(0, offset) + items.length;
    return { items, nextOffset: next < total ? next : null, total };
  }

  /** A page of a creator's posts of some types only (reels, shorts, lives...), newest first. */
  postsOfType(index: number, types: readonly PostType[], offset: number, limit: number): Page<Post> {
    return postsOfType(this, index, types, offset, limit);
  }

  /** A post by id, Instagram shortcode or "pk_userId" media id; null when it does not exist. */
  findPost(idOrCode: string): Post | null {
    const key = this.codec.decodePost(this.platform, idOrCode.trim());
    return key === null ? null : this.post(key.index, key.post);
  }

  postKeyOf(idOrCode: string): PostKey | null {
    return this.codec.decodePost(this.platform, idOrCode.trim());
  }

  /** Posts carrying a hashtag (curated: creators of the tag's interests, biggest first). */
  postsWithHashtag(tag: string, offset: number, limit: number): Page<Post> {
    return postsWithHashtag(this, tag, offset, limit);
  }

  // ---- audience and history ------------------------------------------------------------------

  audience(index: number): Audience {
    return this.audienceCache.get(index, () => deriveAudience(this, index));
  }

  /**
   * Share of a creator's audience in one item of a dimension: a location id (country or city), a
   * language code, an interest id, an age group or a gender. Top entries come from the core; the
   * rest from the full audience. Returns 0 when the item is absent.
   */
  audienceWeight(index: number, dimension: AudienceDimension, key: string | number): number {
    return audienceWeight(this, index, dimension, key);
  }

  statHistory(index: number): StatHistoryEntry[] {
    return deriveStatHistory(this, index);
  }

  // ---- comments ------------------------------------------------------------------------------

  /** A page of a post's top-level comments, newest first. Total is the post's comment count. */
  comments(post: Post, offset: number, limit: number): Page<Comment> {
    return comments(this, post, offset, limit);
  }

  /** A page of replies to a top-level comment. */
  replies(parent: Comment, offset: number, limit: number): Page<Comment> {
    return replies(this, parent, offset, limit);
  }

  /** A comment or reply by id, or null. */
  findComment(commentId: string): Comment | null {
    const key: CommentKey | null = this.codec.decodeComment(this.platform, commentId.trim());
    return key === null ? null : comment(this, key);
  }

  // ---- relations -----------------------------------------------------------------------------

  /** Posts of other creators that tag (and mention) this one, newest first. */
  taggedPosts(index: number, offset: number, limit: number): Page<Post> {
    return taggedPosts(this, index, offset, limit);
  }

  /** Creators with at least one post featuring (tagging and mentioning) this one. */
  featuringCreators(index: number): number[] {
    return featuringCreators(this, index);
  }

  /** Creators of this platform similar to a creator of any platform (same interests, size, country). */
  similarTo(source: Creator, limit: number, salt = 0): UserSummary[] {
    return similarCreators(this, source, limit, salt).map((index) => this.summary(index));
  }

  /** Indexes of creators whose main interest is `interestId`, biggest first. */
  creatorsWithMainInterest(interestId: number): Int32Array {
    return this.interestLists.byFollowers(interestId);
  }

  // ---- music ---------------------------------------------------------------------------------

  /** A sound by id (Instagram audio / TikTok music), or null. */
  music(musicId: string): Music | null {
    return music(this, musicId);
  }

  /** Posts using a sound: its source post for an original sound, others for catalogue tracks. */
  postsWithMusic(musicId: string, offset: number, limit: number): Page<Post> {
    return postsWithMusic(this, musicId, offset, limit);
  }

  // ---- TikTok challenges ---------------------------------------------------------------------

  /** The challenge id of a hashtag (any platform's hashtag list), or null when it is unknown. */
  challengeId(tag: string): string | null {
    const position = this.dictionaries.hashtagPosition(this.platform, tag);
    return position < 0 ? null : this.codec.challengeId(position);
  }

  /** The hashtag (without #) of a challenge id, or null. */
  challengeTag(challengeId: string): string | null {
    const position = this.codec.decodeChallenge(challengeId.trim());
    return this.dictionaries.hashtags(this.platform)[position] ?? null;
  }

  // ---- YouTube -------------------------------------------------------------------------------

  playlists(index: number): Playlist[] {
    return playlists(this, index);
  }

  playlist(playlistId: string): Playlist | null {
    return playlist(this, playlistId);
  }

  playlistVideos(playlistId: string, offset: number, limit: number): Page<Post> {
    return playlistVideos(this, playlistId, offset, limit);
  }

  /** Subtitles of a video (YouTube), built from its topic; empty for photos. */
  subtitles(post: Post): SubtitleLine[] {
    return subtitles(this, post);
  }

  // ---- collaborations ------------------------------------------------------------------------

  /** A creator's sponsored posts, newest first, optionally for one brand and a time range. */
  sponsoredPosts(index: number, filter: CollaborationFilter = {}): CollaborationPage {
    return sponsoredPosts(this, index, filter);
  }

  /** Creators that work with a brand (it is in their brand list), biggest first. */
  brandCollaborators(brandId: number): Int32Array {
    return this.collaboratorCache.get(brandId, () => findBrandCollaborators(this, brandId));
  }

  /** Sponsored posts of all creators for one brand, newest first. */
  brandPosts(brandId: number, filter: CollaborationFilter = {}): CollaborationPage {
    return brandPosts(this, brandId, filter);
  }
}

function capitalize(word: string): string {
  return word.length === 0 ? word : word[0].toUpperCase() + word.slice(1);
}
