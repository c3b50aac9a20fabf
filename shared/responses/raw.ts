import { z } from 'zod';
import type { RawOperationId } from '../operations';
import { list, optional, rowsFrom, wanted } from './tolerant';

/**
 * Raw data responses (`/raw/...`): the platforms' own unfiltered JSON, read tolerantly (tolerant.ts).
 * The answer must be an object; its item list and each item's id are wanted (a row without them is
 * empty); everything else is optional and passes through untouched, `null` included (the platforms
 * send null for "absent", and api-notes has `view_count` / `play_count` null on every Instagram item).
 * Only a few answers are specified; the others are chosen here with the roots api-notes reports.
 * Paging: see `RAW_PAGINATION` and `rawNextCursor`, which read whichever paging fields are present.
 */

const looseObject = z.looseObject({});

/**
 * A page: its item list under `itemsKey`. The paging fields (Instagram's `more_available` +
 * `end_cursor`; TikTok's and YouTube's `has_more` + `cursor`, or `hasMore` + a numeric cursor in
 * other clients' recordings) are not typed here: they pass through as they came, and
 * `rawNextCursor` reads whichever are present.
 */
function pageSchema<K extends string, T extends z.ZodType>(itemsKey: K, item: T) {
  return z.looseObject(keyed(itemsKey, wanted(list(item))));
}

/** Instagram page envelope: `{ <items>, more_available, end_cursor }`. */
export const igPageSchema = pageSchema;

/** TikTok and YouTube page envelope (chosen): `{ <items>, has_more, cursor }`. */
export const cursorPageSchema = pageSchema;

/** `{ [key]: schema }` with the key's name kept in the type. */
function keyed<K extends string, S extends z.ZodType>(key: K, schema: S): { [P in K]: S } {
  return { [key]: schema } as { [P in K]: S };
}

/** An answer whose rows sit in an object under `key`. */
const rooted = <K extends string, T extends z.ZodType>(key: K, inner: T) =>
  z.looseObject(keyed(key, wanted(inner)));

/* ----------------------------------------------------------------- Instagram */

/** The user inside comments, tags and media (spec "Raw comment"). */
export const rawIgUserSchema = z.looseObject({
  pk: wanted(z.union([z.string(), z.number()])),
  username: wanted(z.string()),
  full_name: optional(z.string()),
  is_verified: optional(z.boolean()),
  is_private: optional(z.boolean()),
  profile_pic_url: optional(z.string()),
});
export type RawIgUser = z.infer<typeof rawIgUserSchema>;

/** Spec "Raw comment". */
export const rawIgCommentSchema = z.looseObject({
  pk: wanted(z.union([z.string(), z.number()])),
  user: optional(rawIgUserSchema),
  /** Seconds since the epoch. */
  created_at: optional(z.number()),
  text: optional(z.string()),
  comment_like_count: optional(z.number()),
  child_comment_count: optional(z.number()),
});
export type RawIgComment = z.infer<typeof rawIgCommentSchema>;

/**
 * `GET /raw/ig/media-comments` (spec). Pages are not sequential: follow `end_cursor` values as
 * given and never assume an order.
 */
export const rawIgMediaCommentsResponseSchema = igPageSchema('comments', rawIgCommentSchema).extend({
  status: optional(z.string()),
  comments_disabled: optional(z.boolean()),
  comment_count: optional(z.number()),
});
export type RawIgMediaCommentsResponse = z.infer<typeof rawIgMediaCommentsResponseSchema>;

/**
 * An Instagram media item (spec "Raw tagged-post item"), for every Instagram media answer (user
 * feed, reels, tags feed, hashtag feed, media info). `play_count` and `view_count` come back null
 * (api-notes, single): optional, and the row falls back from one to the other.
 */
export const rawIgMediaSchema = z.looseObject({
  pk: wanted(z.union([z.string(), z.number()])),
  code: wanted(z.string()),
  media_type: optional(z.number()),
  product_type: optional(z.string()),
  /** Seconds since the epoch. */
  taken_at: optional(z.number()),
  user: optional(rawIgUserSchema),
  caption: optional(z.looseObject({ text: optional(z.string()) })),
  comment_count: optional(z.number()),
  like_count: optional(z.number()),
  play_count: optional(z.number()),
  view_count: optional(z.number()),
});
export type RawIgMedia = z.infer<typeof rawIgMediaSchema>;

/** The spec's name for the item of the user tags feed. */
export const rawIgTaggedPostSchema = rawIgMediaSchema;
export type RawIgTaggedPost = RawIgMedia;

