import { OPERATIONS, type RawOperationId } from '../../shared/operations';
import { PLATFORMS, type Platform } from '../../shared/platforms';

/**
 * Every raw operation as the Raw data section offers it: its platform, a name and a sentence for
 * people, whether it pages, and its query parameters with a label, a required mark and a hint.
 *
 * The parameters are those of RAW_QUERY_SCHEMAS (shared/requests/raw.ts), which neither bundle can
 * import without zod; a test derives each operation's names and required flags from the schemas
 * and holds this table to them, and whether it pages (and by which parameter) to RAW_PAGINATION.
 * The form is built from this table, so every operation gets exactly its own fields.
 */

export interface RawParam {
  /** The query parameter, as the API names it. */
  readonly name: string;
  readonly label: string;
  readonly required: boolean;
  readonly hint: string;
  readonly placeholder: string;
  /** The page cursor: where a pull starts; empty for the first page (when optional). */
  readonly cursor: boolean;
}

export interface RawOperation {
  readonly id: RawOperationId;
  readonly platform: Platform;
  /** `/raw/ig/user-feed`. */
  readonly path: string;
  /** "User posts": short, for the picker and the tab name. */
  readonly label: string;
  readonly description: string;
  /** Followed page by page with a cursor; otherwise one request answers it. */
  readonly paged: boolean;
  readonly params: readonly RawParam[];
}

export const RAW_PLATFORM_NAMES: Readonly<Record<Platform, string>> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

interface ParamOptions {
  optional?: boolean;
  placeholder?: string;
}

function param(name: string, label: string, hint: string, options: ParamOptions = {}): RawParam {
  return {
    name,
    label,
    required: options.optional !== true,
    hint,
    placeholder: options.placeholder ?? '',
    cursor: false,
  };
}

const START_HINT = 'Empty for the first page. To go on where an earlier pull stopped, paste its cursor.';

/** Instagram's page cursor: the previous page's `end_cursor`. */
const after: RawParam = {
  ...param('after', 'Start after (cursor)', START_HINT, { optional: true }),
  cursor: true,
};
/** TikTok's and YouTube's page cursor. */
const cursor: RawParam = {
  ...param('cursor', 'Start at (cursor)', START_HINT, { optional: true }),
  cursor: true,
};

const igAccount = param('url', 'Account', 'A username with @, or the user id.', { placeholder: '@username' });
const ttAccount = param('url', 'Account', 'A username with @, or the user id.', { placeholder: '@username' });
const ytChannel = param('url', 'Channel', "A handle with @, the channel id or the channel's link.", {
  placeholder: '@channel',
});
const searchText = param('query', 'Search text', 'Words, a name or a handle.');
/** Instagram's search takes `keyword` (shared/requests/raw.ts). */
const igSearchText = param('keyword', 'Search text', 'Words, a name or a handle.');
const igPost = param('code', 'Post shortcode', "The part after /p/ or /reel/ in the post's link.", {
  placeholder: 'CxYz123AbC',
});
const ttVideo = param('url', 'Video', "The video's link, or its id.", {
  placeholder: 'https://www.tiktok.com/@user/video/…',
});
const commentId = param('comment_id', 'Comment id', 'The Id column of a comments tab.');
const ytVideoId = param('id', 'Video id', "The part after v= in the video's link.", {
  placeholder: 'dQw4w9WgXcQ',
});

function op(
  id: RawOperationId,
  platform: Platform,
  label: string,
  description: string,
  paged: boolean,
  params: readonly RawParam[],
): RawOperation {
  return { id, platform, path: OPERATIONS[id].path, label, description, paged, params };
}

