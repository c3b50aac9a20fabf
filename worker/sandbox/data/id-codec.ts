import type { Platform } from '../../../shared/platforms';
import { hashInts, mix32 } from './random';

/**
 * Every id in the world (users, posts, shortcodes, comments, music, playlists, challenges) encodes
 * what it points at, scrambled with the seed so it looks like a platform id. Decoding needs no
 * global index: a raw route given `media-info?code=...` finds the creator and the post from the
 * code alone. A decoder returns a candidate, then re-encodes it and compares, so a foreign or
 * mistyped id is rejected instead of landing on a random creator.
 *
 * Payloads stay below 2^53 so that plain numbers carry them exactly (ids are built for every post
 * of every page served; BigInt would make that several times slower).
 */

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL_VALUE = new Map([...BASE64URL].map((char, value) => [char, value]));

/** Bits of the post position inside a post key: a creator has at most 16,383 posts. */
const POST_INDEX_BITS = 14;
export const MAX_POSTS_PER_CREATOR = 2 ** POST_INDEX_BITS - 1;
/** Comments per post and replies per comment that ids can address. */
export const MAX_COMMENTS_PER_POST = 2 ** 20 - 1;
export const MAX_REPLIES_PER_COMMENT = 2 ** 8 - 2;

/** The Instagram account of Instagram itself keeps its real id, as the spec's free test report uses it. */
export const INSTAGRAM_ACCOUNT_USER_ID = '25025320';

const PLATFORM_CODE: Record<Platform, number> = { instagram: 1, tiktok: 2, youtube: 3 };
const SEC_UID_PREFIX = 'MS4wLjABAAAA';
/** Post ids carry the payload times this, plus a check value below it. */
const POST_CHECK = 101;
const MUSIC_CHECK = 7;
const CHALLENGE_CHECK = 1_000_003;

/** Modular inverse of an odd number modulo 2^32 (Newton's iteration). */
function inverseOdd(a: number): number {
  let inverse = a;
  for (let i = 0; i < 5; i++) inverse = Math.imul(inverse, 2 - Math.imul(a, inverse));
  return inverse >>> 0;
}

const PERM_A = 0x7feb352d;
const PERM_B = 0x846ca68b;
const PERM_A_INV = inverseOdd(PERM_A);
const PERM_B_INV = inverseOdd(PERM_B);

function unXorShiftRight(value: number, shift: number): number {
  let result = value;
  for (let s = shift; s < 32; s += shift) result = value ^ (result >>> shift);
  return result >>> 0;
}

/** A keyed bijection on 32-bit integers: scrambles indexes into id-looking numbers. */
export function permute32(value: number, key: number): number {
  let x = (value ^ key) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, PERM_A) >>> 0;
  x ^= x >>> 15;
  x = Math.imul(x, PERM_B) >>> 0;
  x ^= x >>> 16;
  return x >>> 0;
}

export function unpermute32(value: number, key: number): number {
  let x = unXorShiftRight(value >>> 0, 16);
  x = Math.imul(x, PERM_B_INV) >>> 0;
  x = unXorShiftRight(x, 15);
  x = Math.imul(x, PERM_A_INV) >>> 0;
  x = unXorShiftRight(x, 16);
  return (x ^ key) >>> 0;
}

/** Base64url digits of a whole number below 2^53, left-padded to `length`. */
function toBase64Url(value: number, length: number): string {
  let text = '';
  let rest = value;
  for (let i = 0; i < length; i++) {
    text = BASE64URL[rest % 64] + text;
    rest = Math.floor(rest / 64);
  }
  return text;
}

function fromBase64Url(text: string): number | null {
  let value = 0;
  for (const char of text) {
    const digit = BASE64URL_VALUE.get(char);
    if (digit === undefined) return null;
    value = value * 64 + digit;
  }
  return value;
}

