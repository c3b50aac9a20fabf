import { z } from 'zod';
import type { RawOperationId } from '../operations';

/**
 * Raw data responses (`/raw/...`). These are the platforms' own unfiltered JSON, so:
 * - an optional field also accepts `null` (the platforms send null for "absent");
 * - only two Instagram answers are specified; the rest are chosen here (each says so, the sandbox
 *   serves exactly them), with the roots api-notes reports and only the fields a client needs
 *   typed; everything else passes through untouched.
 * Paging: Instagram pages carry `more_available` + `end_cursor` (next request: `after`); TikTok and
 * YouTube pages carry `has_more` + `cursor` (next request: `cursor`). `RAW_PAGINATION` says where.
 */

const optional = <T extends z.ZodType>(schema: T) => schema.nullish();
const looseObject = z.looseObject({});

/** Every operation id of the raw family, e.g. `rawIgUserFeed`. */

/** Instagram page envelope (chosen for the undocumented feeds, after the two specified ones). */
export function igPageSchema<K extends string, T extends z.ZodType>(itemsKey: K, item: T) {
  const items = { [itemsKey]: z.array(item) } as { [P in K]: z.ZodArray<T> };
  return z.looseObject({ ...items, more_available: z.boolean(), end_cursor: optional(z.string()) });
}

/** TikTok and YouTube page envelope (chosen): `{ <items>, has_more, cursor }`. */
export function cursorPageSchema<K extends string, T extends z.ZodType>(itemsKey: K, item: T) {
  const items = { [itemsKey]: z.array(item) } as { [P in K]: z.ZodArray<T> };
  return z.looseObject({ ...items, has_more: z.boolean(), cursor: optional(z.string()) });
}

/* ----------------------------------------------------------------- Instagram */

/** The user inside comments, tags and media (spec "Raw comment"). */
export const rawIgUserSchema = z.looseObject({
  pk: z.string(),
  username: z.string(),
  is_verified: optional(z.boolean()),
  is_private: optional(z.boolean()),
  profile_pic_url: optional(z.string()),
  full_name: optional(z.string()),
});
export type RawIgUser = z.infer<typeof rawIgUserSchema>;

/** Spec "Raw comment": all required except inside `user`. */
export const rawIgCommentSchema = z.looseObject({
  pk: z.string(),
  user: rawIgUserSchema,
  /** Seconds since the epoch. */
  created_at: z.number(),
  text: z.string(),
  comment_like_count: z.number(),
  child_comment_count: z.number(),
});
export type RawIgComment = z.infer<typeof rawIgCommentSchema>;

/**
 * `GET /raw/ig/media-comments` (spec, all required). Pages are not sequential: follow `end_cursor`
 * values as given and never assume an order.
 */
export const rawIgMediaCommentsResponseSchema = z.looseObject({
  status: z.string(),
  comments_disabled: z.boolean(),
  comments: z.array(rawIgCommentSchema),
  comment_count: z.number(),
  more_available: z.boolean(),
  end_cursor: z.string(),
});
export type RawIgMediaCommentsResponse = z.infer<typeof rawIgMediaCommentsResponseSchema>;

export const rawIgImageCandidateSchema = z.looseObject({
  width: z.number(),
  height: z.number(),
  url: z.string(),
});
export const rawIgImageVersionsSchema = z.looseObject({ candidates: z.array(rawIgImageCandidateSchema) });

/** Image and video entries carry different subsets, so every entry field is optional. */
export const rawIgCarouselEntrySchema = z.looseObject({
  pk: optional(z.string()),
  display_url: optional(z.string()),
  image_versions2: optional(rawIgImageVersionsSchema),
  has_audio: optional(z.boolean()),
  video_url: optional(z.string()),
  video_dash_manifest: optional(z.string()),
  /** Instagram sends 0/1 here as often as a boolean. */
  is_dash_eligible: optional(z.union([z.boolean(), z.number()])),
  number_of_qualities: optional(z.number()),
});

export const rawIgMusicAssetInfoSchema = z.looseObject({
  audio_cluster_id: z.string(),
  display_artist: optional(z.string()),
  id: optional(z.string()),
  subtitle: optional(z.string()),
  title: optional(z.string()),
});
export type RawIgMusicAssetInfo = z.infer<typeof rawIgMusicAssetInfoSchema>;

/** The spec gives no type for `pk` here; Instagram uses numbers for places, so both pass. */
export const rawIgLocationSchema = z.looseObject({
  pk: z.union([z.string(), z.number()]),
  address: optional(z.string()),
  city: optional(z.string()),
  lat: optional(z.number()),
  lng: optional(z.number()),
  name: optional(z.string()),
});

