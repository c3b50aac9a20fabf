import { RAW_QUERY_SCHEMAS, type RAW_HASHTAG_FEED_TYPES } from '../../../../shared/requests/raw';
import { HASHTAG_FEED_MAX, type Page, type PlatformCreators, type Post, type World } from '../../data';
import type { SandboxHandlers } from '../../operation-handler';
import { parseWith } from '../../parse-with';
import { SandboxError } from '../../sandbox-error';
import { searchCreators, searchHashtags } from './creator-search';
import { igComment, igMedia, igMusicAssetInfo, igUser, igUserInfo } from './raw-instagram-payloads';
import { knownHashtag, postOf, publicAccountIndex, accountIndex, topLevelCommentOf } from './raw-lookups';
import { feedOffset, nextFeedCursor, takePage, type ServedPage } from './feed-cursor';
import { igCommentPageAt, igCommentsCursor, igCommentsStep, RAW_FEED_PAGE_SIZE } from './raw-paging';

/**
 * The Instagram raw routes (`/raw/ig/...`). Pages carry `more_available` and `end_cursor` (the next
 * request's `after`); `end_cursor` is "" on the last page, since two answers require a string.
 */

/** The real service's answer to a hashtag feed request without `hashtag` (documented text). */
export const HASHTAG_MISSING_MESSAGE = 'Hashtag undefined. Please pass the hashtag as a query parameter';

/** The real service's answer to a search without `keyword` (documented text, its wording kept). */
export const KEYWORD_MISSING_MESSAGE =
  'Search keyword undefined. Please pass the search keyword id as a query parameter';

/** Whether a query parameter was sent with something in it. */
function isGiven(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined;
}

/**
 * The search text as the service takes it: `keyword` only. The shared schema reads an older `query`
 * as `keyword` for the worker's users; the service does not, and says so in its own words.
 */
function searchKeyword(
  id: 'rawIgSearch' | 'rawIgSearchHashtags',
  rawQuery: Readonly<Record<string, unknown>>,
): string {
  if (!isGiven(rawQuery.keyword)) throw new SandboxError('bad_request', KEYWORD_MISSING_MESSAGE);
  return parseWith(RAW_QUERY_SCHEMAS[id], rawQuery).keyword;
}

/**
 * The posts of a hashtag feed in the order of its `type` (chosen): `top`, the default as on
 * Instagram's own hashtag page, is most liked first; `recent` is newest first. Both hold the same
 * posts, at most HASHTAG_FEED_MAX.
 */
function hashtagFeed(
  pc: PlatformCreators,
  tag: string,
  type: (typeof RAW_HASHTAG_FEED_TYPES)[number],
): Post[] {
  const posts = [...pc.postsWithHashtag(tag, 0, HASHTAG_FEED_MAX).items];
  const byId = (a: Post, b: Post) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  if (type === 'recent') return posts.sort((a, b) => b.createdAt - a.createdAt || byId(a, b));
  return posts.sort((a, b) => b.likes - a.likes || b.createdAt - a.createdAt || byId(a, b));
}

/** Chosen: how many users and hashtags a search answers (it is not paged). */
const IG_SEARCH_USERS = 20;
const IG_SEARCH_HASHTAGS = 20;

function igPage<T, R>(page: ServedPage<T>, scope: string, toItem: (item: T) => R) {
  const items = page.items.map(toItem);
  return {
    items,
    num_results: items.length,
    more_available: page.nextOffset !== null,
    end_cursor: nextFeedCursor(scope, page) ?? '',
    status: 'ok',
  };
}

/** A page of one creator's media, from `url` and `after`. */
function mediaFeed(
  world: World,
  rawQuery: unknown,
  feed: 'rawIgUserFeed' | 'rawIgUserReels' | 'rawIgUserTagsFeed',
  fetch: (pc: PlatformCreators, index: number, offset: number, limit: number) => Page<Post>,
) {
  const query = parseWith(RAW_QUERY_SCHEMAS[feed], rawQuery);
  const pc = world.instagram;
  const index = publicAccountIndex(pc, query.url);
  const scope = `${feed}:${index}`;
  const offset = feedOffset(query.after, scope, 'after');
  const page = takePage((o, l) => fetch(pc, index, o, l), offset, RAW_FEED_PAGE_SIZE.igMedia);
  return { body: igPage(page, scope, (post: Post) => igMedia(pc, post)) };
}

/** Hashtags matching a search, as Instagram lists them; their ids encode the tag's list position. */
function igHashtags(world: World, text: string) {
  return searchHashtags(world, 'instagram', text, IG_SEARCH_HASHTAGS).map((entry) => ({
    id: `17841${String(world.dictionaries.hashtagPosition('instagram', entry.tag)).padStart(10, '0')}`,
    name: entry.tag,
    media_count: entry.postCount,
  }));
}

