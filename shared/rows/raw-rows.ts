import type { RawOperationId } from '../operations';
import {
  booleanCell,
  dateFromIsoText,
  dateFromSeconds,
  isRecord,
  listAt,
  numberCell,
  textCell,
  valueAt,
  type Path,
} from './cell-values';
import {
  type Cell,
  column,
  type Column,
  type ColumnFormat,
  type Row,
  type RowOptions,
  withOptionalHeader,
} from './columns';

/**
 * Raw data (the platforms' own JSON) as rows, one per item of a page (posts, comments, users...).
 *
 * Table mode (`rawToRows`): each raw operation has a short list of useful columns, named alike
 * across platforms (id, code, username, text, created, likes, comments, views, url, ...), so a
 * sheet of Instagram posts and one of TikTok videos line up.
 *
 * Flat mode (`flatColumns` + `flatToRows`), for "all fields": every leaf of an item becomes a
 * column named by its dotted path (`user.username`, `caption.text`). The columns are fixed from
 * the FIRST page, in the order its keys first appear (depth first, each object's own key order),
 * at most MAX_FLAT_COLUMNS; later pages fill those columns and drop keys the first page lacked, so
 * appended pages never shift columns. Keep the first page's columns with the job. Arrays of plain
 * values become one "a, b" text cell; arrays of objects become JSON text.
 */

interface RawColumn extends Column {
  /** `timeZone`: the sheet's, for date columns (UTC when absent). */
  readonly read: (item: unknown, timeZone?: string) => Cell;
}

/**
 * Where an answer keeps its items, and their columns. Paged answers keep them where RAW_PAGINATION
 * says (a test holds the two together); the path is repeated here so that this file, which the
 * add-on bundles, does not pull the zod schemas of responses/raw in with it.
 */
interface RawTable {
  readonly items: (body: unknown) => unknown[];
  readonly columns: readonly RawColumn[];
}

export const MAX_FLAT_COLUMNS = 200;

/* ------------------------------------------------------------ column kit */

function raw(id: string, label: string, format: ColumnFormat, read: RawColumn['read']): RawColumn {
  return { ...column(id, label, format), read };
}
const text = (id: string, label: string, path: Path) =>
  raw(id, label, 'text', (item) => textCell(valueAt(item, path)));
const count = (id: string, label: string, path: Path) =>
  raw(id, label, 'integer', (item) => numberCell(valueAt(item, path)));
const decimal = (id: string, label: string, path: Path) =>
  raw(id, label, 'decimal', (item) => numberCell(valueAt(item, path)));
const flag = (id: string, label: string, path: Path) =>
  raw(id, label, 'boolean', (item) => booleanCell(valueAt(item, path)));
const createdSeconds = (path: Path) =>
  raw('created', 'Created', 'date', (item, timeZone) => dateFromSeconds(valueAt(item, path), timeZone));
const createdIso = (path: Path) =>
  raw('created', 'Created', 'date', (item, timeZone) => dateFromIsoText(valueAt(item, path), timeZone));
const link = (read: (item: unknown) => string | null, id = 'url', label = 'URL') =>
  raw(id, label, 'url', read);

/** The item itself as a one-item list, when the answer describes a single thing. */
const single =
  (...path: Path) =>
  (body: unknown): unknown[] => {
    const item = valueAt(body, path);
    return item === undefined || item === null ? [] : [item];
  };
const list =
  (...path: Path) =>
  (body: unknown): unknown[] =>
    listAt(body, path);

function withText(template: (value: string) => string, value: unknown): string | null {
  const cell = textCell(value);
  return cell === null ? null : template(encodeURIComponent(cell));
}

/* ----------------------------------------------------------- Instagram */