export const rawIgSponsorTagSchema = z.looseObject({
  sponsor: z.looseObject({ pk: z.string(), username: z.string() }),
});

export const rawIgUserTagSchema = z.looseObject({
  user: rawIgUserSchema,
  /** Relative x, y of the tag on the image. */
  position: z.tuple([z.number(), z.number()]),
});

/**
 * An Instagram media item (spec "Raw tagged-post item"). The same object fills every Instagram
 * media answer chosen here (user feed, reels, hashtag feed, media info).
 */
export const rawIgMediaSchema = z.looseObject({
  pk: z.string(),
  code: z.string(),
  media_type: z.number(),
  product_type: z.string(),
  /** Seconds since the epoch. */
  taken_at: z.number(),
  user: rawIgUserSchema,
  caption: optional(z.looseObject({ text: z.string() })),
  carousel_media_count: optional(z.number()),
  carousel_media: optional(z.array(rawIgCarouselEntrySchema)),
  clips_metadata: optional(
    z.looseObject({
      music_info: optional(z.looseObject({ music_asset_info: optional(rawIgMusicAssetInfoSchema) })),
    }),
  ),
  coauthor_producers: optional(z.array(rawIgUserSchema)),
  comment_count: optional(z.number()),
  like_count: optional(z.number()),
  play_count: optional(z.number()),
  view_count: optional(z.number()),
  video_duration: optional(z.number()),
  display_url: optional(z.string()),
  has_audio: optional(z.boolean()),
  image_versions2: optional(rawIgImageVersionsSchema),
  video_url: optional(z.string()),
  video_dash_manifest: optional(z.string()),
  like_and_view_counts_disabled: optional(z.boolean()),
  can_viewer_reshare: optional(z.boolean()),
  is_paid_partnership: optional(z.boolean()),
  pinned_for_users: optional(z.array(z.unknown())),
  location: optional(rawIgLocationSchema),
  /** The spec shows one object; Instagram's own feeds send a list of them, so both pass. */
  sponsor_tags: optional(z.union([rawIgSponsorTagSchema, z.array(rawIgSponsorTagSchema)])),
  title: optional(z.string()),
  usertags: optional(z.looseObject({ in: z.array(rawIgUserTagSchema) })),
});
export type RawIgMedia = z.infer<typeof rawIgMediaSchema>;

/** The spec's name for the item of the user tags feed. */
export const rawIgTaggedPostSchema = rawIgMediaSchema;
export type RawIgTaggedPost = RawIgMedia;

/** `GET /raw/ig/user-tags-feed` (spec, all required). */
export const rawIgUserTagsFeedResponseSchema = z.looseObject({
  items: z.array(rawIgTaggedPostSchema),
  more_available: z.boolean(),
  end_cursor: z.string(),
});
export type RawIgUserTagsFeedResponse = z.infer<typeof rawIgUserTagsFeedResponseSchema>;

export const rawIgHashtagSchema = z.looseObject({
  id: optional(z.string()),
  name: z.string(),
  media_count: optional(z.number()),
});

/** Chosen: `{ user }` for `/raw/ig/user-info`. */
export const rawIgUserInfoSchema = rawIgUserSchema.extend({
  biography: optional(z.string()),
  external_url: optional(z.string()),
  follower_count: optional(z.number()),
  following_count: optional(z.number()),
  media_count: optional(z.number()),
});

/** Chosen: `{ users, hashtags }`, not paged. */
export const rawIgSearchResponseSchema = z.looseObject({
  users: z.array(rawIgUserSchema),
  hashtags: z.array(rawIgHashtagSchema),
});
/** Chosen: `{ hashtags }`, not paged. */
export const rawIgSearchHashtagsResponseSchema = z.looseObject({ hashtags: z.array(rawIgHashtagSchema) });
export const rawIgUserInfoResponseSchema = z.looseObject({ user: rawIgUserInfoSchema });
/** Root `items` per api-notes; 12 per page. */
export const rawIgUserFeedResponseSchema = igPageSchema('items', rawIgMediaSchema);
export type RawIgUserFeedResponse = z.infer<typeof rawIgUserFeedResponseSchema>;
/** Chosen: same envelope as the user feed. */
export const rawIgUserReelsResponseSchema = igPageSchema('items', rawIgMediaSchema);
export const rawIgHashtagFeedResponseSchema = igPageSchema('items', rawIgMediaSchema);
/** Chosen: `{ items: [media] }`, Instagram's own shape, not paged. */
export const rawIgMediaInfoResponseSchema = z.looseObject({ items: z.array(rawIgMediaSchema) });
/** Chosen: the comments envelope without the media-level fields. */
export const rawIgMediaCommentRepliesResponseSchema = igPageSchema('comments', rawIgCommentSchema);
/** Chosen: `{ audio }`, the music asset info of the audio. */
export const rawIgAudioInfoResponseSchema = z.looseObject({ audio: rawIgMusicAssetInfoSchema });