export const rawInstagramHandlers: SandboxHandlers<World> = {
  rawIgSearch: ({ world, query }) => {
    const text = searchKeyword('rawIgSearch', query);
    const pc = world.instagram;
    const users = searchCreators(pc, text, 0, IG_SEARCH_USERS).items.map((index) => igUser(pc, index));
    // `{ list: [ { user } ] }` as a public client reads it (api-notes, single); hashtags beside the
    // users as Instagram's own search lists them, `{ position, hashtag }` (chosen). The odd shapes
    // give our first choice, `{ users, hashtags }`.
    const list = [
      ...users.map((user) => ({ user })),
      ...igHashtags(world, text).map((hashtag) => ({ hashtag })),
    ].map((entry, position) => ({ position, ...entry }));
    return { body: { list, status: 'ok' } };
  },

  rawIgSearchHashtags: ({ world, query }) => {
    const text = searchKeyword('rawIgSearchHashtags', query);
    return { body: { hashtags: igHashtags(world, text), status: 'ok' } };
  },

  rawIgUserInfo: ({ world, query }) => {
    const { url } = parseWith(RAW_QUERY_SCHEMAS.rawIgUserInfo, query);
    const pc = world.instagram;
    return { body: igUserInfo(pc, accountIndex(pc, url)) };
  },

  rawIgUserFeed: ({ world, query }) =>
    mediaFeed(world, query, 'rawIgUserFeed', (pc, index, offset, limit) => pc.posts(index, offset, limit)),

  rawIgUserReels: ({ world, query }) =>
    mediaFeed(world, query, 'rawIgUserReels', (pc, index, offset, limit) =>
      pc.postsOfType(index, ['reel'], offset, limit),
    ),

  // A private account's tagged tab is as closed as its own feed.
  rawIgUserTagsFeed: ({ world, query }) =>
    mediaFeed(world, query, 'rawIgUserTagsFeed', (pc, index, offset, limit) =>
      pc.taggedPosts(index, offset, limit),
    ),

  rawIgHashtagFeed: ({ world, query }) => {
    // The shared schema reads an old `tag` as `hashtag` for the worker's users; the service does not.
    if (!isGiven(query.hashtag)) throw new SandboxError('bad_request', HASHTAG_MISSING_MESSAGE);
    const { hashtag: text, type = 'top', after } = parseWith(RAW_QUERY_SCHEMAS.rawIgHashtagFeed, query);
    const pc = world.instagram;
    const tag = knownHashtag(pc, text);
    // The order is part of the feed: a cursor of the top posts does not page the recent ones.
    const scope = `rawIgHashtagFeed:${tag}:${type}`;
    const offset = feedOffset(after, scope, 'after');
    const posts = hashtagFeed(pc, tag, type);
    const page = takePage(
      (o, l) => ({ items: posts.slice(o, o + l), nextOffset: null, total: posts.length }),
      offset,
      RAW_FEED_PAGE_SIZE.igMedia,
    );
    return { body: igPage(page, scope, (post: Post) => igMedia(pc, post)) };
  },

  rawIgMediaInfo: ({ world, query }) => {
    const { code } = parseWith(RAW_QUERY_SCHEMAS.rawIgMediaInfo, query);
    const pc = world.instagram;
    const post = postOf(pc, code);
    return { body: { items: [igMedia(pc, post)], num_results: 1, more_available: false, status: 'ok' } };
  },

  rawIgMediaComments: ({ world, query }) => {
    const { code, after } = parseWith(RAW_QUERY_SCHEMAS.rawIgMediaComments, query);
    const pc = world.instagram;
    const post = postOf(pc, code);
    const size = RAW_FEED_PAGE_SIZE.comments;
    const total = pc.comments(post, 0, 0).total ?? 0;
    const pageCount = Math.ceil(total / size);
    const step = igCommentsStep(after, post.id);
    const comments =
      step < pageCount ? pc.comments(post, igCommentPageAt(post.id, pageCount, step) * size, size).items : [];
    const more = step + 1 < pageCount;
    return {
      body: {
        status: 'ok',
        comments_disabled: post.commentsDisabled,
        comment_count: total,
        comments: comments.map(igComment),
        more_available: more,
        end_cursor: more ? igCommentsCursor(post.id, step + 1) : '',
      },
    };
  },

  rawIgMediaCommentReplies: ({ world, query }) => {
    const {
      code,
      comment_id: commentId,
      after,
    } = parseWith(RAW_QUERY_SCHEMAS.rawIgMediaCommentReplies, query);
    const pc = world.instagram;
    const parent = topLevelCommentOf(pc, postOf(pc, code), commentId);
    const scope = `rawIgMediaCommentReplies:${parent.id}`;
    const offset = feedOffset(after, scope, 'after');
    const page = takePage((o, l) => pc.replies(parent, o, l), offset, RAW_FEED_PAGE_SIZE.comments);
    return {
      body: {
        status: 'ok',
        parent_comment_id: parent.id,
        child_comment_count: parent.replyCount,
        comments: page.items.map(igComment),
        more_available: page.nextOffset !== null,
        end_cursor: nextFeedCursor(scope, page) ?? '',
      },
    };
  },

  rawIgAudioInfo: ({ world, query }) => {
    const { id } = parseWith(RAW_QUERY_SCHEMAS.rawIgAudioInfo, query);
    const audio = igMusicAssetInfo(world.instagram, id);
    if (audio === null) {
      throw new SandboxError('entity_not_found', `No Instagram audio matches ${JSON.stringify(id)}`);
    }
    return { body: { audio, status: 'ok' } };
  },
};
