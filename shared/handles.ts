import type { Platform } from './platforms';

/**
 * Reads what people paste into a "creator" cell: `name`, `@name`, a profile URL of Instagram, TikTok
 * or YouTube (with or without scheme, `www.` or `m.`, trailing slashes, query strings), or a
 * platform id (numeric Instagram and TikTok ids, YouTube `UC` channel ids).
 *
 * Rules worth knowing:
 * - a URL says its platform; a URL of another platform than the hint is an error, never a silent
 *   switch, because the row would then bill a report on the wrong network;
 * - an input that says nothing about its platform takes the hint, else `defaultPlatform`, else it
 *   is an error asking which platform;
 * - all digits is an id on Instagram and TikTok; `@` in front forces a username (`@12345`);
 * - a 24-character `UC...` channel id means YouTube unless the hint says otherwise;
 * - usernames are lowercased (the platforms treat them case-insensitively, and the cache key must
 *   not depend on how someone typed them); ids are kept exactly as given.
 * No `URL` global: Apps Script V8 lacks it, so URLs are taken apart with regular expressions.
 */

export type HandleKind = 'username' | 'id';

export interface ParsedHandle {
  readonly ok: true;
  readonly platform: Platform;
  /** Lowercase username without `@`, or the id as given. */
  readonly handle: string;
  readonly kind: HandleKind;
  /** The input as read (trimmed text). */
  readonly input: string;
}

export interface HandleParseFailure {
  readonly ok: false;
  readonly blank: false;
  /** A sentence for the cell, e.g. `"instagram.com/" is not a profile URL`. */
  readonly error: string;
  readonly input: string;
}

/** An empty cell: not an error, so that callers keep one (blank) output row per input row. */
export interface BlankHandle {
  readonly ok: false;
  readonly blank: true;
  readonly input: string;
}

export type HandleParseResult = ParsedHandle | HandleParseFailure | BlankHandle;

export interface ParseHandleOptions {
  /** The platform for inputs that do not reveal one; unlike the hint, a URL may override it. */
  readonly defaultPlatform?: Platform;
}

export const YOUTUBE_CHANNEL_ID_PATTERN = /^UC[A-Za-z0-9_-]{22}$/;

const PLATFORM_NAMES = 'instagram, tiktok or youtube';
const MAX_QUOTED_CHARS = 80;

/** What a username may hold on each platform, and how long it may be. */
const USERNAME_RULES: Readonly<Record<Platform, { readonly allowed: RegExp; readonly maxLength: number }>> = {
  instagram: { allowed: /^[a-z0-9._]$/, maxLength: 30 },
  tiktok: { allowed: /^[a-z0-9._]$/, maxLength: 24 },
  // Handles allow letters of any script; legacy /c/ names are longer than the 30 of a handle.
  youtube: { allowed: /^[\p{L}\p{N}\p{M}._-]$/u, maxLength: 100 },
};

/** Instagram paths that are not profiles. */
const INSTAGRAM_POST_PATHS = ['p', 'reel', 'tv'];
const INSTAGRAM_RESERVED_PATHS = [
  'reels',
  'explore',
  'accounts',
  'direct',
  'about',
  'legal',
  'developer',
  'web',
  'challenge',
  'emails',
  'session',
  'oauth',
  'api',
  'graphql',
  'privacy',
  'ar',
];
const YOUTUBE_VIDEO_PATHS = ['watch', 'shorts', 'live', 'embed', 'v', 'clip'];
const YOUTUBE_RESERVED_PATHS = [
  'playlist',
  'feed',
  'results',
  'hashtag',
  'gaming',
  'premium',
  'account',
  'about',
  't',
  'redirect',
  'post',
  'channels',
  'music',
  'kids',
  'signin',
];