/* -------------------------------------------------------------------- TikTok */

export const rawTiktokUserSchema = z.looseObject({
  id: z.string(),
  uniqueId: z.string(),
  secUid: optional(z.string()),
  nickname: optional(z.string()),
  signature: optional(z.string()),
  avatarThumb: optional(z.string()),
  verified: optional(z.boolean()),
  privateAccount: optional(z.boolean()),
});
export type RawTiktokUser = z.infer<typeof rawTiktokUserSchema>;

export const rawTiktokVideoSchema = z.looseObject({
  id: z.string(),
  desc: optional(z.string()),
  /** Seconds since the epoch. */
  createTime: optional(z.number()),
  author: optional(looseObject),
  stats: optional(
    z.looseObject({
      diggCount: optional(z.number()),
      commentCount: optional(z.number()),
      playCount: optional(z.number()),
      shareCount: optional(z.number()),
      collectCount: optional(z.number()),
    }),
  ),
  video: optional(looseObject),
});
export type RawTiktokVideo = z.infer<typeof rawTiktokVideoSchema>;

export const rawTiktokCommentSchema = z.looseObject({
  cid: z.string(),
  text: optional(z.string()),
  create_time: optional(z.number()),
  digg_count: optional(z.number()),
  reply_comment_total: optional(z.number()),
  user: optional(looseObject),
});
export type RawTiktokComment = z.infer<typeof rawTiktokCommentSchema>;

/** Root `user_info.userInfo.user` per api-notes; `stats` beside `user`, chosen. */
export const rawTiktokUserInfoResponseSchema = z.looseObject({
  user_info: z.looseObject({
    userInfo: z.looseObject({
      user: rawTiktokUserSchema,
      stats: optional(
        z.looseObject({
          followerCount: optional(z.number()),
          followingCount: optional(z.number()),
          heartCount: optional(z.number()),
          videoCount: optional(z.number()),
        }),
      ),
    }),
  }),
});
/** Root `user_feed.items` per api-notes; `has_more` and `cursor` beside `items`, chosen. */
export const rawTiktokUserFeedResponseSchema = z.looseObject({
  user_feed: cursorPageSchema('items', rawTiktokVideoSchema),
});
export type RawTiktokUserFeedResponse = z.infer<typeof rawTiktokUserFeedResponseSchema>;
/** Chosen, like the user feed: `{ challenge_feed: { items, has_more, cursor } }`. */
export const rawTiktokChallengeFeedResponseSchema = z.looseObject({
  challenge_feed: cursorPageSchema('items', rawTiktokVideoSchema),
});
/** Chosen: `{ challenge_info: { challenge: { id, title }, stats } }`. */
export const rawTiktokChallengeInfoResponseSchema = z.looseObject({
  challenge_info: z.looseObject({
    challenge: z.looseObject({ id: z.string(), title: z.string() }),
    stats: optional(z.looseObject({ videoCount: optional(z.number()), viewCount: optional(z.number()) })),
  }),
});
/** Chosen: `{ comments_list: { comments, has_more, cursor } }`, for comments and their replies. */
export const rawTiktokCommentsResponseSchema = z.looseObject({
  comments_list: cursorPageSchema('comments', rawTiktokCommentSchema),
});
export const rawTiktokCommentsRepliesResponseSchema = rawTiktokCommentsResponseSchema;
/** Chosen: `{ music_info: { music: { id, title } } }`. */
export const rawTiktokMusicInfoResponseSchema = z.looseObject({
  music_info: z.looseObject({
    music: z.looseObject({ id: z.string(), title: z.string(), authorName: optional(z.string()) }),
  }),
});
/** Chosen, like the user feed: `{ music_feed: { items, has_more, cursor } }` (up to 30 per page). */
export const rawTiktokMusicFeedResponseSchema = z.looseObject({
  music_feed: cursorPageSchema('items', rawTiktokVideoSchema),
});
/** Chosen: `{ search_users: { users, has_more, cursor } }`. */
export const rawTiktokSearchUsersResponseSchema = z.looseObject({
  search_users: cursorPageSchema('users', rawTiktokUserSchema),
});
/** Chosen: `{ media_info: { item } }`. */
export const rawTiktokMediaInfoResponseSchema = z.looseObject({
  media_info: z.looseObject({ item: rawTiktokVideoSchema }),
});
/** Chosen: `{ media_download: { url } }`, a direct, short-lived download address. */
export const rawTiktokMediaDownloadResponseSchema = z.looseObject({
  media_download: z.looseObject({ url: z.string() }),
});

