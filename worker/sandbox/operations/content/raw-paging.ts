import { RAW_PAGE_SIZES } from '../../../../shared/limits';
import { hashInts, hashString } from '../../data/random';
import { SandboxError } from '../../sandbox-error';
import {
  decodeCursor,
  encodeCursor,
  foreignCursor,
  invalidCursor,
  scopeKey,
  wholeNumberField,
} from './opaque-cursor';

/**
 * Page sizes of the raw feeds, and the two cursors that are not plain feed offsets (feed-cursor.ts):
 * Instagram's non-sequential comment pages and YouTube's self-contained comment cursors.
 */

/** The spec's page sizes, and the sandbox's choices where it names none (marked "chosen"). */
export const RAW_FEED_PAGE_SIZE = {
  /** Spec: Instagram user feed 12. Chosen: the other Instagram media feeds page alike. */
  igMedia: RAW_PAGE_SIZES.igUserFeed,
  /** Spec: comments and replies 20, on every platform. */
  comments: RAW_PAGE_SIZES.comments,
  /** Spec: "up to 30" posts. */
  tiktokMusicFeed: RAW_PAGE_SIZES.tiktokMusicFeedMax,
  /** Chosen, like the music feed. */
  tiktokChallengeFeed: 30,
  /** Chosen. */
  tiktokSearchUsers: 10,
  youtubeVideos: RAW_PAGE_SIZES.youtubeUploadedVideos,
  youtubeShorts: RAW_PAGE_SIZES.youtubeUploadedShorts,
  youtubeLives: RAW_PAGE_SIZES.youtubeUploadedLives,
  youtubePlaylist: RAW_PAGE_SIZES.youtubePlaylistVideos,
} as const;

/** Spec: the TikTok user feed's "page size varies". Chosen: 15 to 30, fixed per (creator, offset). */
export const TIKTOK_USER_FEED_MIN = 15;
export const TIKTOK_USER_FEED_MAX = 30;

export function tiktokUserFeedPageSize(creatorIndex: number, offset: number): number {
  const span = TIKTOK_USER_FEED_MAX - TIKTOK_USER_FEED_MIN + 1;
  return TIKTOK_USER_FEED_MIN + (hashInts(creatorIndex, offset, 0x7f33d) % span);
}

/*
 * Instagram media comments: "Pagination is not sequential; pages are dynamic and may come in any
 * order, so the cursors must be tracked" (spec). The sandbox serves a post's comment pages (20
 * each, newest first inside a page) in a permuted order: step k of the walk serves page
 * (a * k + b) mod pages, with a coprime to the page count and b > 0, both from the post id. The
 * walk still visits every page exactly once, and the first answer is never the newest page, so a
 * client that assumes order (or stops early, or builds cursors) is caught.
 */

/** The page served at `step` of the walk over `pageCount` pages of the post `postId`. */
export function igCommentPageAt(postId: string, pageCount: number, step: number): number {
  if (pageCount <= 1) return 0;
  const { a, b } = igCommentPermutation(postId, pageCount);
  return (a * step + b) % pageCount;
}

function igCommentPermutation(postId: string, pageCount: number): { a: number; b: number } {
  const h = hashString(`ig-comment-pages:${postId}`);
  let a = 1 + (h % pageCount);
  while (greatestCommonDivisor(a, pageCount) !== 1) a = (a % pageCount) + 1;
  const b = 1 + (hashInts(h, 0xb) % (pageCount - 1));
  return { a, b };
}

function greatestCommonDivisor(x: number, y: number): number {
  let a = x;
  let b = y;
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

export function igCommentsCursor(postId: string, step: number): string {
  return encodeCursor(['igc', scopeKey(postId), step]);
}

/** The walk step an Instagram comments cursor stands for; 0 without a cursor. */
export function igCommentsStep(cursor: string | undefined, postId: string): number {
  if (cursor === undefined) return 0;
  const fields = decodeCursor(cursor);
  const step = wholeNumberField(fields?.[2]);
  if (fields === null || fields.length !== 3 || fields[0] !== 'igc' || step === null) {
    throw invalidCursor('after', cursor);
  }
  if (fields[1] !== scopeKey(postId)) throw foreignCursor('after', "post's comments");
  return step;
}

/*
 * YouTube comments and replies take nothing but a cursor (spec: the first comments cursor comes
 * from video info, the first replies cursor from a comment), so their cursors carry the video or
 * comment they page, besides the offset.
 */

export function youtubeCommentsCursor(videoId: string, offset: number): string {
  return encodeCursor(['ytc', videoId, offset]);
}

export function youtubeRepliesCursor(commentId: string, offset: number): string {
  return encodeCursor(['ytr', commentId, offset]);
}

/** What a YouTube comments (`ytc`) or replies (`ytr`) cursor points at. */
export function readYoutubeCursor(cursor: string, kind: 'ytc' | 'ytr'): { target: string; offset: number } {
  const fields = decodeCursor(cursor);
  const offset = wholeNumberField(fields?.[2]);
  if (
    fields === null ||
    fields.length !== 3 ||
    offset === null ||
    (fields[0] !== 'ytc' && fields[0] !== 'ytr')
  ) {
    throw invalidCursor('cursor', cursor);
  }
  if (fields[0] !== kind) {
    throw new SandboxError(
      'bad_request',
      kind === 'ytc'
        ? 'cursor pages the replies of a comment; send it to /raw/youtube/video-comment-replies'
        : "cursor pages a video's comments; send it to /raw/youtube/video-comments",
    );
  }
  return { target: fields[1], offset };
}