/** Scheme, host and the rest of something that looks like a URL. */
const URL_PATTERN = /^(?:([a-z][a-z0-9+.-]*):\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?::\d+)?([/?#].*)?$/i;

export function parseHandle(
  input: unknown,
  platformHint?: Platform,
  options: ParseHandleOptions = {},
): HandleParseResult {
  if (typeof input === 'number') return parseNumber(input, platformHint, options);
  const text = typeof input === 'string' ? cleanText(input) : input == null ? '' : null;
  if (text === null) return failure(String(input), `${quote(String(input))} is not a handle or profile URL`);
  if (text === '') return { ok: false, blank: true, input: text };

  const url = URL_PATTERN.exec(text);
  if (
    url &&
    (url[1] !== undefined || url[3] !== undefined || platformOfHost(url[2].toLowerCase()) !== null)
  ) {
    return parseUrl(text, url[2].toLowerCase(), url[3] ?? '', platformHint);
  }
  return parsePlain(text, platformHint, options);
}

/** The platform named in a cell or a query: `instagram`, `ig`, `TikTok`, `tt`, `YouTube`, `yt`. */
export function parsePlatform(value: unknown): Platform | null {
  if (typeof value !== 'string') return null;
  const name = value.trim().toLowerCase();
  if (name === 'instagram' || name === 'ig') return 'instagram';
  if (name === 'tiktok' || name === 'tt') return 'tiktok';
  if (name === 'youtube' || name === 'yt') return 'youtube';
  return null;
}

/** The public profile address of an account, or null when an id alone cannot form one. */
export function profileUrl(platform: Platform, handle: string, kind: HandleKind = 'username'): string | null {
  if (handle === '') return null;
  if (platform === 'youtube') {
    return kind === 'id' ? `https://www.youtube.com/channel/${handle}` : `https://www.youtube.com/@${handle}`;
  }
  if (kind === 'id') return null;
  return platform === 'instagram'
    ? `https://www.instagram.com/${handle}/`
    : `https://www.tiktok.com/@${handle}`;
}

/* ------------------------------------------------------------------ details */

/** Trims, and drops the invisible characters that copying from web pages drags along. */
function cleanText(text: string): string {
  return text
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .replace(/\u00A0/g, ' ')
    .trim();
}

function parseNumber(
  value: number,
  hint: Platform | undefined,
  options: ParseHandleOptions,
): HandleParseResult {
  const text = String(value);
  if (!Number.isSafeInteger(value) || value < 0) {
    return failure(
      text,
      `${quote(text)} is not an account id: long ids lose digits as numbers, so format the column as plain text`,
    );
  }
  return parsePlain(text, hint, options);
}

function parsePlain(
  text: string,
  hint: Platform | undefined,
  options: ParseHandleOptions,
): HandleParseResult {
  const forcedUsername = text.charAt(0) === '@';
  const name = forcedUsername ? text.slice(1) : text;
  if (name === '') return failure(text, `${quote(text)} is not a handle`);

  if (
    !forcedUsername &&
    YOUTUBE_CHANNEL_ID_PATTERN.test(name) &&
    (hint === undefined || hint === 'youtube')
  ) {
    return { ok: true, platform: 'youtube', handle: name, kind: 'id', input: text };
  }
  const platform = hint ?? options.defaultPlatform;
  if (platform === undefined) {
    return failure(text, `Say which platform: ${PLATFORM_NAMES}`);
  }
  if (!forcedUsername && /^\d+$/.test(name) && platform !== 'youtube') {
    return { ok: true, platform, handle: name, kind: 'id', input: text };
  }
  return username(text, platform, name);
}

function parseUrl(text: string, host: string, rest: string, hint: Platform | undefined): HandleParseResult {
  const platform = platformOfHost(host);
  if (platform === null) {
    return failure(text, `${quote(text)} is not an Instagram, TikTok or YouTube URL`);
  }
  if (host === 'youtu.be') return failure(text, `${quote(text)} is a video link, not a channel URL`);
  if (/^v[mt]\.tiktok\.com$/.test(host)) {
    return failure(text, `${quote(text)} is a short link: open it and paste the profile URL instead`);
  }
  if (hint !== undefined && hint !== platform) {
    return failure(text, `${quote(text)} is a ${platform} URL, but the platform is ${hint}`);
  }
  const segments = pathSegments(rest);
  if (segments === null) return failure(text, `${quote(text)} is not a profile URL`);
  if (platform === 'instagram') return instagramUrl(text, segments);
  if (platform === 'tiktok') return tiktokUrl(text, segments);
  return youtubeUrl(text, segments);
}

function instagramUrl(text: string, segments: string[]): HandleParseResult {
  const first = (segments[0] ?? '').toLowerCase();
  if (INSTAGRAM_POST_PATHS.indexOf(first) >= 0) {
    return failure(text, `${quote(text)} is a post URL, not a profile URL`);
  }
  // A story link names its account: instagram.com/stories/name/123.
  if (first === 'stories' && segments[1] !== undefined) return username(text, 'instagram', segments[1]);
  if (first === '' || INSTAGRAM_RESERVED_PATHS.indexOf(first) >= 0 || first === 'stories') {
    return failure(text, `${quote(text)} is not a profile URL`);
  }
  return username(text, 'instagram', segments[0]);
}

function tiktokUrl(text: string, segments: string[]): HandleParseResult {
  const first = segments[0] ?? '';
  // tiktok.com/@name/video/123 names its account, so a video link is as good as the profile.
  if (first.charAt(0) === '@' && first.length > 1) return username(text, 'tiktok', first.slice(1));
  return failure(text, `${quote(text)} is not a profile URL (TikTok profiles read tiktok.com/@name)`);
}

function youtubeUrl(text: string, segments: string[]): HandleParseResult {
  const first = segments[0] ?? '';
  const lower = first.toLowerCase();
  if (first.charAt(0) === '@' && first.length > 1) return username(text, 'youtube', first.slice(1));
  if (lower === 'channel') {
    const id = segments[1] ?? '';
    if (YOUTUBE_CHANNEL_ID_PATTERN.test(id))
      return { ok: true, platform: 'youtube', handle: id, kind: 'id', input: text };
    return failure(text, `${quote(text)} does not hold a channel id (UC followed by 22 characters)`);
  }
  if ((lower === 'c' || lower === 'user') && segments[1] !== undefined)
    return username(text, 'youtube', segments[1]);
  if (YOUTUBE_VIDEO_PATHS.indexOf(lower) >= 0)
    return failure(text, `${quote(text)} is a video link, not a channel URL`);
  if (lower === '' || lower === 'c' || lower === 'user' || YOUTUBE_RESERVED_PATHS.indexOf(lower) >= 0) {
    return failure(text, `${quote(text)} is not a channel URL`);
  }
  // youtube.com/name: a legacy custom URL, still served by YouTube.
  return username(text, 'youtube', first);
}

function username(text: string, platform: Platform, raw: string): HandleParseResult {
  const name = raw.toLowerCase();
  const rule = USERNAME_RULES[platform];
  const problem = usernameProblem(name, rule.allowed, rule.maxLength);
  if (problem !== null) return failure(text, `${quote(text)} is not a valid ${platform} handle: ${problem}`);
  return { ok: true, platform, handle: name, kind: 'username', input: text };
}

function usernameProblem(name: string, allowed: RegExp, maxLength: number): string | null {
  if (name === '') return 'the name is missing';
  if (/\s/.test(name)) return 'it contains a space';
  for (const char of Array.from(name)) {
    if (!allowed.test(char)) return `${quote(char)} is not allowed`;
  }
  if (Array.from(name).length > maxLength) return `longer than ${maxLength} characters`;
  return null;
}

function platformOfHost(host: string): Platform | null {
  if (isHostOf(host, 'instagram.com') || isHostOf(host, 'instagr.am')) return 'instagram';
  if (isHostOf(host, 'tiktok.com')) return 'tiktok';
  if (isHostOf(host, 'youtube.com') || host === 'youtu.be') return 'youtube';
  return null;
}

function isHostOf(host: string, domain: string): boolean {
  return host === domain || host.slice(-(domain.length + 1)) === `.${domain}`;
}

/** The decoded, non-empty path segments before any query or fragment; null when undecodable. */
function pathSegments(rest: string): string[] | null {
  const path = rest.split(/[?#]/)[0] ?? '';
  const segments: string[] = [];
  for (const part of path.split('/')) {
    if (part === '') continue;
    try {
      segments.push(decodeURIComponent(part));
    } catch {
      return null;
    }
  }
  return segments;
}

function failure(input: string, error: string): HandleParseFailure {
  return { ok: false, blank: false, error, input };
}

function quote(text: string): string {
  const chars = Array.from(text);
  return chars.length > MAX_QUOTED_CHARS
    ? `"${chars.slice(0, MAX_QUOTED_CHARS - 1).join('')}…"`
    : `"${text}"`;
}