/** Pseudo-random base64url characters derived from a hash, to pad ids to their usual length. */
function padding(hash: number, length: number): string {
  let text = '';
  let h = hash;
  for (let i = 0; i < length; i++) {
    h = mix32(h + i);
    text += BASE64URL[h & 63];
  }
  return text;
}

function digits(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

/** A whole number from exactly `length` decimal digits at `start`, or null. */
function readDigits(text: string, start: number, length: number): number | null {
  const part = text.slice(start, start + length);
  return part.length === length && /^\d+$/.test(part) ? Number(part) : null;
}

/** Low 32 bits of a whole number below 2^53, for hashing. */
function low32(value: number): number {
  return (value % 4294967296) >>> 0;
}

/** What a post id points at. */
export interface PostKey {
  readonly index: number;
  readonly post: number;
}

/** What a comment id points at; `reply` is -1 for a top-level comment. */
export interface CommentKey extends PostKey {
  readonly comment: number;
  readonly reply: number;
}

/** A sound: a catalogue track, or the original sound of one post. */
type MusicKey =
  { readonly kind: 'track'; readonly track: number } | ({ readonly kind: 'original' } & PostKey);

export class IdCodec {
  private readonly keys: Record<Platform, number>;

  constructor(
    seedKey: number,
    private readonly size: number,
  ) {
    this.keys = {
      instagram: hashInts(seedKey, PLATFORM_CODE.instagram, 0x1d),
      tiktok: hashInts(seedKey, PLATFORM_CODE.tiktok, 0x1d),
      youtube: hashInts(seedKey, PLATFORM_CODE.youtube, 0x1d),
    };
  }

  private validIndex(index: number): boolean {
    return Number.isInteger(index) && index >= 0 && index < this.size;
  }

  /** Two decimal digits derived from a payload, so ids do not all start alike. */
  private lead(platform: Platform, payload: number, salt: number): string {
    return digits(
      hashInts(low32(payload), Math.floor(payload / 4294967296), this.keys[platform], salt) % 100,
      2,
    );
  }

  // ---- users ---------------------------------------------------------------------------------

  userId(platform: Platform, index: number): string {
    const scrambled = permute32(index, this.keys[platform]);
    if (platform === 'instagram') {
      return index === 0 ? INSTAGRAM_ACCOUNT_USER_ID : String(1_000_000_000 + scrambled);
    }
    if (platform === 'tiktok') {
      // 19 digits: "6", five check digits, then the scrambled index.
      return `6${digits(hashInts(scrambled, this.keys.tiktok, 0x51) % 100_000, 5)}${digits(scrambled, 13)}`;
    }
    return `UC${toBase64Url(scrambled, 6)}${padding(hashInts(scrambled, this.keys.youtube), 16)}`;
  }

  /** The creator index of a user id, or -1. */
  userIndex(platform: Platform, userId: string): number {
    let scrambled: number | null = null;
    if (platform === 'instagram') {
      if (userId === INSTAGRAM_ACCOUNT_USER_ID) return 0;
      if (/^\d{10}$/.test(userId)) scrambled = Number(userId) - 1_000_000_000;
    } else if (platform === 'tiktok') {
      if (/^6\d{18}$/.test(userId)) scrambled = readDigits(userId, 6, 13);
    } else if (/^UC[A-Za-z0-9_-]{22}$/.test(userId)) {
      scrambled = fromBase64Url(userId.slice(2, 8));
    }
    if (scrambled === null || scrambled < 0 || scrambled > 0xffffffff) return -1;
    const index = unpermute32(scrambled, this.keys[platform]);
    return this.validIndex(index) && this.userId(platform, index) === userId ? index : -1;
  }

  /** TikTok's secondary user id. */
  secUid(index: number): string {
    const scrambled = permute32(index, this.keys.tiktok ^ 0x5ec);
    return `${SEC_UID_PREFIX}${toBase64Url(scrambled, 6)}${padding(hashInts(scrambled, 0x5ec), 58)}`;
  }

  secUidIndex(secUid: string): number {
    if (!secUid.startsWith(SEC_UID_PREFIX) || secUid.length !== SEC_UID_PREFIX.length + 64) return -1;
    const value = fromBase64Url(secUid.slice(SEC_UID_PREFIX.length, SEC_UID_PREFIX.length + 6));
    if (value === null) return -1;
    const index = unpermute32(value, this.keys.tiktok ^ 0x5ec);
    return this.validIndex(index) && this.secUid(index) === secUid ? index : -1;
  }

  // ---- posts ---------------------------------------------------------------------------------

  /** The scrambled creator index and the post position in one number below 2^46. */
  private postPayload(platform: Platform, key: PostKey): number {
    return permute32(key.index, this.keys[platform]) * 2 ** POST_INDEX_BITS + key.post;
  }

  private postFromPayload(platform: Platform, payload: number): PostKey | null {
    if (!Number.isSafeInteger(payload) || payload < 0) return null;
    const post = payload % 2 ** POST_INDEX_BITS;
    const scrambled = Math.floor(payload / 2 ** POST_INDEX_BITS);
    if (scrambled > 0xffffffff) return null;
    const index = unpermute32(scrambled, this.keys[platform]);
    return this.validIndex(index) ? { index, post } : null;
  }

  /** Payload and check digits of a numeric post id: below 2^53. */
  private postNumber(platform: Platform, payload: number): number {
    return payload * POST_CHECK + (hashInts(low32(payload), this.keys[platform], 0xc0de) % POST_CHECK);
  }

  /**
   * The id of a post: Instagram pk and TikTok video id are 19 digits ("3" or "7", two digits, then
   * the payload); a YouTube video id is 11 base64url characters.
   */
  postId(platform: Platform, key: PostKey): string {
    const payload = this.postPayload(platform, key);
    if (platform === 'youtube') {
      return toBase64Url(payload, 8) + padding(hashInts(low32(payload), this.keys.youtube, 0xf1d), 3);
    }
    const number = this.postNumber(platform, payload);
    return `${platform === 'instagram' ? '3' : '7'}${this.lead(platform, payload, 0x1ead)}${digits(number, 16)}`;
  }

  /** Instagram's shortcode (11 base64url characters, as in instagram.com/p/CODE); other platforms use the id. */
  postCode(platform: Platform, key: PostKey): string {
    if (platform !== 'instagram') return this.postId(platform, key);
    const payload = this.postPayload(platform, key);
    const first = BASE64URL[2 + (hashInts(low32(payload), this.keys.instagram, 0xc0) % 2)];
    return first + toBase64Url(this.postNumber(platform, payload), 10);
  }

  /** Decode a post id or shortcode (Instagram also takes "pk_userId" media ids), or null. */
  decodePost(platform: Platform, idOrCode: string): PostKey | null {
    let payload: number | null = null;
    let text = idOrCode;
    if (platform === 'youtube') {
      if (/^[A-Za-z0-9_-]{11}$/.test(text)) payload = fromBase64Url(text.slice(0, 8));
    } else {
      if (platform === 'instagram' && /^\d{19}_\d+$/.test(text)) text = text.slice(0, 19);
      let number: number | null = null;
      if (/^\d{19}$/.test(text)) number = readDigits(text, 3, 16);
      else if (platform === 'instagram' && /^[A-Za-z0-9_-]{11}$/.test(text))
        number = fromBase64Url(text.slice(1));
      if (number !== null) payload = Math.floor(number / POST_CHECK);
    }
    const candidate = payload === null ? null : this.postFromPayload(platform, payload);
    if (candidate === null) return null;
    const matches = text === this.postId(platform, candidate) || text === this.postCode(platform, candidate);
    return matches ? candidate : null;
  }

  // ---- comments ------------------------------------------------------------------------------

  commentId(platform: Platform, key: CommentKey): string {
    const payload = this.postPayload(platform, key);
    const part = key.comment * 256 + key.reply + 1;
    if (platform === 'youtube') return `Ugz${toBase64Url(payload, 8)}${toBase64Url(part, 5)}`;
    return `${platform === 'instagram' ? '17' : '7'}${digits(payload, 14)}${digits(part, 9)}`;
  }

  decodeComment(platform: Platform, commentId: string): CommentKey | null {
    let payload: number | null = null;
    let part: number | null = null;
    if (platform === 'youtube') {
      if (/^Ugz[A-Za-z0-9_-]{13}$/.test(commentId)) {
        payload = fromBase64Url(commentId.slice(3, 11));
        part = fromBase64Url(commentId.slice(11));
      }
    } else {
      const prefix = platform === 'instagram' ? '17' : '7';
      if (commentId.startsWith(prefix) && commentId.length === prefix.length + 23) {
        payload = readDigits(commentId, prefix.length, 14);
        part = readDigits(commentId, prefix.length + 14, 9);
      }
    }
    if (payload === null || part === null) return null;
    const post = this.postFromPayload(platform, payload);
    if (post === null) return null;
    const key = { ...post, comment: Math.floor(part / 256), reply: (part % 256) - 1 };
    return this.commentId(platform, key) === commentId ? key : null;
  }

  // ---- music ---------------------------------------------------------------------------------

  musicId(platform: Platform, key: MusicKey): string {
    const payload = key.kind === 'track' ? key.track * 2 : this.postPayload(platform, key) * 2 + 1;
    const number =
      payload * MUSIC_CHECK + (hashInts(low32(payload), this.keys[platform], 0x3a) % MUSIC_CHECK);
    return platform === 'instagram' ? `18${digits(number, 16)}` : `69${digits(number, 17)}`;
  }

  decodeMusic(platform: Platform, musicId: string, trackCount: number): MusicKey | null {
    const shape = platform === 'instagram' ? /^18\d{16}$/ : /^69\d{17}$/;
    if (!shape.test(musicId)) return null;
    const number = Number(musicId.slice(2));
    const payload = Math.floor(number / MUSIC_CHECK);
    let key: MusicKey | null = null;
    if (payload % 2 === 0) {
      const track = payload / 2;
      if (track < trackCount) key = { kind: 'track', track };
    } else {
      const post = this.postFromPayload(platform, (payload - 1) / 2);
      if (post !== null) key = { kind: 'original', ...post };
    }
    return key !== null && this.musicId(platform, key) === musicId ? key : null;
  }

  // ---- YouTube playlists -----------------------------------------------------------------------

  playlistId(index: number, playlist: number): string {
    const payload = permute32(index, this.keys.youtube ^ 0x91) * 64 + playlist;
    return `PL${toBase64Url(payload, 7)}${padding(hashInts(low32(payload), 0x91), 25)}`;
  }

  decodePlaylist(playlistId: string): { index: number; playlist: number } | null {
    if (!/^PL[A-Za-z0-9_-]{32}$/.test(playlistId)) return null;
    const payload = fromBase64Url(playlistId.slice(2, 9));
    if (payload === null) return null;
    const index = unpermute32(Math.floor(payload / 64) >>> 0, this.keys.youtube ^ 0x91);
    const playlist = payload % 64;
    if (!this.validIndex(index)) return null;
    return this.playlistId(index, playlist) === playlistId ? { index, playlist } : null;
  }

  // ---- TikTok challenges (hashtags) --------------------------------------------------------------

  /** Challenge id of the hashtag at `position` in the platform's hashtag list. */
  challengeId(position: number): string {
    return String(
      (position + 1) * CHALLENGE_CHECK + (hashInts(position, this.keys.tiktok, 0xc4) % CHALLENGE_CHECK),
    );
  }

  /** Position in the hashtag list, or -1. */
  decodeChallenge(challengeId: string): number {
    if (!/^\d{7,15}$/.test(challengeId)) return -1;
    const position = Math.floor(Number(challengeId) / CHALLENGE_CHECK) - 1;
    return position >= 0 && this.challengeId(position) === challengeId ? position : -1;
  }
}