export const rawIgHashtagSchema = z.looseObject({
  id: optional(z.union([z.string(), z.number()])),
  name: wanted(z.string()),
  media_count: optional(z.number()),
});

/**
 * `/raw/ig/user-info` answers a flat object at the root (api-notes "Seen from the real service",
 * corroborated by three clients): `pk`, `username`, `full_name`, `biography`, `category`,
 * `external_url`, `bio_links`, `is_verified`, `follower_count`, `following_count`, `media_count`.
 * Answers in the older `{ user: {...} }` wrapper are read too (the row looks inside `user` first).
 * An answer with none of `username`, `pk` or `user` names nobody: drift, not an empty row.
 */
export const rawIgUserInfoSchema = rowsFrom(
  z.looseObject({
    pk: optional(z.union([z.string(), z.number()])),
    username: optional(z.string()),
    full_name: optional(z.string()),
    biography: optional(z.string()),
    category: optional(z.string()),
    external_url: optional(z.string()),
    bio_links: optional(list(looseObject)),
    is_verified: optional(z.boolean()),
    is_private: optional(z.boolean()),
    follower_count: optional(z.number()),
    following_count: optional(z.number()),
    media_count: optional(z.number()),
    user: optional(looseObject),
  }),
  ['username', 'pk', 'user'],
);
export const rawIgUserInfoResponseSchema = rawIgUserInfoSchema;

/** `{ position, user: {...} }` (Instagram's own search entries) read as the user or hashtag inside. */
function unwrapped(key: 'user' | 'hashtag') {
  return (element: unknown): unknown => {
    if (typeof element !== 'object' || element === null || Array.isArray(element)) return element;
    const inner = (element as Record<string, unknown>)[key];
    return typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? inner : element;
  };
}

/** One entry of the search's `list`: a user or a hashtag, each under its own name. */
export const rawIgSearchEntrySchema = rowsFrom(
  z.looseObject({
    position: optional(z.number()),
    user: optional(rawIgUserSchema),
    hashtag: optional(rawIgHashtagSchema),
  }),
  ['user', 'hashtag'],
);

/**
 * Raw Instagram search, not paged. A public client reads it as `{ list: [ { user: {...} } ] }`
 * (api-notes "Seen from the real service", single); our first choice was `{ users, hashtags }`,
 * whose entries may also come wrapped (`{ position, user }`). Every form is read, and an answer
 * with none of the three lists is drift: its rows are gone, not absent.
 */
export const rawIgSearchResponseSchema = rowsFrom(
  z.looseObject({
    list: optional(list(rawIgSearchEntrySchema)),
    users: optional(list(z.preprocess(unwrapped('user'), rawIgUserSchema))),
    hashtags: optional(list(z.preprocess(unwrapped('hashtag'), rawIgHashtagSchema))),
  }),
  ['list', 'users', 'hashtags'],
);
/** Chosen: `{ hashtags }`, not paged. */
export const rawIgSearchHashtagsResponseSchema = z.looseObject({
  hashtags: wanted(list(rawIgHashtagSchema)),
});
/** Root `items` per api-notes; 12 per page. */
export const rawIgUserFeedResponseSchema = igPageSchema('items', rawIgMediaSchema);
export type RawIgUserFeedResponse = z.infer<typeof rawIgUserFeedResponseSchema>;
export const rawIgUserTagsFeedResponseSchema = igPageSchema('items', rawIgTaggedPostSchema);
export type RawIgUserTagsFeedResponse = z.infer<typeof rawIgUserTagsFeedResponseSchema>;
/** Chosen: same envelope as the user feed. */
export const rawIgUserReelsResponseSchema = igPageSchema('items', rawIgMediaSchema);
export const rawIgHashtagFeedResponseSchema = igPageSchema('items', rawIgMediaSchema);
/** Chosen: `{ items: [media] }`, Instagram's own shape, not paged. */
export const rawIgMediaInfoResponseSchema = z.looseObject({ items: wanted(list(rawIgMediaSchema)) });
/** Chosen: the comments envelope without the media-level fields. */
export const rawIgMediaCommentRepliesResponseSchema = igPageSchema('comments', rawIgCommentSchema);
export const rawIgMusicAssetInfoSchema = z.looseObject({
  audio_cluster_id: wanted(z.union([z.string(), z.number()])),
  display_artist: optional(z.string()),
  title: optional(z.string()),
});
/** Chosen: `{ audio }`, the music asset info of the audio. */
export const rawIgAudioInfoResponseSchema = rooted('audio', rawIgMusicAssetInfoSchema);

/* -------------------------------------------------------------------- TikTok */

