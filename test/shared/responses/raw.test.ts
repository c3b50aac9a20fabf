import { RAW_OPERATION_IDS } from '../../../shared/operations';
import type { RawOperationId } from '../../../shared/operations';
import {
  cursorPageSchema,
  igPageSchema,
  isPagedRawOperation,
  RAW_PAGINATION,
  RAW_RESPONSE_SCHEMAS,
  rawIgCommentSchema,
  rawIgMediaCommentsResponseSchema,
  rawIgTaggedPostSchema,
  rawIgUserTagsFeedResponseSchema,
  rawNextCursor,
} from '../../../shared/responses/raw';
import { z } from 'zod';
import { withValue, without } from './fixtures/edit-path';
import {
  igCommentWithReplies,
  igMediaCommentsFirstPage,
  igTaggedCarouselPost,
  igTaggedPostWithRequiredFieldsOnly,
  igUserTagsFeedPage,
  RAW_EXAMPLES,
} from './fixtures/raw';

describe('Instagram media comments', () => {
  it('reads a comments page', () => {
    const page = rawIgMediaCommentsResponseSchema.parse(igMediaCommentsFirstPage());
    expect(page.comments[0]?.user.username).toBe('ada.runs');
    expect(page.end_cursor).toBe('QVFE-2');
  });

  it('accepts a comment user with only pk and username', () => {
    const comment = withValue(igCommentWithReplies(), ['user'], { pk: '1', username: 'x' });
    expect(rawIgCommentSchema.safeParse(comment).success).toBe(true);
  });

  it.each([['pk'], ['user'], ['created_at'], ['text'], ['comment_like_count'], ['child_comment_count']])(
    'rejects a comment without %s',
    (field) => {
      expect(rawIgCommentSchema.safeParse(without(igCommentWithReplies(), [field])).success).toBe(false);
    },
  );

  it.each([
    ['status'],
    ['comments_disabled'],
    ['comments'],
    ['comment_count'],
    ['more_available'],
    ['end_cursor'],
  ])('rejects a comments page without %s', (field) => {
    expect(
      rawIgMediaCommentsResponseSchema.safeParse(without(igMediaCommentsFirstPage(), [field])).success,
    ).toBe(false);
  });

  it('rejects a creation time sent as a date string and a user without username', () => {
    expect(
      rawIgCommentSchema.safeParse(withValue(igCommentWithReplies(), ['created_at'], '2024-05-01')).success,
    ).toBe(false);
    expect(rawIgCommentSchema.safeParse(without(igCommentWithReplies(), ['user', 'username'])).success).toBe(
      false,
    );
  });

  it('keeps unknown fields in the page, the comment and its user', () => {
    let body = withValue(igMediaCommentsFirstPage(), ['caption_is_edited'], false);
    body = withValue(body, ['comments', 0, 'is_liked_by_media_owner'], true);
    body = withValue(body, ['comments', 0, 'user', 'fbid_v2'], '1784');
    expect(rawIgMediaCommentsResponseSchema.parse(body)).toMatchObject({
      caption_is_edited: false,
      comments: [{ is_liked_by_media_owner: true, user: { fbid_v2: '1784' } }],
    });
  });
});

describe('Instagram tagged posts', () => {
  it('reads a post carrying every listed field', () => {
    const post = rawIgTaggedPostSchema.parse(igTaggedCarouselPost());
    expect(post.carousel_media?.[1]?.video_url).toBe('https://cdn.example/c3-2.mp4');
    expect(post.clips_metadata?.music_info?.music_asset_info?.audio_cluster_id).toBe('55501');
    expect(post.usertags?.in[0]?.position).toEqual([0.5, 0.4]);
  });

  it('reads a post carrying only the required fields', () => {
    expect(rawIgTaggedPostSchema.safeParse(igTaggedPostWithRequiredFieldsOnly()).success).toBe(true);
  });

  it('treats null as absent for optional fields, as Instagram sends it', () => {
    let post = withValue(igTaggedPostWithRequiredFieldsOnly(), ['caption'], null);
    post = withValue(post, ['location'], null);
    post = withValue(post, ['clips_metadata'], { music_info: null });
    expect(rawIgTaggedPostSchema.safeParse(post).success).toBe(true);
  });

  it('accepts sponsor tags as one object or as a list', () => {
    const list = withValue(
      igTaggedCarouselPost(),
      ['sponsor_tags'],
      [{ sponsor: { pk: '1', username: 'a' } }],
    );
    expect(rawIgTaggedPostSchema.safeParse(list).success).toBe(true);
  });

  it.each([['pk'], ['code'], ['media_type'], ['product_type'], ['taken_at'], ['user']])(
    'rejects a post without %s',
    (field) => {
      expect(rawIgTaggedPostSchema.safeParse(without(igTaggedCarouselPost(), [field])).success).toBe(false);
    },
  );

  it('rejects wrong types and missing required nested fields', () => {
    const post = igTaggedCarouselPost();
    expect(rawIgTaggedPostSchema.safeParse(withValue(post, ['media_type'], '8')).success).toBe(false);
    expect(rawIgTaggedPostSchema.safeParse(withValue(post, ['is_paid_partnership'], 'yes')).success).toBe(
      false,
    );
    expect(rawIgTaggedPostSchema.safeParse(without(post, ['location', 'pk'])).success).toBe(false);
    expect(
      rawIgTaggedPostSchema.safeParse(
        without(post, ['clips_metadata', 'music_info', 'music_asset_info', 'audio_cluster_id']),
      ).success,
    ).toBe(false);
    expect(
      rawIgTaggedPostSchema.safeParse(withValue(post, ['usertags', 'in', 0, 'position'], [0.5])).success,
    ).toBe(false);
    expect(
      rawIgTaggedPostSchema.safeParse(withValue(post, ['image_versions2', 'candidates', 0, 'width'], '1080'))
        .success,
    ).toBe(false);
  });

  it('reads a tags feed page and keeps unknown fields of its items', () => {
    const body = withValue(
      igUserTagsFeedPage(),
      ['items', 0, 'carousel_media', 0, 'accessibility_caption'],
      'shoes',
    );
    const page = rawIgUserTagsFeedResponseSchema.parse(body);
    expect(page.items[0]?.carousel_media?.[0]).toMatchObject({ accessibility_caption: 'shoes' });
    expect(
      rawIgUserTagsFeedResponseSchema.safeParse(without(igUserTagsFeedPage(), ['end_cursor'])).success,
    ).toBe(false);
  });
});