const igMediaColumns: readonly RawColumn[] = [
  text('id', 'Id', ['pk']),
  text('code', 'Code', ['code']),
  text('type', 'Type', ['product_type']),
  text('username', 'Username', ['user', 'username']),
  text('text', 'Text', ['caption', 'text']),
  createdSeconds(['taken_at']),
  count('likes', 'Likes', ['like_count']),
  count('comments', 'Comments', ['comment_count']),
  raw(
    'views',
    'Views',
    'integer',
    (item) => numberCell(valueAt(item, ['play_count'])) ?? numberCell(valueAt(item, ['view_count'])),
  ),
  link((item) => withText((code) => `https://www.instagram.com/p/${code}/`, valueAt(item, ['code']))),
];

const igCommentColumns: readonly RawColumn[] = [
  text('id', 'Id', ['pk']),
  text('username', 'Username', ['user', 'username']),
  text('text', 'Text', ['text']),
  createdSeconds(['created_at']),
  count('likes', 'Likes', ['comment_like_count']),
  count('replies', 'Replies', ['child_comment_count']),
];

const igProfileUrl = (item: unknown) =>
  withText((name) => `https://www.instagram.com/${name}/`, valueAt(item, ['username']));
const igTagUrl = (item: unknown) =>
  withText((name) => `https://www.instagram.com/explore/tags/${name}/`, valueAt(item, ['name']));
const isIgUser = (item: unknown) => isRecord(item) && 'username' in item;

/** An entry as Instagram wraps it (`{ position, user }`, `{ position, hashtag }`), or as it is. */
function unwrapIgEntry(entry: unknown): unknown {
  if (!isRecord(entry)) return entry;
  for (const key of ['user', 'hashtag']) if (isRecord(entry[key])) return entry[key];
  return entry;
}

/**
 * The users and hashtags of a raw Instagram search: its `list` (the shape a public client reads),
 * or else its `users` and `hashtags` (our first choice), entries bare or wrapped.
 */
function igSearchItems(body: unknown): unknown[] {
  const entries = Array.isArray(valueAt(body, ['list']))
    ? listAt(body, ['list'])
    : listAt(body, ['users']).concat(listAt(body, ['hashtags']));
  return entries.map(unwrapIgEntry);
}

/* -------------------------------------------------------------- TikTok */

const ttVideoUrl = (item: unknown) => {
  const user = textCell(valueAt(item, ['author', 'uniqueId']));
  const id = textCell(valueAt(item, ['id']));
  return user === null || id === null
    ? null
    : `https://www.tiktok.com/@${encodeURIComponent(user)}/video/${encodeURIComponent(id)}`;
};
const ttProfileUrl = (path: Path) => (item: unknown) =>
  withText((name) => `https://www.tiktok.com/@${name}`, valueAt(item, path));

const ttVideoColumns: readonly RawColumn[] = [
  text('id', 'Id', ['id']),
  text('username', 'Username', ['author', 'uniqueId']),
  text('text', 'Text', ['desc']),
  createdSeconds(['createTime']),
  count('likes', 'Likes', ['stats', 'diggCount']),
  count('comments', 'Comments', ['stats', 'commentCount']),
  count('views', 'Views', ['stats', 'playCount']),
  count('shares', 'Shares', ['stats', 'shareCount']),
  count('saves', 'Saves', ['stats', 'collectCount']),
  link(ttVideoUrl),
];

const ttCommentColumns: readonly RawColumn[] = [
  text('id', 'Id', ['cid']),
  raw(
    'username',
    'Username',
    'text',
    (item) => textCell(valueAt(item, ['user', 'unique_id'])) ?? textCell(valueAt(item, ['user', 'uniqueId'])),
  ),
  text('text', 'Text', ['text']),
  createdSeconds(['create_time']),
  count('likes', 'Likes', ['digg_count']),
  count('replies', 'Replies', ['reply_comment_total']),
];

const ttUserColumns: readonly RawColumn[] = [
  text('id', 'Id', ['id']),
  text('username', 'Username', ['uniqueId']),
  text('name', 'Name', ['nickname']),
  flag('verified', 'Verified', ['verified']),
  link(ttProfileUrl(['uniqueId'])),
];

/* ------------------------------------------------------------- YouTube */