export const rawTiktokUserSchema = z.looseObject({
  id: wanted(z.string()),
  uniqueId: wanted(z.string()),
  nickname: optional(z.string()),
  signature: optional(z.string()),
  verified: optional(z.boolean()),
  privateAccount: optional(z.boolean()),
});
export type RawTiktokUser = z.infer<typeof rawTiktokUserSchema>;

export const rawTiktokVideoSchema = z.looseObject({
  id: wanted(z.string()),
  desc: optional(z.string()),
  /** Seconds since the epoch. */
  createTime: optional(z.number()),
  author: optional(looseObject),
  stats: optional(looseObject),
});
export type RawTiktokVideo = z.infer<typeof rawTiktokVideoSchema>;

export const rawTiktokCommentSchema = z.looseObject({
  cid: wanted(z.string()),
  text: optional(z.string()),
  create_time: optional(z.number()),
  user: optional(looseObject),
});
export type RawTiktokComment = z.infer<typeof rawTiktokCommentSchema>;

/** Root `user_info.userInfo.user` per api-notes; `stats` beside `user`, chosen. */
export const rawTiktokUserInfoResponseSchema = rooted(
  'user_info',
  rooted('userInfo', z.looseObject({ user: wanted(rawTiktokUserSchema), stats: optional(looseObject) })),
);
/** Root `user_feed.items` per api-notes; paging fields beside `items`, chosen. */
export const rawTiktokUserFeedResponseSchema = rooted(
  'user_feed',
  cursorPageSchema('items', rawTiktokVideoSchema),
);
export type RawTiktokUserFeedResponse = z.infer<typeof rawTiktokUserFeedResponseSchema>;
export const rawTiktokChallengeFeedResponseSchema = rooted(
  'challenge_feed',
  cursorPageSchema('items', rawTiktokVideoSchema),
);
export const rawTiktokChallengeInfoResponseSchema = rooted(
  'challenge_info',
  z.looseObject({
    challenge: wanted(z.looseObject({ id: wanted(z.string()), title: optional(z.string()) })),
  }),
);
export const rawTiktokCommentsResponseSchema = rooted(
  'comments_list',
  cursorPageSchema('comments', rawTiktokCommentSchema),
);
export const rawTiktokCommentsRepliesResponseSchema = rawTiktokCommentsResponseSchema;
export const rawTiktokMusicInfoResponseSchema = rooted(
  'music_info',
  z.looseObject({ music: wanted(z.looseObject({ id: wanted(z.string()), title: optional(z.string()) })) }),
);
export const rawTiktokMusicFeedResponseSchema = rooted(
  'music_feed',
  cursorPageSchema('items', rawTiktokVideoSchema),
);
export const rawTiktokSearchUsersResponseSchema = rooted(
  'search_users',
  cursorPageSchema('users', rawTiktokUserSchema),
);
export const rawTiktokMediaInfoResponseSchema = rooted(
  'media_info',
  z.looseObject({ item: wanted(rawTiktokVideoSchema) }),
);
/** Chosen: `{ media_download: { url } }`, a direct, short-lived download address. */
export const rawTiktokMediaDownloadResponseSchema = rooted(
  'media_download',
  z.looseObject({ url: wanted(z.string()) }),
);

/* ------------------------------------------------------------------- YouTube */

export const rawYoutubeChannelSchema = z.looseObject({
  id: wanted(z.string()),
  title: optional(z.string()),
  handle: optional(z.string()),
  description: optional(z.string()),
  subscriber_count: optional(z.number()),
  video_count: optional(z.number()),
  view_count: optional(z.number()),
});
export type RawYoutubeChannel = z.infer<typeof rawYoutubeChannelSchema>;

export const rawYoutubeVideoSchema = z.looseObject({
  id: wanted(z.string()),
  title: optional(z.string()),
  /** ISO 8601. */
  published_at: optional(z.string()),
  view_count: optional(z.number()),
  thumbnail: optional(z.string()),
});
export type RawYoutubeVideo = z.infer<typeof rawYoutubeVideoSchema>;

/** `comments_cursor` is the cursor of the first `video-comments` page (spec). */
export const rawYoutubeVideoInfoSchema = rawYoutubeVideoSchema.extend({
  description: optional(z.string()),
  channel_id: optional(z.string()),
  like_count: optional(z.number()),
  comment_count: optional(z.number()),
  comments_cursor: optional(z.string()),
});
export type RawYoutubeVideoInfo = z.infer<typeof rawYoutubeVideoInfoSchema>;

