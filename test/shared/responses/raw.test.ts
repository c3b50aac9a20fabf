import { RAW_OPERATION_IDS } from '../../../shared/operations';
import type { RawOperationId } from '../../../shared/operations';
import {
  cursorPageSchema,
  igPageSchema,
  isPagedRawOperation,
  RAW_CURSOR_FIELDS,
  RAW_MORE_FLAGS,
  RAW_PAGINATION,
  RAW_RESPONSE_SCHEMAS,
  rawIgCommentSchema,
  rawIgMediaCommentsResponseSchema,
  rawIgTaggedPostSchema,
  rawIgUserFeedResponseSchema,
  rawIgUserInfoResponseSchema,
  rawIgUserTagsFeedResponseSchema,
  rawNextCursor,
} from '../../../shared/responses/raw';
import { readAnswer } from '../../../shared/responses/tolerant';
import { z } from 'zod';
import { driftByPath } from './drift-by-path';
import { withValue, without } from './fixtures/edit-path';
import {
  igCommentWithReplies,
  igFeedWithNullViewCounts,
  igMediaCommentsFirstPage,
  igTaggedCarouselPost,
  igTaggedPostWithRequiredFieldsOnly,
  igUserTagsFeedPage,
  RAW_EXAMPLES,
  igUser,
  rawIgSearchAsList,
  rawIgUserInfoFlat,
  rawIgUserInfoWrapped,
} from './fixtures/raw';

describe('Instagram user info', () => {
  const schema = rawIgUserInfoResponseSchema;

  it('reads the flat answer the real service sends, with no drift', () => {
    const info = schema.parse(rawIgUserInfoFlat());
    expect(info).toMatchObject({
      pk: '173560420',
      username: 'ada.runs',
      biography: 'Runner. Coach. Coffee.',
      category: 'Athlete',
      external_url: 'https://ada.example',
      follower_count: 52000,
      following_count: 310,
      media_count: 410,
      profile_pic_url: 'https://cdn.example/ada.jpg',
    });
    expect(info.bio_links).toEqual([{ url: 'https://ada.example', title: 'Site' }]);
    expect(driftByPath(schema, rawIgUserInfoFlat())).toEqual([]);
  });

  it('reads the older answer wrapped in user, with no drift', () => {
    const info = schema.parse(rawIgUserInfoWrapped());
    expect(info.user).toMatchObject({ username: 'ada.runs', follower_count: 52000 });
    expect(info.username).toBeUndefined();
    expect(driftByPath(schema, rawIgUserInfoWrapped())).toEqual([]);
  });

  it('reads a numeric pk and fields of another type as none, silently', () => {
    let body = withValue(rawIgUserInfoFlat(), ['pk'], 173560420);
    body = withValue(body, ['follower_count'], '52K');
    const info = schema.parse(body);
    expect(info.pk).toBe(173560420);
    expect(info.follower_count).toBeUndefined();
    expect(driftByPath(schema, body)).toEqual([]);
  });

  it('counts an answer naming nobody (no username, pk or user) as drift, not an empty row', () => {
    expect(driftByPath(schema, { status: 'ok', data: rawIgUserInfoFlat() })).toEqual([
      { kind: 'missing', path: 'username|pk|user' },
    ]);
  });

  it.each<[string, unknown]>([
    ['a list', [rawIgUserInfoFlat()]],
    ['text', 'ada.runs'],
    ['null', null],
  ])('rejects an answer that is %s', (_, body) => {
    expect(readAnswer(schema, body).ok).toBe(false);
  });
});