const ytVideoUrl = (kind: 'watch' | 'shorts') => (item: unknown) =>
  withText(
    (id) =>
      kind === 'shorts' ? `https://www.youtube.com/shorts/${id}` : `https://www.youtube.com/watch?v=${id}`,
    valueAt(item, ['id']),
  );

const ytVideoColumns = (kind: 'watch' | 'shorts'): readonly RawColumn[] => [
  text('id', 'Id', ['id']),
  text('text', 'Title', ['title']),
  createdIso(['published_at']),
  count('views', 'Views', ['view_count']),
  link(ytVideoUrl(kind)),
  link((item) => textCell(valueAt(item, ['thumbnail'])), 'thumbnail', 'Thumbnail'),
];

const ytVideoInfo = (kind: 'watch' | 'shorts', root: string): RawTable => ({
  items: single(root),
  columns: [
    text('id', 'Id', ['id']),
    text('text', 'Title', ['title']),
    createdIso(['published_at']),
    count('likes', 'Likes', ['like_count']),
    count('comments', 'Comments', ['comment_count']),
    count('views', 'Views', ['view_count']),
    link(ytVideoUrl(kind)),
    text('channel_id', 'Channel id', ['channel_id']),
    text('description', 'Description', ['description']),
  ],
});

const ytCommentColumns: readonly RawColumn[] = [
  text('id', 'Id', ['id']),
  text('username', 'Author', ['author']),
  text('text', 'Text', ['text']),
  createdIso(['published_at']),
  count('likes', 'Likes', ['like_count']),
  count('replies', 'Replies', ['reply_count']),
];

/* --------------------------------------------------------------- table */