/** `replies_cursor` is the cursor of the first `video-comment-replies` page (spec). */
export const rawYoutubeCommentSchema = z.looseObject({
  id: wanted(z.string()),
  text: optional(z.string()),
  author: optional(z.string()),
  like_count: optional(z.number()),
  reply_count: optional(z.number()),
  published_at: optional(z.string()),
  replies_cursor: optional(z.string()),
});
export type RawYoutubeComment = z.infer<typeof rawYoutubeCommentSchema>;

/** Root `channel_info` per api-notes. */
export const rawYoutubeChannelInfoResponseSchema = rooted('channel_info', rawYoutubeChannelSchema);
/** Root `videos_list.videos` per api-notes; paging fields beside `videos`, chosen. 30 per page. */
export const rawYoutubeUploadedVideosResponseSchema = rooted(
  'videos_list',
  cursorPageSchema('videos', rawYoutubeVideoSchema),
);
export type RawYoutubeUploadedVideosResponse = z.infer<typeof rawYoutubeUploadedVideosResponseSchema>;
export const rawYoutubeUploadedShortsResponseSchema = rooted(
  'shorts_list',
  cursorPageSchema('shorts', rawYoutubeVideoSchema),
);
export const rawYoutubeUploadedLivesResponseSchema = rooted(
  'lives_list',
  cursorPageSchema('lives', rawYoutubeVideoSchema),
);
/** Chosen: the uploaded-videos envelope, 100 per page. */
export const rawYoutubePlaylistVideosResponseSchema = rawYoutubeUploadedVideosResponseSchema;
export const rawYoutubeVideoInfoResponseSchema = rooted('video_info', rawYoutubeVideoInfoSchema);
export const rawYoutubeShortInfoResponseSchema = rooted('short_info', rawYoutubeVideoInfoSchema);
/** Chosen: `{ subtitles: { language, segments: [{ start, duration, text }] } }`, times in seconds. */
export const rawYoutubeVideoSubtitlesResponseSchema = rooted(
  'subtitles',
  z.looseObject({
    language: optional(z.string()),
    segments: wanted(
      list(
        z.looseObject({
          start: optional(z.number()),
          duration: optional(z.number()),
          text: wanted(z.string()),
        }),
      ),
    ),
  }),
);
export const rawYoutubeVideoCommentsResponseSchema = rooted(
  'comments_list',
  cursorPageSchema('comments', rawYoutubeCommentSchema),
);
export const rawYoutubeVideoCommentRepliesResponseSchema = rawYoutubeVideoCommentsResponseSchema;

/* ------------------------------------------------------------------ catalogue */

export const RAW_RESPONSE_SCHEMAS = {
  rawIgSearch: rawIgSearchResponseSchema,
  rawIgSearchHashtags: rawIgSearchHashtagsResponseSchema,
  rawIgUserInfo: rawIgUserInfoResponseSchema,
  rawIgUserFeed: rawIgUserFeedResponseSchema,
  rawIgUserReels: rawIgUserReelsResponseSchema,
  rawIgUserTagsFeed: rawIgUserTagsFeedResponseSchema,
  rawIgHashtagFeed: rawIgHashtagFeedResponseSchema,
  rawIgMediaInfo: rawIgMediaInfoResponseSchema,
  rawIgMediaComments: rawIgMediaCommentsResponseSchema,
  rawIgMediaCommentReplies: rawIgMediaCommentRepliesResponseSchema,
  rawIgAudioInfo: rawIgAudioInfoResponseSchema,

  rawTiktokUserInfo: rawTiktokUserInfoResponseSchema,
  rawTiktokUserFeed: rawTiktokUserFeedResponseSchema,
  rawTiktokChallengeFeed: rawTiktokChallengeFeedResponseSchema,
  rawTiktokChallengeInfo: rawTiktokChallengeInfoResponseSchema,
  rawTiktokComments: rawTiktokCommentsResponseSchema,
  rawTiktokCommentsReplies: rawTiktokCommentsRepliesResponseSchema,
  rawTiktokMusicInfo: rawTiktokMusicInfoResponseSchema,
  rawTiktokMusicFeed: rawTiktokMusicFeedResponseSchema,
  rawTiktokSearchUsers: rawTiktokSearchUsersResponseSchema,
  rawTiktokMediaInfo: rawTiktokMediaInfoResponseSchema,
  rawTiktokMediaDownload: rawTiktokMediaDownloadResponseSchema,

  rawYoutubeChannelInfo: rawYoutubeChannelInfoResponseSchema,
  rawYoutubeUploadedVideos: rawYoutubeUploadedVideosResponseSchema,
  rawYoutubeUploadedShorts: rawYoutubeUploadedShortsResponseSchema,
  rawYoutubeUploadedLives: rawYoutubeUploadedLivesResponseSchema,
  rawYoutubePlaylistVideos: rawYoutubePlaylistVideosResponseSchema,
  rawYoutubeVideoInfo: rawYoutubeVideoInfoResponseSchema,
  rawYoutubeVideoSubtitles: rawYoutubeVideoSubtitlesResponseSchema,
  rawYoutubeShortInfo: rawYoutubeShortInfoResponseSchema,
  rawYoutubeVideoComments: rawYoutubeVideoCommentsResponseSchema,
  rawYoutubeVideoCommentReplies: rawYoutubeVideoCommentRepliesResponseSchema,
} as const satisfies Record<RawOperationId, z.ZodType>;