describe('Instagram search', () => {
  const schema = RAW_RESPONSE_SCHEMAS.rawIgSearch;

  it('reads `list[].user` as a public client does, and hashtags beside them, with no drift', () => {
    const answer = schema.parse(rawIgSearchAsList());
    expect(answer.list?.[0].user).toMatchObject({ pk: '173560420', username: 'ada.runs' });
    expect(answer.list?.[1].hashtag).toMatchObject({ name: 'running' });
    expect(driftByPath(schema, rawIgSearchAsList())).toEqual([]);
  });

  it('reads `users` and `hashtags`, bare or wrapped as Instagram wraps them', () => {
    const wrapped = {
      users: [{ position: 0, user: igUser() }],
      hashtags: [{ hashtag: { name: 'running' } }],
    };
    const answer = schema.parse(wrapped);
    expect(answer.users?.[0]).toMatchObject({ username: 'ada.runs' });
    expect(answer.hashtags?.[0]).toMatchObject({ name: 'running' });
    expect(driftByPath(schema, wrapped)).toEqual([]);
    expect(driftByPath(schema, RAW_EXAMPLES.rawIgSearch)).toEqual([]);
  });

  it('reads an empty search as empty, not as drift', () => {
    expect(driftByPath(schema, { list: [] })).toEqual([]);
    expect(driftByPath(schema, { users: [], hashtags: [] })).toEqual([]);
  });

  it('counts a moved list root as drift: the rows are gone, an admin sees it', () => {
    expect(driftByPath(schema, { status: 'ok', results: rawIgSearchAsList().list })).toEqual([
      { kind: 'missing', path: 'list|users|hashtags' },
    ]);
  });

  it('counts list entries that are neither a user nor a hashtag, and users without their names', () => {
    const body = { list: [{ position: 0, place: { title: 'Paris' } }, { user: { pk: '1' } }] };
    expect(driftByPath(schema, body)).toEqual([
      { kind: 'missing', path: 'list[].user.username' },
      { kind: 'missing', path: 'list[].user|hashtag' },
    ]);
  });
});

describe('Instagram media comments', () => {
  const schema = rawIgMediaCommentsResponseSchema;

  it('reads a comments page, with no drift', () => {
    const page = schema.parse(igMediaCommentsFirstPage());
    expect(page.comments?.[0]?.user?.username).toBe('ada.runs');
    expect(page.end_cursor).toBe('QVFE-2');
    expect(driftByPath(schema, igMediaCommentsFirstPage())).toEqual([]);
  });

  it('reads a comment user with only pk and username, with no drift', () => {
    const comment = withValue(igCommentWithReplies(), ['user'], { pk: '1', username: 'x' });
    expect(rawIgCommentSchema.parse(comment).user).toEqual({ pk: '1', username: 'x' });
    expect(driftByPath(rawIgCommentSchema, comment)).toEqual([]);
  });

  it.each([['user'], ['created_at'], ['text'], ['comment_like_count'], ['child_comment_count']])(
    'reads a comment without %s, with no drift',
    (field) => {
      const comment = without(igCommentWithReplies(), [field]);
      expect(rawIgCommentSchema.parse(comment).pk).toBe('18000000000000001');
      expect(driftByPath(rawIgCommentSchema, comment)).toEqual([]);
    },
  );

  it('reports a comment without pk, and its user without username', () => {
    let body = without(igMediaCommentsFirstPage(), ['comments', 0, 'pk']);
    body = without(body, ['comments', 0, 'user', 'username']);
    expect(schema.parse(body).comments?.[0]?.text).toBe('Great pace!');
    expect(driftByPath(schema, body)).toEqual([
      { kind: 'missing', path: 'comments[].pk' },
      { kind: 'missing', path: 'comments[].user.username' },
    ]);
  });

  it.each([['status'], ['comments_disabled'], ['comment_count'], ['more_available'], ['end_cursor']])(
    'reads a comments page without %s, with no drift',
    (field) => {
      const body = without(igMediaCommentsFirstPage(), [field]);
      expect(schema.parse(body).comments).toHaveLength(1);
      expect(driftByPath(schema, body)).toEqual([]);
    },
  );

  it('reads a page without comments, and reports it', () => {
    const body = without(igMediaCommentsFirstPage(), ['comments']);
    expect(schema.parse(body).comments).toBeUndefined();
    expect(driftByPath(schema, body)).toEqual([{ kind: 'missing', path: 'comments' }]);
  });

  it('reads a creation time sent as a date string as none, silently', () => {
    const comment = withValue(igCommentWithReplies(), ['created_at'], '2024-05-01');
    expect(rawIgCommentSchema.parse(comment).created_at).toBeUndefined();
    expect(driftByPath(rawIgCommentSchema, comment)).toEqual([]);
  });

  it('keeps unknown fields in the page, the comment and its user', () => {
    let body = withValue(igMediaCommentsFirstPage(), ['caption_is_edited'], false);
    body = withValue(body, ['comments', 0, 'is_liked_by_media_owner'], true);
    body = withValue(body, ['comments', 0, 'user', 'fbid_v2'], '1784');
    expect(schema.parse(body)).toMatchObject({
      caption_is_edited: false,
      comments: [{ is_liked_by_media_owner: true, user: { fbid_v2: '1784' } }],
    });
  });
});