/** In the picker's order: by platform, single things before feeds. */
export const RAW_DATA_OPERATIONS: readonly RawOperation[] = [
  // Instagram
  op('rawIgUserInfo', 'instagram', 'User info', "One account's profile: bio, followers, posts.", false, [
    igAccount,
  ]),
  op('rawIgUserFeed', 'instagram', 'User posts', "An account's posts, newest first; 12 per page.", true, [
    igAccount,
    after,
  ]),
  op('rawIgUserReels', 'instagram', 'User reels', "An account's reels, newest first.", true, [
    igAccount,
    after,
  ]),
  op(
    'rawIgUserTagsFeed',
    'instagram',
    'Posts tagging a user',
    'Posts in which others tagged the account.',
    true,
    [igAccount, after],
  ),
  op(
    'rawIgHashtagFeed',
    'instagram',
    'Hashtag posts',
    "Posts with a hashtag: Instagram's selection, not every post.",
    true,
    [
      param('hashtag', 'Hashtag', 'With or without the #.', { placeholder: '#travel' }),
      param('type', 'Which posts', "top or recent; empty for the service's default.", {
        optional: true,
        placeholder: 'recent',
      }),
      after,
    ],
  ),
  op('rawIgMediaInfo', 'instagram', 'Post info', 'One post by its shortcode.', false, [igPost]),
  op(
    'rawIgMediaComments',
    'instagram',
    'Post comments',
    "A post's comments, 20 per page. Pages come in any order; each comment is written once.",
    true,
    [igPost, after],
  ),
  op('rawIgMediaCommentReplies', 'instagram', 'Comment replies', 'Replies to one comment of a post.', true, [
    igPost,
    commentId,
    after,
  ]),
  op(
    'rawIgSearch',
    'instagram',
    'Search users and hashtags',
    'Accounts and hashtags matching a text.',
    false,
    [igSearchText],
  ),
  op('rawIgSearchHashtags', 'instagram', 'Search hashtags', 'Hashtags matching a text.', false, [
    igSearchText,
  ]),
  op('rawIgAudioInfo', 'instagram', 'Audio info', 'An audio track by its id.', false, [
    param('id', 'Audio id', "The number in the audio's link."),
  ]),

  // TikTok
  op(
    'rawTiktokUserInfo',
    'tiktok',
    'User info',
    "One account's profile: bio, followers, likes, videos.",
    false,
    [ttAccount],
  ),
  op(
    'rawTiktokUserFeed',
    'tiktok',
    'User videos',
    "An account's videos, newest first; page sizes vary.",
    true,
    [ttAccount, cursor],
  ),
  op('rawTiktokMediaInfo', 'tiktok', 'Video info', 'One video by its link or id.', false, [ttVideo]),
  op(
    'rawTiktokMediaDownload',
    'tiktok',
    'Video download link',
    "A direct link to the video's file; it works for a short while only.",
    false,
    [ttVideo],
  ),
  op('rawTiktokComments', 'tiktok', 'Video comments', "A video's comments, 20 per page.", true, [
    ttVideo,
    cursor,
  ]),
  op('rawTiktokCommentsReplies', 'tiktok', 'Comment replies', 'Replies to one comment of a video.', true, [
    ttVideo,
    commentId,
    cursor,
  ]),
  op(
    'rawTiktokChallengeInfo',
    'tiktok',
    'Hashtag info',
    'A hashtag (challenge): its videos and views.',
    false,
    [param('name', 'Hashtag', 'Its name, without the #.', { placeholder: 'cooking' })],
  ),
  op('rawTiktokChallengeFeed', 'tiktok', 'Hashtag videos', 'Videos with a hashtag (challenge).', true, [
    param('name', 'Hashtag', 'Its name, without the #.', { placeholder: 'cooking' }),
    cursor,
  ]),
  op('rawTiktokMusicInfo', 'tiktok', 'Sound info', 'A sound by its id.', false, [
    param('id', 'Sound id', "The number at the end of the sound's link."),
  ]),
  op('rawTiktokMusicFeed', 'tiktok', 'Sound videos', 'Videos using a sound, up to 30 per page.', true, [
    param('id', 'Sound id', "The number at the end of the sound's link."),
    cursor,
  ]),
  op('rawTiktokSearchUsers', 'tiktok', 'Search users', 'Accounts matching a text.', true, [
    searchText,
    cursor,
  ]),

  // YouTube
  op('rawYoutubeChannelInfo', 'youtube', 'Channel info', 'One channel: subscribers, videos, views.', false, [
    ytChannel,
  ]),
  op(
    'rawYoutubeUploadedVideos',
    'youtube',
    'Channel videos',
    "A channel's videos, newest first; 30 per page.",
    true,
    [ytChannel, cursor],
  ),
  op(
    'rawYoutubeUploadedShorts',
    'youtube',
    'Channel shorts',
    "A channel's shorts, newest first; 30 per page.",
    true,
    [ytChannel, cursor],
  ),
  op(
    'rawYoutubeUploadedLives',
    'youtube',
    'Channel live streams',
    "A channel's live streams, newest first; 30 per page.",
    true,
    [ytChannel, cursor],
  ),
  op('rawYoutubePlaylistVideos', 'youtube', 'Playlist videos', "A playlist's videos; 100 per page.", true, [
    param('id', 'Playlist id', "The part after list= in the playlist's link.", { placeholder: 'PL…' }),
    cursor,
  ]),
  op(
    'rawYoutubeVideoInfo',
    'youtube',
    'Video info',
    'One video: views, likes, comments, description.',
    false,
    [ytVideoId],
  ),
  op('rawYoutubeShortInfo', 'youtube', 'Short info', 'One short: views, likes, comments.', false, [
    param('id', 'Short id', "The part after /shorts/ in the short's link."),
  ]),
  op(
    'rawYoutubeVideoSubtitles',
    'youtube',
    'Video subtitles',
    "A video's subtitles, one line per row.",
    false,
    [
      ytVideoId,
      param('lang', 'Language', "A language code such as en; empty for the video's own track.", {
        optional: true,
        placeholder: 'en',
      }),
    ],
  ),
  op(
    'rawYoutubeVideoComments',
    'youtube',
    'Video comments',
    "A video's comments, 20 per page. YouTube starts them from a cursor, not from the video.",
    true,
    [
      {
        ...param(
          'cursor',
          'Comments cursor',
          "The video's comments_cursor: pull Video info with All fields ticked to see it.",
        ),
        cursor: true,
      },
    ],
  ),
  op(
    'rawYoutubeVideoCommentReplies',
    'youtube',
    'Comment replies',
    'Replies to one comment, 20 per page. YouTube starts them from the comment’s replies cursor.',
    true,
    [{ ...param('cursor', 'Replies cursor', "The comment's replies_cursor."), cursor: true }],
  ),
];