const RAW_TABLES: { readonly [K in RawOperationId]: RawTable } = {
  rawIgSearch: {
    items: igSearchItems,
    columns: [
      raw('type', 'Type', 'text', (item) => (isIgUser(item) ? 'user' : 'hashtag')),
      raw('id', 'Id', 'text', (item) => textCell(valueAt(item, ['pk'])) ?? textCell(valueAt(item, ['id']))),
      raw('username', 'Username or hashtag', 'text', (item) =>
        isIgUser(item) ? textCell(valueAt(item, ['username'])) : textCell(valueAt(item, ['name'])),
      ),
      text('name', 'Name', ['full_name']),
      count('posts', 'Posts', ['media_count']),
      flag('verified', 'Verified', ['is_verified']),
      link((item) => (isIgUser(item) ? igProfileUrl(item) : igTagUrl(item))),
    ],
  },
  rawIgSearchHashtags: {
    items: list('hashtags'),
    columns: [
      text('id', 'Id', ['id']),
      text('name', 'Hashtag', ['name']),
      count('posts', 'Posts', ['media_count']),
      link(igTagUrl),
    ],
  },
  rawIgUserInfo: {
    // Flat at the root (api-notes "Seen from the real service"); older answers wrapped it in `user`.
    items: (body) => {
      const wrapped = valueAt(body, ['user']);
      if (isRecord(wrapped)) return [wrapped];
      return isRecord(body) ? [body] : [];
    },
    columns: [
      text('id', 'Id', ['pk']),
      text('username', 'Username', ['username']),
      text('name', 'Name', ['full_name']),
      count('followers', 'Followers', ['follower_count']),
      count('following', 'Following', ['following_count']),
      count('posts', 'Posts', ['media_count']),
      text('bio', 'Bio', ['biography']),
      link((item) => textCell(valueAt(item, ['external_url'])), 'external_url', 'Website'),
      flag('verified', 'Verified', ['is_verified']),
      flag('private', 'Private', ['is_private']),
      link(igProfileUrl),
    ],
  },
  rawIgUserFeed: { items: list('items'), columns: igMediaColumns },
  rawIgUserReels: { items: list('items'), columns: igMediaColumns },
  rawIgUserTagsFeed: { items: list('items'), columns: igMediaColumns },
  rawIgHashtagFeed: { items: list('items'), columns: igMediaColumns },
  rawIgMediaInfo: { items: list('items'), columns: igMediaColumns },
  rawIgMediaComments: { items: list('comments'), columns: igCommentColumns },
  rawIgMediaCommentReplies: { items: list('comments'), columns: igCommentColumns },
  rawIgAudioInfo: {
    items: single('audio'),
    columns: [
      text('id', 'Id', ['audio_cluster_id']),
      text('title', 'Title', ['title']),
      text('artist', 'Artist', ['display_artist']),
    ],
  },

  rawTiktokUserInfo: {
    items: single('user_info', 'userInfo'),
    columns: [
      text('id', 'Id', ['user', 'id']),
      text('username', 'Username', ['user', 'uniqueId']),
      text('name', 'Name', ['user', 'nickname']),
      count('followers', 'Followers', ['stats', 'followerCount']),
      count('following', 'Following', ['stats', 'followingCount']),
      count('likes', 'Likes', ['stats', 'heartCount']),
      count('posts', 'Posts', ['stats', 'videoCount']),
      text('bio', 'Bio', ['user', 'signature']),
      flag('verified', 'Verified', ['user', 'verified']),
      flag('private', 'Private', ['user', 'privateAccount']),
      link(ttProfileUrl(['user', 'uniqueId'])),
    ],
  },
  rawTiktokUserFeed: { items: list('user_feed', 'items'), columns: ttVideoColumns },
  rawTiktokChallengeFeed: { items: list('challenge_feed', 'items'), columns: ttVideoColumns },
  rawTiktokChallengeInfo: {
    items: single('challenge_info'),
    columns: [
      text('id', 'Id', ['challenge', 'id']),
      text('name', 'Hashtag', ['challenge', 'title']),
      count('posts', 'Posts', ['stats', 'videoCount']),
      count('views', 'Views', ['stats', 'viewCount']),
      link((item) =>
        withText((tag) => `https://www.tiktok.com/tag/${tag}`, valueAt(item, ['challenge', 'title'])),
      ),
    ],
  },
  rawTiktokComments: { items: list('comments_list', 'comments'), columns: ttCommentColumns },
  rawTiktokCommentsReplies: { items: list('comments_list', 'comments'), columns: ttCommentColumns },
  rawTiktokMusicInfo: {
    items: single('music_info', 'music'),
    columns: [
      text('id', 'Id', ['id']),
      text('title', 'Title', ['title']),
      text('artist', 'Artist', ['authorName']),
    ],
  },
  rawTiktokMusicFeed: { items: list('music_feed', 'items'), columns: ttVideoColumns },
  rawTiktokSearchUsers: { items: list('search_users', 'users'), columns: ttUserColumns },
  rawTiktokMediaInfo: { items: single('media_info', 'item'), columns: ttVideoColumns },
  rawTiktokMediaDownload: {
    items: single('media_download'),
    columns: [link((item) => textCell(valueAt(item, ['url'])), 'url', 'Download URL')],
  },

  rawYoutubeChannelInfo: {
    items: single('channel_info'),
    columns: [
      text('id', 'Id', ['id']),
      text('name', 'Name', ['title']),
      text('username', 'Handle', ['handle']),
      count('followers', 'Subscribers', ['subscriber_count']),
      count('posts', 'Videos', ['video_count']),
      count('views', 'Views', ['view_count']),
      text('bio', 'Description', ['description']),
      link((item) => withText((id) => `https://www.youtube.com/channel/${id}`, valueAt(item, ['id']))),
    ],
  },
  rawYoutubeUploadedVideos: { items: list('videos_list', 'videos'), columns: ytVideoColumns('watch') },
  rawYoutubeUploadedShorts: { items: list('shorts_list', 'shorts'), columns: ytVideoColumns('shorts') },
  rawYoutubeUploadedLives: { items: list('lives_list', 'lives'), columns: ytVideoColumns('watch') },
  rawYoutubePlaylistVideos: { items: list('videos_list', 'videos'), columns: ytVideoColumns('watch') },
  rawYoutubeVideoInfo: ytVideoInfo('watch', 'video_info'),
  rawYoutubeVideoSubtitles: {
    items: list('subtitles', 'segments'),
    columns: [
      decimal('start', 'Start (s)', ['start']),
      decimal('duration', 'Duration (s)', ['duration']),
      text('text', 'Text', ['text']),
    ],
  },
  rawYoutubeShortInfo: ytVideoInfo('shorts', 'short_info'),
  rawYoutubeVideoComments: { items: list('comments_list', 'comments'), columns: ytCommentColumns },
  rawYoutubeVideoCommentReplies: { items: list('comments_list', 'comments'), columns: ytCommentColumns },
};