/**
 * How to follow the pages of a paged raw operation: the page object sits at `at` (a path of keys
 * from the body root) and holds the `items` array; the next request passes the next cursor as the
 * query parameter `param`. Operations not listed answer one page. Which paging fields a page carries
 * is read by `rawNextCursor`: TikTok and YouTube names are not published (api-notes), so every name
 * seen is tried.
 */
export interface RawPagination {
  readonly at: readonly string[];
  readonly items: string;
  readonly param: 'after' | 'cursor';
}

const ig = (items: string): RawPagination => ({ at: [], items, param: 'after' });
const cursor = (container: string, items: string): RawPagination => ({
  at: [container],
  items,
  param: 'cursor',
});

export const RAW_PAGINATION = {
  rawIgUserFeed: ig('items'),
  rawIgUserReels: ig('items'),
  rawIgUserTagsFeed: ig('items'),
  rawIgHashtagFeed: ig('items'),
  rawIgMediaComments: ig('comments'),
  rawIgMediaCommentReplies: ig('comments'),
  rawTiktokUserFeed: cursor('user_feed', 'items'),
  rawTiktokChallengeFeed: cursor('challenge_feed', 'items'),
  rawTiktokComments: cursor('comments_list', 'comments'),
  rawTiktokCommentsReplies: cursor('comments_list', 'comments'),
  rawTiktokMusicFeed: cursor('music_feed', 'items'),
  rawTiktokSearchUsers: cursor('search_users', 'users'),
  rawYoutubeUploadedVideos: cursor('videos_list', 'videos'),
  rawYoutubeUploadedShorts: cursor('shorts_list', 'shorts'),
  rawYoutubeUploadedLives: cursor('lives_list', 'lives'),
  rawYoutubePlaylistVideos: cursor('videos_list', 'videos'),
  rawYoutubeVideoComments: cursor('comments_list', 'comments'),
  rawYoutubeVideoCommentReplies: cursor('comments_list', 'comments'),
} as const satisfies Partial<Record<RawOperationId, RawPagination>>;

export type PagedRawOperationId = keyof typeof RAW_PAGINATION;

export function isPagedRawOperation(id: string): id is PagedRawOperationId {
  return Object.prototype.hasOwnProperty.call(RAW_PAGINATION, id);
}

/** "More pages" flags seen in the platforms' JSON, first match wins. */
export const RAW_MORE_FLAGS = ['more_available', 'has_more', 'hasMore', 'has_next_page'] as const;
/** Next-page cursors seen, first match wins. */
export const RAW_CURSOR_FIELDS = [
  'end_cursor',
  'cursor',
  'next_cursor',
  'nextCursor',
  'max_cursor',
  'continuation_token',
] as const;

/**
 * The cursor for the next page of a raw answer, or null when there is none. Paging fields are looked
 * for in the page object, then at the root. A "more" flag that is present decides (true, or 1 as
 * TikTok sends); without any flag, a non-empty cursor means more. An empty or missing cursor always
 * ends the feed: asking again without one would repeat page 1.
 */
export function rawNextCursor(id: PagedRawOperationId, body: unknown): string | null {
  const paging: RawPagination = RAW_PAGINATION[id];
  let page: unknown = body;
  for (const key of paging.at) page = isRecord(page) ? page[key] : undefined;
  const places = [page, body].filter(isRecord);
  const first = (names: readonly string[]) => {
    for (const place of places)
      for (const name of names) if (place[name] !== undefined && place[name] !== null) return place[name];
    return undefined;
  };
  const more = first(RAW_MORE_FLAGS);
  if (more !== undefined && more !== true && more !== 1 && more !== 'true') return null;
  const next = first(RAW_CURSOR_FIELDS);
  if (typeof next === 'number' && Number.isFinite(next)) return String(next);
  return typeof next === 'string' && next !== '' ? next : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
