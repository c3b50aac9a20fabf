import { RAW_QUERY_SCHEMAS } from '../../../../shared/requests/raw';
import type { PostType, World } from '../../data';
import type { OperationHandler, SandboxHandlers } from '../../operation-handler';
import { parseWith } from '../../parse-with';
import { SandboxError } from '../../sandbox-error';
import { accountIndex, postOf } from './raw-lookups';
import { feedOffset, nextFeedCursor, takePage } from './feed-cursor';
import {
  RAW_FEED_PAGE_SIZE,
  readYoutubeCursor,
  youtubeCommentsCursor,
  youtubeRepliesCursor,
} from './raw-paging';
import { youtubeChannel, youtubeComment, youtubeVideo, youtubeVideoInfo } from './raw-youtube-payloads';

/**
 * The YouTube raw routes (`/raw/youtube/...`). Pages carry `has_more` and `cursor`; the cursor is
 * null on the last page. Comments and replies are reached only through cursors handed out by
 * video-info (`comments_cursor`) and by each comment (`replies_cursor`).
 */

type UploadsFeed = 'rawYoutubeUploadedVideos' | 'rawYoutubeUploadedShorts' | 'rawYoutubeUploadedLives';

const UPLOADS: Record<
  UploadsFeed,
  { types: readonly PostType[]; list: string; items: string; size: number }
> = {
  rawYoutubeUploadedVideos: {
    types: ['video'],
    list: 'videos_list',
    items: 'videos',
    size: RAW_FEED_PAGE_SIZE.youtubeVideos,
  },
  rawYoutubeUploadedShorts: {
    types: ['short'],
    list: 'shorts_list',
    items: 'shorts',
    size: RAW_FEED_PAGE_SIZE.youtubeShorts,
  },
  rawYoutubeUploadedLives: {
    types: ['live'],
    list: 'lives_list',
    items: 'lives',
    size: RAW_FEED_PAGE_SIZE.youtubeLives,
  },
};

function uploads(feed: UploadsFeed): OperationHandler<World> {
  const { types, list, items, size } = UPLOADS[feed];
  return ({ world, query }) => {
    const { url, cursor } = parseWith(RAW_QUERY_SCHEMAS[feed], query);
    const pc = world.youtube;
    const index = accountIndex(pc, url);
    const scope = `${feed}:${index}`;
    const offset = feedOffset(cursor, scope, 'cursor');
    const page = takePage((o, l) => pc.postsOfType(index, types, o, l), offset, size);
    return {
      body: {
        [list]: {
          [items]: page.items.map(youtubeVideo),
          has_more: page.nextOffset !== null,
          cursor: nextFeedCursor(scope, page),
        },
      },
    };
  };
}

export const rawYoutubeHandlers: SandboxHandlers<World> = {
  rawYoutubeChannelInfo: ({ world, query }) => {
    const { url } = parseWith(RAW_QUERY_SCHEMAS.rawYoutubeChannelInfo, query);
    const pc = world.youtube;
    return { body: { channel_info: youtubeChannel(pc, accountIndex(pc, url)) } };
  },

  rawYoutubeUploadedVideos: uploads('rawYoutubeUploadedVideos'),
  rawYoutubeUploadedShorts: uploads('rawYoutubeUploadedShorts'),
  rawYoutubeUploadedLives: uploads('rawYoutubeUploadedLives'),

  rawYoutubePlaylistVideos: ({ world, query }) => {
    const { id, cursor } = parseWith(RAW_QUERY_SCHEMAS.rawYoutubePlaylistVideos, query);
    const pc = world.youtube;
    const playlist = pc.playlist(id);
    if (playlist === null) {
      throw new SandboxError('entity_not_found', `No YouTube playlist matches ${JSON.stringify(id)}`);
    }
    const scope = `rawYoutubePlaylistVideos:${playlist.id}`;
    const offset = feedOffset(cursor, scope, 'cursor');
    const page = takePage(
      (o, l) => pc.playlistVideos(playlist.id, o, l),
      offset,
      RAW_FEED_PAGE_SIZE.youtubePlaylist,
    );
    return {
      body: {
        playlist: {
          id: playlist.id,
          title: playlist.title,
          video_count: playlist.videoCount,
          channel_id: pc.userId(playlist.creatorIndex),
        },
        videos_list: {
          videos: page.items.map(youtubeVideo),
          has_more: page.nextOffset !== null,
          cursor: nextFeedCursor(scope, page),
        },
      },
    };
  },

  rawYoutubeVideoInfo: ({ world, query }) => {
    const { id } = parseWith(RAW_QUERY_SCHEMAS.rawYoutubeVideoInfo, query);
    const pc = world.youtube;
    return { body: { video_info: youtubeVideoInfo(pc, postOf(pc, id)) } };
  },

  rawYoutubeShortInfo: ({ world, query }) => {
    const { id } = parseWith(RAW_QUERY_SCHEMAS.rawYoutubeShortInfo, query);
    const pc = world.youtube;
    return { body: { short_info: youtubeVideoInfo(pc, postOf(pc, id)) } };
  },

  rawYoutubeVideoSubtitles: ({ world, query }) => {
    const { id, lang } = parseWith(RAW_QUERY_SCHEMAS.rawYoutubeVideoSubtitles, query);
    const pc = world.youtube;
    const post = postOf(pc, id);
    // One track per video, in the channel's language (YouTube's automatic captions).
    const language = pc.dictionaries.languages[pc.columns.language[post.creatorIndex]].code;
    if (lang !== undefined && lang.toLowerCase().split(/[-_]/)[0] !== language) {
      throw new SandboxError(
        'entity_not_found',
        `The YouTube video ${post.id} has no subtitles in ${JSON.stringify(lang)}; it has "${language}" only`,
      );
    }
    return { body: { subtitles: { language, segments: pc.subtitles(post) } } };
  },

  rawYoutubeVideoComments: ({ world, query }) => {
    const { cursor } = parseWith(RAW_QUERY_SCHEMAS.rawYoutubeVideoComments, query);
    const pc = world.youtube;
    const { target, offset } = readYoutubeCursor(cursor, 'ytc');
    const post = postOf(pc, target);
    const page = takePage((o, l) => pc.comments(post, o, l), offset, RAW_FEED_PAGE_SIZE.comments);
    return {
      body: {
        comments_list: {
          comments: page.items.map(youtubeComment),
          has_more: page.nextOffset !== null,
          cursor: page.nextOffset === null ? null : youtubeCommentsCursor(post.id, page.nextOffset),
          total: pc.comments(post, 0, 0).total ?? 0,
        },
      },
    };
  },

  rawYoutubeVideoCommentReplies: ({ world, query }) => {
    const { cursor } = parseWith(RAW_QUERY_SCHEMAS.rawYoutubeVideoCommentReplies, query);
    const pc = world.youtube;
    const { target, offset } = readYoutubeCursor(cursor, 'ytr');
    const parent = pc.findComment(target);
    if (parent === null || parent.parentId !== null) {
      throw new SandboxError(
        'entity_not_found',
        `No YouTube comment ${JSON.stringify(target)} to read replies of`,
      );
    }
    const page = takePage((o, l) => pc.replies(parent, o, l), offset, RAW_FEED_PAGE_SIZE.comments);
    return {
      body: {
        comments_list: {
          comments: page.items.map(youtubeComment),
          has_more: page.nextOffset !== null,
          cursor: page.nextOffset === null ? null : youtubeRepliesCursor(parent.id, page.nextOffset),
          total: parent.replyCount,
        },
      },
    };
  },
};
