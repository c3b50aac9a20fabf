import { RAW_PAGE_SIZES } from '../../../../../shared/limits';
import type { PostType } from '../../../../../worker/sandbox/data';
import { buildContentSandbox } from './content-sandbox';
import { idsOf, sizes, walkPages } from './walk-pages';
import {
  commentWithReplies,
  countOfType,
  playlistWithVideos,
  postWithComments,
  smallestCreator,
} from './world-examples';

const sandbox = buildContentSandbox();
const yt = sandbox.world.youtube;

interface YtVideo {
  id: string;
  type: PostType;
}
interface YtComment {
  id: string;
  reply_count: number;
  replies_cursor: string | null;
}

describe('GET /raw/youtube/channel-info', () => {
  it('agrees with the world and lists the playlists', async () => {
    const index = smallestCreator(yt);
    const creator = yt.creator(index);
    const response = await sandbox.get('/raw/youtube/channel-info', {
      url: `https://www.youtube.com/@${creator.username}`,
    });
    expect(response.body.channel_info).toMatchObject({
      id: creator.userId,
      handle: `@${creator.username}`,
      title: creator.fullname,
      subscriber_count: creator.followers,
      video_count: creator.postsCount,
    });
    expect(idsOf(response.body.channel_info.playlists, 'id')).toEqual(yt.playlists(index).map((p) => p.id));
  });
});

describe('uploads', () => {
  const cases: [
    'rawYoutubeUploadedVideos' | 'rawYoutubeUploadedShorts' | 'rawYoutubeUploadedLives',
    PostType,
    number,
  ][] = [
    ['rawYoutubeUploadedVideos', 'video', RAW_PAGE_SIZES.youtubeUploadedVideos],
    ['rawYoutubeUploadedShorts', 'short', RAW_PAGE_SIZES.youtubeUploadedShorts],
    ['rawYoutubeUploadedLives', 'live', RAW_PAGE_SIZES.youtubeUploadedLives],
  ];

  it.each(cases)('%s pages 30 %ss at a time through all of them', async (id, type, size) => {
    expect(size).toBe(30);
    const index = smallestCreator(yt, (i) => countOfType(yt, i, [type]) > size);
    const walk = await walkPages(sandbox, id, { url: yt.userId(index) });
    const items = walk.pages.flat() as YtVideo[];
    const expected = yt.postsOfType(index, [type], 0, 10_000).items.map((post) => post.id);
    expect(items.map((item) => item.id)).toEqual(expected);
    expect(new Set(items.map((item) => item.type))).toEqual(new Set([type]));
    expect(
      sizes(walk)
        .slice(0, -1)
        .every((pageSize) => pageSize === size),
    ).toBe(true);
    expect(walk.pages.length).toBeGreaterThan(1);
  });
});

describe('GET /raw/youtube/playlist-videos', () => {
  it('pages 100 videos at a time through the playlist', async () => {
    const id = playlistWithVideos(yt, 100, 300);
    const playlist = yt.playlist(id);
    const walk = await walkPages(sandbox, 'rawYoutubePlaylistVideos', { id });
    const ids = idsOf(walk.pages.flat(), 'id');
    expect(ids).toHaveLength(playlist?.videoCount ?? -1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sizes(walk)[0]).toBe(RAW_PAGE_SIZES.youtubePlaylistVideos);
    expect(walk.bodies[0].playlist).toMatchObject({ id, video_count: playlist?.videoCount });
  });
});

describe('comments', () => {
  it('video-info hands out the first comments cursor; following it walks every comment, 20 a page', async () => {
    const post = postWithComments(yt, 41, 200);
    const info = await sandbox.get('/raw/youtube/video-info', { id: post.id });
    expect(info.body.video_info).toMatchObject({
      id: post.id,
      comment_count: post.comments,
      like_count: post.likes,
    });
    const cursor = info.body.video_info.comments_cursor as string;
    const walk = await walkPages(sandbox, 'rawYoutubeVideoComments', { cursor });
    // The walk's first request carries the video-info cursor; later ones the cursors handed out.
    const ids = idsOf(walk.pages.flat(), 'id');
    expect(ids).toEqual(yt.comments(post, 0, post.comments).items.map((c) => c.id));
    expect(
      sizes(walk)
        .slice(0, -1)
        .every((size) => size === RAW_PAGE_SIZES.comments),
    ).toBe(true);
  });

  it('each comment hands out its replies cursor; following it walks every reply', async () => {
    const { post, comment } = commentWithReplies(yt, 20);
    const info = await sandbox.get('/raw/youtube/video-info', { id: post.id });
    const comments = await walkPages(sandbox, 'rawYoutubeVideoComments', {
      cursor: info.body.video_info.comments_cursor,
    });
    const found = (comments.pages.flat() as YtComment[]).find((c) => c.id === comment.id);
    expect(found?.reply_count).toBe(comment.replyCount);
    const walk = await walkPages(sandbox, 'rawYoutubeVideoCommentReplies', {
      cursor: found?.replies_cursor ?? '',
    });
    const ids = idsOf(walk.pages.flat(), 'id');
    expect(ids).toHaveLength(comment.replyCount);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sizes(walk)[0]).toBe(20);
    expect(
      (comments.pages.flat() as YtComment[])
        .filter((c) => c.reply_count === 0)
        .every((c) => c.replies_cursor === null),
    ).toBe(true);
  });

  it('cannot be read without a cursor, nor with a replies cursor', async () => {
    const missing = await sandbox.get('/raw/youtube/video-comments', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/cursor/);
    const { comment } = commentWithReplies(yt, 0);
    const replies = await sandbox.get('/raw/youtube/video-comments', { cursor: '' });
    expect(replies.status).toBe(400);
    const page = await sandbox.get('/raw/youtube/video-comment-replies', { cursor: 'bm9wZQ' });
    expect(page.status).toBe(400);
    expect(page.body.message).toMatch(/^cursor must be a cursor from a previous page/);
    const info = await sandbox.get('/raw/youtube/video-info', { id: comment.postId });
    const wrongKind = await sandbox.get('/raw/youtube/video-comment-replies', {
      cursor: info.body.video_info.comments_cursor,
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toMatch(/video-comments/);
  });
});

describe('videos', () => {
  it('short-info describes a short; subtitles come in the channel language only', async () => {
    const short = postWithComments(yt, 1, 1000, (post) => post.type === 'short');
    const info = await sandbox.get('/raw/youtube/short-info', {
      id: `https://www.youtube.com/shorts/${short.id}`,
    });
    expect(info.body.short_info).toMatchObject({ id: short.id, type: 'short', view_count: short.views });

    const subtitles = await sandbox.get('/raw/youtube/video-subtitles', { id: short.id });
    const language = subtitles.body.subtitles.language as string;
    expect(subtitles.body.subtitles.segments.length).toBeGreaterThan(0);
    expect((await sandbox.get('/raw/youtube/video-subtitles', { id: short.id, lang: language })).status).toBe(
      200,
    );
    const other = await sandbox.get('/raw/youtube/video-subtitles', {
      id: short.id,
      lang: language === 'xx' ? 'yy' : 'xx',
    });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('entity_not_found');
  });
});