/* ----------------------------------------------------------- table mode */

/** The items of one answer of `operationId`: the page's list, or the one thing it describes. */
export function rawItems(operationId: RawOperationId, body: unknown): unknown[] {
  return RAW_TABLES[operationId].items(body);
}

/** The columns of `operationId` in table mode. */
export function rawColumns(operationId: RawOperationId): readonly Column[] {
  return RAW_TABLES[operationId].columns.map((col) => column(col.id, col.label, col.format));
}

/** One row per item of one answer, in the answer's order. */
export function rawToRows(operationId: RawOperationId, body: unknown, options?: RowOptions): Row[] {
  const columns = RAW_TABLES[operationId].columns;
  const rows = rawItems(operationId, body).map((item) =>
    columns.map((col) => col.read(item, options?.timeZone)),
  );
  return withOptionalHeader(columns, rows, options);
}

/* ------------------------------------------------------------ flat mode */

/** Leaf path -> cell of one item, in the item's own key order. */
function flatten(item: unknown): Map<string, Cell> {
  const leaves = new Map<string, Cell>();
  const visit = (value: unknown, path: string) => {
    if (isRecord(value)) {
      for (const key of Object.keys(value)) visit(value[key], path === '' ? key : `${path}.${key}`);
      return;
    }
    if (path === '') return;
    leaves.set(path, leafCell(value));
  };
  visit(item, '');
  return leaves;
}

function leafCell(value: unknown): Cell {
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    const plain = value.every((entry) => entry === null || typeof entry !== 'object');
    return textCell(
      plain
        ? value
            .filter((entry) => entry !== null)
            .map(String)
            .join(', ')
        : JSON.stringify(value),
    );
  }
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return numberCell(value);
  return textCell(value);
}

function formatOf(cells: readonly Cell[]): ColumnFormat {
  const seen = cells.filter((cell) => cell !== null);
  if (seen.length === 0) return 'text';
  if (seen.every((cell) => typeof cell === 'boolean')) return 'boolean';
  if (seen.every((cell) => typeof cell === 'number')) {
    return seen.every((cell) => Number.isInteger(cell)) ? 'integer' : 'decimal';
  }
  if (seen.every((cell) => typeof cell === 'string' && /^https?:\/\//i.test(cell))) return 'url';
  return 'text';
}

/**
 * The flat-mode columns of a first page: each leaf path once, in first-seen order, at most
 * MAX_FLAT_COLUMNS. Id and label are the dotted path; the format follows the page's values.
 */
export function flatColumns(items: readonly unknown[]): Column[] {
  const order: string[] = [];
  const values = new Map<string, Cell[]>();
  for (const item of items) {
    flatten(item).forEach((cell, path) => {
      let seen = values.get(path);
      if (seen === undefined) {
        if (order.length >= MAX_FLAT_COLUMNS) return;
        seen = [];
        values.set(path, seen);
        order.push(path);
      }
      seen.push(cell);
    });
  }
  return order.map((path) => column(path, path, formatOf(values.get(path) ?? [])));
}

/** One row per item in flat mode, filling exactly `columns` (from the first page's flatColumns). */
export function flatToRows(
  items: readonly unknown[],
  columns: readonly Column[],
  options?: RowOptions,
): Row[] {
  const rows = items.map((item) => {
    const leaves = flatten(item);
    return columns.map((col) => leaves.get(col.id) ?? null);
  });
  return withOptionalHeader(columns, rows, options);
}