describe('page envelopes', () => {
  const item = z.looseObject({ id: z.string() });

  it('igPageSchema names the items array and requires the more flag', () => {
    const schema = igPageSchema('items', item);
    expect(schema.parse({ items: [{ id: 'a' }], more_available: false, end_cursor: 'x' }).items[0]?.id).toBe(
      'a',
    );
    expect(schema.safeParse({ items: [{ id: 'a' }] }).success).toBe(false);
    expect(schema.safeParse({ items: [{ id: 1 }], more_available: false }).success).toBe(false);
  });

  it('cursorPageSchema carries has_more and cursor', () => {
    const schema = cursorPageSchema('videos', item);
    expect(schema.parse({ videos: [], has_more: true, cursor: 'c' }).cursor).toBe('c');
    expect(schema.safeParse({ videos: [], has_more: 'yes' }).success).toBe(false);
  });
});

describe('RAW_RESPONSE_SCHEMAS', () => {
  it('has a schema for every raw operation of the catalogue and nothing else', () => {
    expect(Object.keys(RAW_RESPONSE_SCHEMAS).sort()).toEqual([...RAW_OPERATION_IDS].sort());
  });

  it.each(RAW_OPERATION_IDS.map((id) => [id]))('reads the example answer of %s', (id) => {
    const result = RAW_RESPONSE_SCHEMAS[id as RawOperationId].safeParse(RAW_EXAMPLES[id as RawOperationId]);
    expect(result.error?.issues).toBeUndefined();
  });

  it('rejects answers whose documented root is missing', () => {
    expect(RAW_RESPONSE_SCHEMAS.rawTiktokUserFeed.safeParse({ items: [] }).success).toBe(false);
    expect(RAW_RESPONSE_SCHEMAS.rawTiktokUserInfo.safeParse({ user_info: { user: {} } }).success).toBe(false);
    expect(RAW_RESPONSE_SCHEMAS.rawYoutubeUploadedVideos.safeParse({ videos: [] }).success).toBe(false);
    expect(RAW_RESPONSE_SCHEMAS.rawYoutubeChannelInfo.safeParse({ channel: { id: 'UC1' } }).success).toBe(
      false,
    );
    expect(RAW_RESPONSE_SCHEMAS.rawIgUserFeed.safeParse({ posts: [] }).success).toBe(false);
  });

  it('keeps unknown fields in the chosen shapes', () => {
    const body = withValue(RAW_EXAMPLES.rawTiktokUserFeed, ['user_feed', 'items', 0, 'music'], { id: 'm' });
    expect(RAW_RESPONSE_SCHEMAS.rawTiktokUserFeed.parse(body).user_feed.items[0]).toMatchObject({
      music: { id: 'm' },
    });
  });
});

describe('following raw pages', () => {
  it('lists only operations whose answer is paged, with an example that names a page', () => {
    for (const id of Object.keys(RAW_PAGINATION)) {
      expect(isPagedRawOperation(id)).toBe(true);
      expect(RAW_OPERATION_IDS).toContain(id);
    }
    expect(isPagedRawOperation('rawIgUserInfo')).toBe(false);
  });

  it('finds the next cursor where each platform puts it', () => {
    expect(rawNextCursor('rawIgMediaComments', RAW_EXAMPLES.rawIgMediaComments)).toBe('QVFE-2');
    expect(rawNextCursor('rawTiktokUserFeed', RAW_EXAMPLES.rawTiktokUserFeed)).toBe('1714550000000');
    expect(rawNextCursor('rawYoutubeUploadedVideos', RAW_EXAMPLES.rawYoutubeUploadedVideos)).toBe('v-2');
    expect(RAW_PAGINATION.rawIgMediaComments.param).toBe('after');
    expect(RAW_PAGINATION.rawYoutubeUploadedVideos.param).toBe('cursor');
  });

  it('stops on the last page, on a missing or empty cursor and on a body of another shape', () => {
    expect(rawNextCursor('rawYoutubePlaylistVideos', RAW_EXAMPLES.rawYoutubePlaylistVideos)).toBeNull();
    expect(
      rawNextCursor('rawTiktokUserFeed', { user_feed: { items: [], has_more: true, cursor: '' } }),
    ).toBeNull();
    expect(rawNextCursor('rawIgUserFeed', { items: [], more_available: true })).toBeNull();
    expect(rawNextCursor('rawTiktokUserFeed', { items: [], has_more: true, cursor: 'x' })).toBeNull();
  });
});