const BY_ID = new Map<string, RawOperation>(
  RAW_DATA_OPERATIONS.map((operation) => [operation.id, operation]),
);

/** The operation with this id, or null for anything else (the server checks what it is sent). */
export function rawOperation(id: unknown): RawOperation | null {
  return typeof id === 'string' ? (BY_ID.get(id) ?? null) : null;
}

/**
 * The operation as people say it, platform first: "Instagram user posts". Everything the sidebar
 * says about a raw operation names it so (the picker's legend, tab names, results, Account); the
 * API path (`/raw/ig/user-feed`) is kept for a tooltip, where a power user looks for it.
 */
export function rawOperationName(operation: RawOperation): string {
  return `${RAW_PLATFORM_NAMES[operation.platform]} ${operation.label.toLowerCase()}`;
}

/** The operations of each platform, in the platforms' order: the picker's groups. */
export function rawOperationGroups(): { platform: Platform; label: string; operations: RawOperation[] }[] {
  return PLATFORMS.map((platform) => ({
    platform,
    label: RAW_PLATFORM_NAMES[platform],
    operations: RAW_DATA_OPERATIONS.filter((operation) => operation.platform === platform),
  }));
}

/** The cursor parameter of a paged operation (`after` or `cursor`), or null. */
export function rawCursorParam(operation: RawOperation): RawParam | null {
  return operation.params.find((item) => item.cursor) ?? null;
}