describe('Instagram media', () => {
  const schema = rawIgTaggedPostSchema;

  it('reads a post carrying every listed field, keeping those no row reads as they came', () => {
    const post = schema.parse(igTaggedCarouselPost());
    expect(post).toMatchObject({
      code: 'C3tag',
      carousel_media: [{ pk: '3300000000000000002' }, { video_url: 'https://cdn.example/c3-2.mp4' }],
      clips_metadata: { music_info: { music_asset_info: { audio_cluster_id: '55501' } } },
      usertags: { in: [{ position: [0.5, 0.4] }] },
      sponsor_tags: { sponsor: { username: 'nike' } },
    });
    expect(driftByPath(schema, igTaggedCarouselPost())).toEqual([]);
  });

  it('reads a post carrying only the spec-required fields, with no drift', () => {
    expect(schema.parse(igTaggedPostWithRequiredFieldsOnly()).code).toBe('C3min');
    expect(driftByPath(schema, igTaggedPostWithRequiredFieldsOnly())).toEqual([]);
  });

  it('reads null as absent, as Instagram sends it', () => {
    let post = withValue(igTaggedPostWithRequiredFieldsOnly(), ['caption'], null);
    post = withValue(post, ['user'], null);
    post = withValue(post, ['like_count'], null);
    const parsed = schema.parse(post);
    expect(parsed.caption).toBeUndefined();
    expect(parsed.user).toBeUndefined();
    expect(driftByPath(schema, post)).toEqual([]);
  });

  it('reads a feed whose view and play counts are all null, reels too, with no drift', () => {
    const page = rawIgUserFeedResponseSchema.parse(igFeedWithNullViewCounts());
    expect(page.items?.map((item) => [item.code, item.view_count, item.play_count, item.like_count])).toEqual(
      [
        ['C3min', undefined, undefined, 120],
        ['C3reel', undefined, undefined, 900],
      ],
    );
    expect(driftByPath(rawIgUserFeedResponseSchema, igFeedWithNullViewCounts())).toEqual([]);
  });

  it.each([['media_type'], ['product_type'], ['taken_at'], ['user']])(
    'reads a post without %s, with no drift',
    (field) => {
      const post = without(igTaggedCarouselPost(), [field]);
      expect(schema.parse(post).pk).toBe('3300000000000000001');
      expect(driftByPath(schema, post)).toEqual([]);
    },
  );

  it.each([['pk'], ['code']])('reads a post without %s, and reports it', (field) => {
    const post = without(igTaggedCarouselPost(), [field]);
    expect(schema.parse(post)).not.toHaveProperty(field);
    expect(driftByPath(schema, post)).toEqual([{ kind: 'missing', path: field }]);
  });

  it('reads counts of another type as none, silently', () => {
    let post = withValue(igTaggedCarouselPost(), ['media_type'], '8');
    post = withValue(post, ['like_count'], '900');
    const parsed = schema.parse(post);
    expect(parsed.media_type).toBeUndefined();
    expect(parsed.like_count).toBeUndefined();
    expect(driftByPath(schema, post)).toEqual([]);
  });

  it('reads a tags feed page and keeps unknown fields of its items', () => {
    const body = withValue(
      igUserTagsFeedPage(),
      ['items', 0, 'carousel_media', 0, 'accessibility_caption'],
      'shoes',
    );
    expect(rawIgUserTagsFeedResponseSchema.parse(body)).toMatchObject({
      items: [{ carousel_media: [{ accessibility_caption: 'shoes' }, {}] }, { code: 'C3min' }],
    });
    expect(
      driftByPath(rawIgUserTagsFeedResponseSchema, without(igUserTagsFeedPage(), ['end_cursor'])),
    ).toEqual([]);
  });
});

describe('page envelopes', () => {
  const item = z.looseObject({ id: z.string() });

  it('igPageSchema names the items list and wants it', () => {
    const schema = igPageSchema('items', item);
    expect(
      schema.parse({ items: [{ id: 'a' }], more_available: false, end_cursor: 'x' }).items?.[0]?.id,
    ).toBe('a');
    expect(schema.parse({ items: [{ id: 'a' }] })).toEqual({ items: [{ id: 'a' }] });
    expect(driftByPath(schema, { items: [{ id: 'a' }] })).toEqual([]);
    expect(driftByPath(schema, { posts: [] })).toEqual([{ kind: 'missing', path: 'items' }]);
  });

  it('passes the paging fields through as they came, whatever their type, for rawNextCursor', () => {
    const ig = { items: [], more_available: 1, end_cursor: 7 };
    expect(igPageSchema('items', item).parse(ig)).toEqual(ig);
    const other = { videos: [], has_more: 'yes', cursor: null, hasMore: true, nextCursor: 12 };
    expect(cursorPageSchema('videos', item).parse(other)).toEqual(other);
    expect(driftByPath(cursorPageSchema('videos', item), other)).toEqual([]);
  });

  it('cursorPageSchema reports an item list of another type', () => {
    const schema = cursorPageSchema('videos', item);
    expect(schema.parse({ videos: 'none', cursor: 'c' })).toEqual({ cursor: 'c' });
    expect(driftByPath(schema, { videos: 'none' })).toEqual([{ kind: 'wrong_type', path: 'videos' }]);
  });
});