/* ------------------------------------------------------------------- YouTube */

export const rawYoutubeChannelSchema = z.looseObject({
  id: z.string(),
  title: optional(z.string()),
  handle: optional(z.string()),
  description: optional(z.string()),
  subscriber_count: optional(z.number()),
  video_count: optional(z.number()),
  view_count: optional(z.number()),
});
export type RawYoutubeChannel = z.infer<typeof rawYoutubeChannelSchema>;

export const rawYoutubeVideoSchema = z.looseObject({
  id: z.string(),
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
  id: z.string(),
  text: optional(z.string()),
  author: optional(z.string()),
  like_count: optional(z.number()),
  reply_count: optional(z.number()),
  published_at: optional(z.string()),
  replies_cursor: optional(z.string()),
});
export type RawYoutubeComment = z.infer<typeof rawYoutubeCommentSchema>;

/** Root `channel_info` per api-notes. */
export const rawYoutubeChannelInfoResponseSchema = z.looseObject({ channel_info: rawYoutubeChannelSchema });
/** Root `videos_list.videos` per api-notes; `has_more` and `cursor` beside `videos`, chosen. 30 per page. */
export const rawYoutubeUploadedVideosResponseSchema = z.looseObject({
  videos_list: cursorPageSchema('videos', rawYoutubeVideoSchema),
});
export type RawYoutubeUploadedVideosResponse = z.infer<typeof rawYoutubeUploadedVideosResponseSchema>;
/** Chosen: `{ shorts_list: { shorts, has_more, cursor } }`. */
export const rawYoutubeUploadedShortsResponseSchema = z.looseObject({
  shorts_list: cursorPageSchema('shorts', rawYoutubeVideoSchema),
});
/** Chosen: `{ lives_list: { lives, has_more, cursor } }`. */
export const rawYoutubeUploadedLivesResponseSchema = z.looseObject({
  lives_list: cursorPageSchema('lives', rawYoutubeVideoSchema),
});
/** Chosen: the uploaded-videos envelope, 100 per page. */
export const rawYoutubePlaylistVideosResponseSchema = rawYoutubeUploadedVideosResponseSchema;
/** Chosen: `{ video_info }`. */
export const rawYoutubeVideoInfoResponseSchema = z.looseObject({ video_info: rawYoutubeVideoInfoSchema });
/** Chosen: `{ short_info }`, same fields as a video. */
export const rawYoutubeShortInfoResponseSchema = z.looseObject({ short_info: rawYoutubeVideoInfoSchema });
/** Chosen: `{ subtitles: { language, segments: [{ start, duration, text }] } }`, times in seconds. */
export const rawYoutubeVideoSubtitlesResponseSchema = z.looseObject({
  subtitles: z.looseObject({
    language: optional(z.string()),
    segments: z.array(z.looseObject({ start: z.number(), duration: z.number(), text: z.string() })),
  }),
});
/** Chosen: `{ comments_list: { comments, has_more, cursor } }` for comments and replies, 20 per page. */
export const rawYoutubeVideoCommentsResponseSchema = z.looseObject({
  comments_list: cursorPageSchema('comments', rawYoutubeCommentSchema),
});
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
 * from the body root), holds the `items` array and the `more` flag and `cursor` value, and the next
 * request passes that value as the query parameter `param`. Operations not listed answer one page.
 */
export interface RawPagination {
  readonly at: readonly string[];
  readonly items: string;
  readonly more: 'more_available' | 'has_more';
  readonly cursor: 'end_cursor' | 'cursor';
  readonly param: 'after' | 'cursor';
}

const ig = (items: string): RawPagination => ({
  at: [],
  items,
  more: 'more_available',
  cursor: 'end_cursor',
  param: 'after',
});
const cursor = (container: string, items: string): RawPagination => ({
  at: [container],
  items,
  more: 'has_more',
  cursor: 'cursor',
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

/**
 * The cursor for the next page of a parsed raw answer, or null when there is no next page (the
 * flag says so, or the cursor is missing or empty: asking again without one would repeat page 1).
 */
export function rawNextCursor(id: PagedRawOperationId, body: unknown): string | null {
  const paging: RawPagination = RAW_PAGINATION[id];
  let page: unknown = body;
  for (const key of paging.at) {
    page = isRecord(page) ? page[key] : undefined;
  }
  if (!isRecord(page) || page[paging.more] !== true) return null;
  const next = page[paging.cursor];
  return typeof next === 'string' && next !== '' ? next : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
