import {
  igCommentPageAt,
  igCommentsCursor,
  igCommentsStep,
  readYoutubeCursor,
  tiktokUserFeedPageSize,
  TIKTOK_USER_FEED_MAX,
  TIKTOK_USER_FEED_MIN,
  youtubeCommentsCursor,
  youtubeRepliesCursor,
} from '../../../../../worker/sandbox/operations/content/raw-paging';

describe('Instagram comment page order', () => {
  it.each([1, 2, 3, 4, 6, 12, 25, 60, 97, 360])(
    'visits each of %i pages exactly once, never starting with the newest when there are several',
    (pageCount) => {
      for (const postId of ['3851981654216589395', '3000000000000000001', '3999999999999999999']) {
        const order = Array.from({ length: pageCount }, (_, step) =>
          igCommentPageAt(postId, pageCount, step),
        );
        expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: pageCount }, (_, k) => k));
        if (pageCount > 1) expect(order[0]).not.toBe(0);
        if (pageCount > 2) expect(order).not.toEqual([...order].sort((a, b) => a - b));
      }
    },
  );

  it('hands out cursors bound to their post', () => {
    expect(igCommentsStep(igCommentsCursor('3851981654216589395', 4), '3851981654216589395')).toBe(4);
    expect(igCommentsStep(undefined, '3851981654216589395')).toBe(0);
    expect(() => igCommentsStep(igCommentsCursor('3000000000000000001', 4), '3851981654216589395')).toThrow(
      /another post's comments/,
    );
  });
});

describe('TikTok user feed page sizes', () => {
  it('vary between 15 and 30, the same for the same page', () => {
    const sizes = Array.from({ length: 200 }, (_, offset) => tiktokUserFeedPageSize(1234, offset));
    expect(Math.min(...sizes)).toBe(TIKTOK_USER_FEED_MIN);
    expect(Math.max(...sizes)).toBe(TIKTOK_USER_FEED_MAX);
    expect(tiktokUserFeedPageSize(1234, 45)).toBe(tiktokUserFeedPageSize(1234, 45));
  });
});

describe('YouTube comment cursors', () => {
  it('carry the video or comment they page, and are told apart', () => {
    expect(readYoutubeCursor(youtubeCommentsCursor('NenL0cAAu55', 40), 'ytc')).toEqual({
      target: 'NenL0cAAu55',
      offset: 40,
    });
    expect(readYoutubeCursor(youtubeRepliesCursor('UgzCFk0lAABAACMA', 0), 'ytr')).toEqual({
      target: 'UgzCFk0lAABAACMA',
      offset: 0,
    });
    expect(() => readYoutubeCursor(youtubeRepliesCursor('UgzCFk0lAABAACMA', 0), 'ytc')).toThrow(
      /video-comment-replies/,
    );
    expect(() => readYoutubeCursor('abc', 'ytc')).toThrow(/^cursor must be a cursor from a previous page/);
  });
});
