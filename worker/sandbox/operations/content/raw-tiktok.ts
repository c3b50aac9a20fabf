import { RAW_QUERY_SCHEMAS } from '../../../../shared/requests/raw';
import type { Music, PlatformCreators, Post, World } from '../../data';
import type { SandboxHandlers } from '../../operation-handler';
import { parseWith } from '../../parse-with';
import { SandboxError } from '../../sandbox-error';
import { searchCreators } from './creator-search';
import { accountIndex, knownHashtag, postOf, publicAccountIndex, topLevelCommentOf } from './raw-lookups';
import { feedOffset, nextFeedCursor, takePage, type ServedPage } from './feed-cursor';
import { RAW_FEED_PAGE_SIZE, tiktokUserFeedPageSize } from './raw-paging';
import { ttComment, ttMusic, ttUser, ttUserInfo, ttVideo } from './raw-tiktok-payloads';

/**
 * The TikTok raw routes (`/raw/tiktok/...`). Pages carry `has_more` and `cursor` (the next
 * request's `cursor`); the cursor is null on the last page.
 */

function cursorPage<T, R>(page: ServedPage<T>, scope: string, key: string, toItem: (item: T) => R) {
  return {
    [key]: page.items.map(toItem),
    has_more: page.nextOffset !== null,
    cursor: nextFeedCursor(scope, page),
  };
}

/** A challenge by its name (with or without #) or its id. */
function challengeTag(pc: PlatformCreators, name: string): string {
  const byId = /^\d+$/.test(name.trim()) ? pc.challengeTag(name) : null;
  return byId ?? knownHashtag(pc, name);
}

function musicOf(pc: PlatformCreators, id: string): Music {
  const music = pc.music(id);
  if (music === null)
    throw new SandboxError('entity_not_found', `No TikTok sound matches ${JSON.stringify(id)}`);
  return music;
}

