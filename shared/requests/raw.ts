import { z } from 'zod';
import type { OperationId, RawOperationId } from '../operations';
import { optionalQueryText, text } from './fields';

/**
 * Query strings of the Raw operations (`GET /raw/...`). The spec details two of them
 * (media-comments: `code` + `after`; user-tags-feed: `url` + `after`) and api-notes says an account
 * is always given as `url` (a handle with @, or a user id). The rest follow the obvious parameter of
 * each resource, noted per operation. Page cursors are `after` on Instagram (the previous
 * `end_cursor`) and `cursor` on TikTok and YouTube, optional except where a page only exists
 * through a cursor.
 */

const query = <T extends z.core.$ZodLooseShape>(shape: T) => z.looseObject(shape);

/** `type` of the Instagram hashtag feed. */
export const RAW_HASHTAG_FEED_TYPES = ['top', 'recent'] as const;

/**
 * A parameter this product first sent under another name, read under the service's name and never
 * sent: `{ [older]: v }` becomes `{ [name]: v }`; the service's name wins when both are given.
 */
function renamedParam(older: string, name: string) {
  return (input: unknown): unknown => {
    if (typeof input !== 'object' || input === null || Array.isArray(input) || !(older in input))
      return input;
    const { [older]: value, ...rest } = input as Record<string, unknown>;
    return rest[name] === undefined || rest[name] === '' ? { ...rest, [name]: value } : rest;
  };
}

/**
 * Raw Instagram search takes `keyword` (api-notes "Seen from the real service": without it the
 * service answers "Search keyword undefined"). Sheets and sidebars made before this was known send
 * `query`: it is read as `keyword` and never sent.
 */
const searchKeyword = () => z.preprocess(renamedParam('query', 'keyword'), query({ keyword: text() }));

/** An account: a handle with @ or a platform user id. */
const account = { url: text() };
const after = { after: optionalQueryText() };
const cursor = { cursor: optionalQueryText() };

export const RAW_QUERY_SCHEMAS = {
  // Instagram
  /** Users and hashtags matching `keyword`. */
  rawIgSearch: searchKeyword(),
  /** Hashtags matching `keyword`: its parameter is not published, and is taken to be search's. */
  rawIgSearchHashtags: searchKeyword(),
  rawIgUserInfo: query({ ...account }),
  /** 12 posts per page. */
  rawIgUserFeed: query({ ...account, ...after }),
  rawIgUserReels: query({ ...account, ...after }),
  /** Spec: `url` required (username with @ or user id), `after` optional. */
  rawIgUserTagsFeed: query({ ...account, ...after }),
  /**
   * The hashtag, with or without its #, as `hashtag`; `type` picks top or recent posts (api-notes
   * "Seen from the real service": without `hashtag` the service answers "Hashtag undefined").
   * Sheets written before this was known say `tag`: it is read as `hashtag` and never sent.
   */
  rawIgHashtagFeed: z.preprocess(
    renamedParam('tag', 'hashtag'),
    query({
      hashtag: text(),
      // Empty means the service's default, as every optional query value here.
      type: z.preprocess(
        (value) => (value === '' ? undefined : value),
        z.enum(RAW_HASHTAG_FEED_TYPES).optional(),
      ),
      ...after,
    }),
  ),
  /** A post by its shortcode. */
  rawIgMediaInfo: query({ code: text() }),
  /** Spec: `code` required (post shortcode), `after` optional. */
  rawIgMediaComments: query({ code: text(), ...after }),
  /** Replies to one comment (`comment_id`) of the post `code`. */
  rawIgMediaCommentReplies: query({ code: text(), comment_id: text(), ...after }),
  /** An audio track by id. */
  rawIgAudioInfo: query({ id: text() }),

  // TikTok
  rawTiktokUserInfo: query({ ...account }),
  /** Page size varies. */
  rawTiktokUserFeed: query({ ...account, ...cursor }),
  /** A challenge (hashtag) by name. */
  rawTiktokChallengeFeed: query({ name: text(), ...cursor }),
  rawTiktokChallengeInfo: query({ name: text() }),
  /** Comments of a video, given by its URL or id. */
  rawTiktokComments: query({ url: text(), ...cursor }),
  /** Replies to one comment (`comment_id`) of the video `url`. */
  rawTiktokCommentsReplies: query({ url: text(), comment_id: text(), ...cursor }),
  /** A sound by id. */
  rawTiktokMusicInfo: query({ id: text() }),
  /** Up to 30 posts using the sound `id`. */
  rawTiktokMusicFeed: query({ id: text(), ...cursor }),
  rawTiktokSearchUsers: query({ query: text(), ...cursor }),
  /** A video by its URL (or id). */
  rawTiktokMediaInfo: query({ url: text() }),
  rawTiktokMediaDownload: query({ url: text() }),

  // YouTube
  /** A channel by handle with @, channel id or URL. */
  rawYoutubeChannelInfo: query({ ...account }),
  /** 30 per page. */
  rawYoutubeUploadedVideos: query({ ...account, ...cursor }),
  rawYoutubeUploadedShorts: query({ ...account, ...cursor }),
  rawYoutubeUploadedLives: query({ ...account, ...cursor }),
  /** A playlist by id; 100 per page. */
  rawYoutubePlaylistVideos: query({ id: text(), ...cursor }),
  /** A video by id. */
  rawYoutubeVideoInfo: query({ id: text() }),
  /** `lang` picks a subtitle language; the video's default track otherwise. */
  rawYoutubeVideoSubtitles: query({ id: text(), lang: optionalQueryText() }),
  rawYoutubeShortInfo: query({ id: text() }),
  /** Required: the first page's cursor comes from video info, so there is no page without one. */
  rawYoutubeVideoComments: query({ cursor: text() }),
  /** Required: the first page's cursor is a comment's `replies_cursor`. */
  rawYoutubeVideoCommentReplies: query({ cursor: text() }),
} as const satisfies Record<RawOperationId, z.ZodType>;

export type RawQuery<K extends RawOperationId = RawOperationId> = z.output<(typeof RAW_QUERY_SCHEMAS)[K]>;
export type RawQueryInput<K extends RawOperationId = RawOperationId> = z.input<(typeof RAW_QUERY_SCHEMAS)[K]>;

export function isRawOperationId(id: OperationId): id is RawOperationId {
  return Object.prototype.hasOwnProperty.call(RAW_QUERY_SCHEMAS, id);
}