describe('RAW_RESPONSE_SCHEMAS', () => {
  it('has a schema for every raw operation of the catalogue and nothing else', () => {
    expect(Object.keys(RAW_RESPONSE_SCHEMAS).sort()).toEqual([...RAW_OPERATION_IDS].sort());
  });

  it.each(RAW_OPERATION_IDS.map((id) => [id]))('reads the example answer of %s with no drift', (id) => {
    const schema = RAW_RESPONSE_SCHEMAS[id as RawOperationId];
    const body = RAW_EXAMPLES[id as RawOperationId];
    expect(schema.safeParse(body).error?.issues).toBeUndefined();
    expect(driftByPath(schema, body)).toEqual([]);
  });

  it.each(RAW_OPERATION_IDS.map((id) => [id]))('rejects an answer of %s that is not an object', (id) => {
    const schema = RAW_RESPONSE_SCHEMAS[id as RawOperationId];
    for (const body of [[], 'OK', null, 42]) expect(readAnswer(schema, body).ok).toBe(false);
  });

  it('reads answers whose documented root is missing, and reports the root', () => {
    const drift = (id: RawOperationId, body: unknown) => {
      expect(RAW_RESPONSE_SCHEMAS[id].safeParse(body).success).toBe(true);
      return driftByPath(RAW_RESPONSE_SCHEMAS[id], body);
    };
    expect(drift('rawTiktokUserFeed', { items: [] })).toEqual([{ kind: 'missing', path: 'user_feed' }]);
    expect(drift('rawTiktokUserInfo', { user_info: { user: {} } })).toEqual([
      { kind: 'missing', path: 'user_info.userInfo' },
    ]);
    expect(drift('rawYoutubeUploadedVideos', { videos: [] })).toEqual([
      { kind: 'missing', path: 'videos_list' },
    ]);
    expect(drift('rawYoutubeChannelInfo', { channel: { id: 'UC1' } })).toEqual([
      { kind: 'missing', path: 'channel_info' },
    ]);
    expect(drift('rawIgUserFeed', { posts: [] })).toEqual([{ kind: 'missing', path: 'items' }]);
  });

  it('reports items without their ids in the chosen shapes', () => {
    const body = withValue(RAW_EXAMPLES.rawTiktokUserFeed, ['user_feed', 'items'], [{ desc: 'no id' }]);
    expect(driftByPath(RAW_RESPONSE_SCHEMAS.rawTiktokUserFeed, body)).toEqual([
      { kind: 'missing', path: 'user_feed.items[].id' },
    ]);
  });

  it('keeps unknown fields in the chosen shapes', () => {
    const body = withValue(RAW_EXAMPLES.rawTiktokUserFeed, ['user_feed', 'items', 0, 'music'], { id: 'm' });
    expect(RAW_RESPONSE_SCHEMAS.rawTiktokUserFeed.parse(body)).toMatchObject({
      user_feed: { items: [{ music: { id: 'm' } }] },
    });
  });
});