export const rawTiktokHandlers: SandboxHandlers<World> = {
  rawTiktokUserInfo: ({ world, query }) => {
    const { url } = parseWith(RAW_QUERY_SCHEMAS.rawTiktokUserInfo, query);
    const pc = world.tiktok;
    return { body: { user_info: { userInfo: ttUserInfo(pc, accountIndex(pc, url)) } } };
  },

  rawTiktokUserFeed: ({ world, query }) => {
    const { url, cursor } = parseWith(RAW_QUERY_SCHEMAS.rawTiktokUserFeed, query);
    const pc = world.tiktok;
    const index = publicAccountIndex(pc, url);
    const scope = `rawTiktokUserFeed:${index}`;
    const offset = feedOffset(cursor, scope, 'cursor');
    const size = tiktokUserFeedPageSize(index, offset);
    const page = takePage((o, l) => pc.posts(index, o, l), offset, size);
    return { body: { user_feed: cursorPage(page, scope, 'items', (post: Post) => ttVideo(pc, post)) } };
  },

  rawTiktokChallengeFeed: ({ world, query }) => {
    const { name, cursor } = parseWith(RAW_QUERY_SCHEMAS.rawTiktokChallengeFeed, query);
    const pc = world.tiktok;
    const tag = challengeTag(pc, name);
    const scope = `rawTiktokChallengeFeed:${tag}`;
    const offset = feedOffset(cursor, scope, 'cursor');
    const page = takePage(
      (o, l) => pc.postsWithHashtag(tag, o, l),
      offset,
      RAW_FEED_PAGE_SIZE.tiktokChallengeFeed,
    );
    return { body: { challenge_feed: cursorPage(page, scope, 'items', (post: Post) => ttVideo(pc, post)) } };
  },

  rawTiktokChallengeInfo: ({ world, query }) => {
    const { name } = parseWith(RAW_QUERY_SCHEMAS.rawTiktokChallengeInfo, query);
    const pc = world.tiktok;
    const tag = challengeTag(pc, name);
    const videoCount = world.hashtagCounts('tiktok').find((entry) => entry.tag === tag)?.postCount ?? 0;
    return {
      body: {
        challenge_info: {
          challenge: { id: pc.challengeId(tag) ?? '', title: tag, desc: `#${tag}` },
          stats: { videoCount },
        },
      },
    };
  },

  rawTiktokComments: ({ world, query }) => {
    const { url, cursor } = parseWith(RAW_QUERY_SCHEMAS.rawTiktokComments, query);
    const pc = world.tiktok;
    const post = postOf(pc, url);
    const scope = `rawTiktokComments:${post.id}`;
    const offset = feedOffset(cursor, scope, 'cursor');
    const page = takePage((o, l) => pc.comments(post, o, l), offset, RAW_FEED_PAGE_SIZE.comments);
    return {
      body: {
        comments_list: {
          ...cursorPage(page, scope, 'comments', (comment) => ttComment(pc, comment)),
          total: pc.comments(post, 0, 0).total ?? 0,
        },
      },
    };
  },

  rawTiktokCommentsReplies: ({ world, query }) => {
    const {
      url,
      comment_id: commentId,
      cursor,
    } = parseWith(RAW_QUERY_SCHEMAS.rawTiktokCommentsReplies, query);
    const pc = world.tiktok;
    const parent = topLevelCommentOf(pc, postOf(pc, url), commentId);
    const scope = `rawTiktokCommentsReplies:${parent.id}`;
    const offset = feedOffset(cursor, scope, 'cursor');
    const page = takePage((o, l) => pc.replies(parent, o, l), offset, RAW_FEED_PAGE_SIZE.comments);
    return {
      body: {
        comments_list: {
          ...cursorPage(page, scope, 'comments', (comment) => ttComment(pc, comment)),
          total: parent.replyCount,
        },
      },
    };
  },

  rawTiktokMusicInfo: ({ world, query }) => {
    const { id } = parseWith(RAW_QUERY_SCHEMAS.rawTiktokMusicInfo, query);
    return { body: { music_info: { music: ttMusic(musicOf(world.tiktok, id)) } } };
  },

  rawTiktokMusicFeed: ({ world, query }) => {
    const { id, cursor } = parseWith(RAW_QUERY_SCHEMAS.rawTiktokMusicFeed, query);
    const pc = world.tiktok;
    const music = musicOf(pc, id);
    const scope = `rawTiktokMusicFeed:${music.id}`;
    const offset = feedOffset(cursor, scope, 'cursor');
    const page = takePage(
      (o, l) => pc.postsWithMusic(music.id, o, l),
      offset,
      RAW_FEED_PAGE_SIZE.tiktokMusicFeed,
    );
    return { body: { music_feed: cursorPage(page, scope, 'items', (post: Post) => ttVideo(pc, post)) } };
  },

  rawTiktokSearchUsers: ({ world, query }) => {
    const { query: text, cursor } = parseWith(RAW_QUERY_SCHEMAS.rawTiktokSearchUsers, query);
    const pc = world.tiktok;
    const scope = `rawTiktokSearchUsers:${text.toLowerCase()}`;
    const offset = feedOffset(cursor, scope, 'cursor');
    const page = takePage(
      (o, l) => searchCreators(pc, text, o, l),
      offset,
      RAW_FEED_PAGE_SIZE.tiktokSearchUsers,
    );
    return { body: { search_users: cursorPage(page, scope, 'users', (index: number) => ttUser(pc, index)) } };
  },

  rawTiktokMediaInfo: ({ world, query }) => {
    const { url } = parseWith(RAW_QUERY_SCHEMAS.rawTiktokMediaInfo, query);
    const pc = world.tiktok;
    return { body: { media_info: { item: ttVideo(pc, postOf(pc, url)) } } };
  },

  rawTiktokMediaDownload: ({ world, query }) => {
    const { url } = parseWith(RAW_QUERY_SCHEMAS.rawTiktokMediaDownload, query);
    const post = postOf(world.tiktok, url);
    return {
      body: {
        media_download: {
          url: post.video ?? post.thumbnail,
          id: post.id,
          duration: post.durationSeconds,
          no_watermark: true,
        },
      },
    };
  },
};