describe('rawNextCursor', () => {
  it('lists only operations whose answer is paged', () => {
    for (const id of Object.keys(RAW_PAGINATION)) {
      expect(isPagedRawOperation(id)).toBe(true);
      expect(RAW_OPERATION_IDS).toContain(id);
    }
    expect(isPagedRawOperation('rawIgUserInfo')).toBe(false);
    expect(RAW_PAGINATION.rawIgMediaComments.param).toBe('after');
    expect(RAW_PAGINATION.rawYoutubeUploadedVideos.param).toBe('cursor');
  });

  it('finds the next cursor of each example where each platform puts it', () => {
    expect(rawNextCursor('rawIgMediaComments', RAW_EXAMPLES.rawIgMediaComments)).toBe('QVFE-2');
    expect(rawNextCursor('rawTiktokUserFeed', RAW_EXAMPLES.rawTiktokUserFeed)).toBe('1714550000000');
    expect(rawNextCursor('rawYoutubeUploadedVideos', RAW_EXAMPLES.rawYoutubeUploadedVideos)).toBe('v-2');
    expect(rawNextCursor('rawYoutubePlaylistVideos', RAW_EXAMPLES.rawYoutubePlaylistVideos)).toBeNull();
    expect(rawNextCursor('rawIgUserFeed', igFeedWithNullViewCounts())).toBeNull();
  });

  it.each(RAW_MORE_FLAGS.map((flag) => [flag]))('reads the more flag %s, in the page object', (flag) => {
    expect(rawNextCursor('rawTiktokUserFeed', { user_feed: { items: [], [flag]: true, cursor: 'c2' } })).toBe(
      'c2',
    );
    expect(
      rawNextCursor('rawTiktokUserFeed', { user_feed: { items: [], [flag]: false, cursor: 'c2' } }),
    ).toBeNull();
  });

  it.each(RAW_CURSOR_FIELDS.map((field) => [field]))(
    'reads the cursor field %s, in the page object',
    (field) => {
      expect(
        rawNextCursor('rawYoutubeVideoComments', {
          comments_list: { comments: [], has_more: true, [field]: 'n' },
        }),
      ).toBe('n');
    },
  );

  it('reads paging fields at the root when the page object has none', () => {
    expect(
      rawNextCursor('rawTiktokUserFeed', { user_feed: { items: [] }, hasMore: true, nextCursor: 'r2' }),
    ).toBe('r2');
    expect(rawNextCursor('rawTiktokUserFeed', { items: [], has_more: true, cursor: 'x' })).toBe('x');
    expect(
      rawNextCursor('rawTiktokUserFeed', { user_feed: { items: [] }, has_more: false, cursor: 'x' }),
    ).toBeNull();
  });

  it('prefers the page object to the root', () => {
    const body = { user_feed: { items: [], has_more: true, cursor: 'page' }, cursor: 'root' };
    expect(rawNextCursor('rawTiktokUserFeed', body)).toBe('page');
  });

  it('turns a numeric cursor into text', () => {
    expect(
      rawNextCursor('rawTiktokUserFeed', {
        user_feed: { items: [], has_more: 1, max_cursor: 1714550000000 },
      }),
    ).toBe('1714550000000');
    expect(
      rawNextCursor('rawTiktokComments', { comments_list: { comments: [], has_more: true, cursor: 20 } }),
    ).toBe('20');
  });

  it.each<[string, unknown]>([
    ['false', false],
    ['0', 0],
    ['"false"', 'false'],
  ])('ends on a more flag of %s, whatever the cursor says', (_, flag) => {
    expect(
      rawNextCursor('rawTiktokUserFeed', { user_feed: { items: [], has_more: flag, cursor: 'c2' } }),
    ).toBeNull();
  });

  it('continues on a flag of 1 or "true", as TikTok sends them', () => {
    expect(rawNextCursor('rawTiktokUserFeed', { user_feed: { items: [], has_more: 1, cursor: 'c2' } })).toBe(
      'c2',
    );
    expect(
      rawNextCursor('rawTiktokUserFeed', { user_feed: { items: [], has_more: 'true', cursor: 'c2' } }),
    ).toBe('c2');
  });

  it('continues on a cursor without any flag', () => {
    expect(rawNextCursor('rawIgUserFeed', { items: [], end_cursor: 'p-2' })).toBe('p-2');
    expect(
      rawNextCursor('rawYoutubeUploadedVideos', { videos_list: { videos: [], continuation_token: 'ct' } }),
    ).toBe('ct');
  });

  it('ends on an empty, null or missing cursor, even when the flag says more', () => {
    expect(
      rawNextCursor('rawTiktokUserFeed', { user_feed: { items: [], has_more: true, cursor: '' } }),
    ).toBeNull();
    expect(rawNextCursor('rawIgUserFeed', { items: [], more_available: true, end_cursor: null })).toBeNull();
    expect(rawNextCursor('rawIgUserFeed', { items: [], more_available: true })).toBeNull();
    expect(rawNextCursor('rawIgUserFeed', { items: [] })).toBeNull();
  });

  it('ends on a cursor that is neither text nor a finite number', () => {
    expect(
      rawNextCursor('rawIgUserFeed', { items: [], more_available: true, end_cursor: { id: 'x' } }),
    ).toBeNull();
    expect(
      rawNextCursor('rawIgUserFeed', { items: [], more_available: true, end_cursor: Infinity }),
    ).toBeNull();
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a list', [{ has_more: true, cursor: 'x' }]],
    ['text', 'cursor'],
  ])('ends on a body that is %s', (_, body) => {
    expect(rawNextCursor('rawTiktokUserFeed', body)).toBeNull();
  });
});
