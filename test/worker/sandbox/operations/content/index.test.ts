import { OPERATIONS, RAW_OPERATION_IDS, type RawOperationId } from '../../../../../shared/operations';
import { RAW_RESPONSE_SCHEMAS } from '../../../../../shared/responses/raw';
import { rawItems } from '../../../../../shared/rows/raw-rows';
import { contentHandlers } from '../../../../../worker/sandbox/operations/content';
import {
  youtubeCommentsCursor,
  youtubeRepliesCursor,
} from '../../../../../worker/sandbox/operations/content/raw-paging';
import { readComplete } from '../../../../support/complete-answer';
import { buildContentSandbox, TOKENS, type ContentSandbox } from './content-sandbox';
import {
  commentWithReplies,
  countOfType,
  hashtagWithPosts,
  musicIdOf,
  postWithComments,
  smallestCreator,
  smallPlaylist,
} from './world-examples';

const sandbox = buildContentSandbox();
const { world } = sandbox;
const ig = world.instagram;
const tt = world.tiktok;
const yt = world.youtube;

type Query = Record<string, string>;

const RAW_IDS = RAW_OPERATION_IDS.filter((id): id is RawOperationId => OPERATIONS[id].raw);

/** One real request per raw operation, built from the world (async where a cursor must be fetched first). */
const EXAMPLES: Record<RawOperationId, (sb: ContentSandbox) => Query | Promise<Query>> = {
  rawIgSearch: () => ({ keyword: ig.username(ig.byFollowersDesc()[300]).slice(0, 4) }),
  rawIgSearchHashtags: () => ({ keyword: world.dictionaries.hashtags('instagram')[0].slice(0, 3) }),
  rawIgUserInfo: () => ({ url: `@${ig.username(smallestCreator(ig))}` }),
  rawIgUserFeed: () => ({ url: `@${ig.username(smallestCreator(ig))}` }),
  rawIgUserReels: () => ({ url: ig.userId(smallestCreator(ig, (i) => countOfType(ig, i, ['reel']) > 0)) }),
  rawIgUserTagsFeed: () => ({
    url: `@${ig.username(smallestCreator(ig, (i) => (ig.taggedPosts(i, 0, 1).total ?? 0) > 0))}`,
  }),
  rawIgHashtagFeed: () => ({ hashtag: `#${hashtagWithPosts(ig, world, 12)}` }),
  rawIgMediaInfo: () => ({ code: postWithComments(ig, 1, 1000).code }),
  rawIgMediaComments: () => ({ code: postWithComments(ig, 5, 100).code }),
  rawIgMediaCommentReplies: () => {
    const { post, comment } = commentWithReplies(ig, 0);
    return { code: post.code, comment_id: comment.id };
  },
  rawIgAudioInfo: () => ({ id: musicIdOf(ig, false) }),

  rawTiktokUserInfo: () => ({ url: `@${tt.username(smallestCreator(tt))}` }),
  rawTiktokUserFeed: () => ({ url: `@${tt.username(smallestCreator(tt))}` }),
  rawTiktokChallengeFeed: () => ({ name: hashtagWithPosts(tt, world, 30) }),
  rawTiktokChallengeInfo: () => ({ name: `#${hashtagWithPosts(tt, world, 30)}` }),
  rawTiktokComments: () => ({ url: postWithComments(tt, 5, 100).url }),
  rawTiktokCommentsReplies: () => {
    const { post, comment } = commentWithReplies(tt, 0);
    return { url: post.id, comment_id: comment.id };
  },
  rawTiktokMusicInfo: () => ({ id: musicIdOf(tt, false) }),
  rawTiktokMusicFeed: () => ({ id: musicIdOf(tt, true) }),
  rawTiktokSearchUsers: () => ({ query: tt.username(tt.byFollowersDesc()[300]).slice(0, 4) }),
  rawTiktokMediaInfo: () => ({ url: postWithComments(tt, 1, 1000).url }),
  rawTiktokMediaDownload: () => ({ url: postWithComments(tt, 1, 1000).id }),

  rawYoutubeChannelInfo: () => ({ url: `@${yt.username(smallestCreator(yt))}` }),
  rawYoutubeUploadedVideos: () => ({ url: yt.userId(smallestCreator(yt)) }),
  rawYoutubeUploadedShorts: () => ({
    url: yt.userId(smallestCreator(yt, (i) => countOfType(yt, i, ['short']) > 0)),
  }),
  rawYoutubeUploadedLives: () => ({
    url: yt.userId(smallestCreator(yt, (i) => countOfType(yt, i, ['live']) > 0)),
  }),
  rawYoutubePlaylistVideos: () => ({ id: smallPlaylist(yt) }),
  rawYoutubeVideoInfo: () => ({ id: postWithComments(yt, 1, 1000).id }),
  rawYoutubeVideoSubtitles: () => ({ id: postWithComments(yt, 1, 1000).id }),
  rawYoutubeShortInfo: () => ({ id: postWithComments(yt, 1, 1000, (post) => post.type === 'short').id }),
  rawYoutubeVideoComments: async (sb) => {
    const info = await sb.get('/raw/youtube/video-info', { id: postWithComments(yt, 5, 100).id });
    return { cursor: info.body.video_info.comments_cursor };
  },
  rawYoutubeVideoCommentReplies: async (sb) => {
    const { comment } = commentWithReplies(yt, 0);
    const page = await sb.get('/raw/youtube/video-comments', {
      cursor: youtubeCommentsCursor(comment.postId, 0),
    });
    const withReplies = (
      page.body.comments_list.comments as { id: string; replies_cursor: string | null }[]
    ).find((c) => c.id === comment.id);
    return { cursor: withReplies?.replies_cursor ?? '' };
  },
};

describe('content handlers', () => {
  it('register collaborations, the deprecated collaborations and every raw operation', () => {
    expect(RAW_IDS).toHaveLength(11 + 11 + 10);
    expect(Object.keys(contentHandlers).sort()).toEqual(
      [
        'collaborationPosts',
        'collaborationSummary',
        'collaborationsInfluencerDeprecated',
        'collaborationsBrandDeprecated',
        ...RAW_OPERATION_IDS,
      ].sort(),
    );
  });
});

describe('every raw operation', () => {
  it.each(RAW_IDS)('%s answers a schema-valid body with content from the world', async (id) => {
    const query = await EXAMPLES[id](sandbox);
    const response = await sandbox.get(OPERATIONS[id].path, query);
    expect(response.status).toBe(200);
    readComplete(RAW_RESPONSE_SCHEMAS[id], response.body);
    expect(rawItems(id, response.body).length).toBeGreaterThan(0);
  });

  it('costs no credits and one raw request per call', async () => {
    const before = await sandbox.balance();
    await sandbox.get('/raw/ig/user-info', { url: `@${ig.username(smallestCreator(ig))}` }).expect(200);
    await sandbox
      .get('/raw/youtube/channel-info', { url: `@${yt.username(smallestCreator(yt))}` })
      .expect(200);
    const after = await sandbox.balance();
    expect(after).toEqual({ credits: before.credits, rawRequests: before.rawRequests - 2 });
  });

  it('answers 403 raw_access_denied to a token without raw access, and spends nothing', async () => {
    const before = await sandbox.balance(TOKENS.noRaw);
    const response = await sandbox.get(
      '/raw/ig/user-info',
      { url: `@${ig.username(smallestCreator(ig))}` },
      TOKENS.noRaw,
    );
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: true, code: 'raw_access_denied' });
    expect(await sandbox.balance(TOKENS.noRaw)).toEqual(before);
  });
});

describe('raw 404s', () => {
  const unknownPost = { ig: 'AAAAAAAAAAA', tt: '7000000000000000000', yt: 'AAAAAAAAAAA' };
  const cases: [RawOperationId, () => Query, string, RegExp][] = [
    [
      'rawIgUserInfo',
      () => ({ url: '@nobody.here.zz' }),
      'account_not_found',
      /No Instagram account matches "@nobody\.here\.zz"/,
    ],
    ['rawIgUserFeed', () => ({ url: '@nobody.here.zz' }), 'account_not_found', /@nobody\.here\.zz/],
    ['rawIgUserReels', () => ({ url: '123' }), 'account_not_found', /"123"/],
    ['rawIgUserTagsFeed', () => ({ url: '@nobody.here.zz' }), 'account_not_found', /@nobody/],
    [
      'rawIgHashtagFeed',
      () => ({ hashtag: '#zzznotatag' }),
      'entity_not_found',
      /hashtag matches "#zzznotatag"/,
    ],
    [
      'rawIgMediaInfo',
      () => ({ code: unknownPost.ig }),
      'media_not_found',
      /No Instagram post matches "AAAAAAAAAAA"/,
    ],
    ['rawIgMediaComments', () => ({ code: unknownPost.ig }), 'media_not_found', /AAAAAAAAAAA/],
    [
      'rawIgMediaCommentReplies',
      () => ({ code: postWithComments(ig, 5, 100).code, comment_id: '17000' }),
      'entity_not_found',
      /No comment "17000"/,
    ],
    ['rawIgAudioInfo', () => ({ id: '42' }), 'entity_not_found', /audio matches "42"/],
    ['rawTiktokUserInfo', () => ({ url: '@nobody.here.zz' }), 'account_not_found', /No TikTok account/],
    ['rawTiktokUserFeed', () => ({ url: '@nobody.here.zz' }), 'account_not_found', /No TikTok account/],
    ['rawTiktokChallengeFeed', () => ({ name: 'zzznotatag' }), 'entity_not_found', /zzznotatag/],
    ['rawTiktokChallengeInfo', () => ({ name: 'zzznotatag' }), 'entity_not_found', /zzznotatag/],
    ['rawTiktokComments', () => ({ url: unknownPost.tt }), 'media_not_found', /No TikTok post/],
    [
      'rawTiktokCommentsReplies',
      () => ({ url: postWithComments(tt, 5, 100).id, comment_id: '1' }),
      'entity_not_found',
      /No comment "1"/,
    ],
    ['rawTiktokMusicInfo', () => ({ id: '69000' }), 'entity_not_found', /sound matches "69000"/],
    ['rawTiktokMusicFeed', () => ({ id: '69000' }), 'entity_not_found', /sound/],
    ['rawTiktokMediaInfo', () => ({ url: unknownPost.tt }), 'media_not_found', /7000000000000000000/],
    ['rawTiktokMediaDownload', () => ({ url: unknownPost.tt }), 'media_not_found', /No TikTok post/],
    ['rawYoutubeChannelInfo', () => ({ url: '@nobody.here.zz' }), 'account_not_found', /No YouTube account/],
    ['rawYoutubeUploadedVideos', () => ({ url: 'UCnothing' }), 'account_not_found', /UCnothing/],
    ['rawYoutubeUploadedShorts', () => ({ url: 'UCnothing' }), 'account_not_found', /UCnothing/],
    ['rawYoutubeUploadedLives', () => ({ url: 'UCnothing' }), 'account_not_found', /UCnothing/],
    [
      'rawYoutubePlaylistVideos',
      () => ({ id: 'PLnothing' }),
      'entity_not_found',
      /playlist matches "PLnothing"/,
    ],
    ['rawYoutubeVideoInfo', () => ({ id: unknownPost.yt }), 'media_not_found', /No YouTube video matches/],
    ['rawYoutubeVideoSubtitles', () => ({ id: unknownPost.yt }), 'media_not_found', /No YouTube video/],
    ['rawYoutubeShortInfo', () => ({ id: unknownPost.yt }), 'media_not_found', /No YouTube video/],
    [
      'rawYoutubeVideoComments',
      () => ({ cursor: youtubeCommentsCursor(unknownPost.yt, 0) }),
      'media_not_found',
      /No YouTube video/,
    ],
    [
      'rawYoutubeVideoCommentReplies',
      () => ({ cursor: youtubeRepliesCursor('Ugznothing', 0) }),
      'entity_not_found',
      /No YouTube comment "Ugznothing"/,
    ],
  ];

  it.each(cases)(
    '%s answers 404 for unknown content and still uses one raw request',
    async (id, query, code, message) => {
      const before = await sandbox.balance();
      const response = await sandbox.get(OPERATIONS[id].path, query());
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: true, code, message: expect.stringMatching(message) });
      expect(await sandbox.balance()).toEqual({
        credits: before.credits,
        rawRequests: before.rawRequests - 1,
      });
    },
  );

  it('a missing parameter is a 400 that gives the raw request back', async () => {
    const before = await sandbox.balance();
    const response = await sandbox.get('/raw/ig/user-feed', {});
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('bad_request');
    expect(response.body.message).toMatch(/url/);
    expect(await sandbox.balance()).toEqual(before);
  });

  it('searches with no match answer 200 with empty lists', async () => {
    const users = await sandbox.get('/raw/tiktok/search-users', { query: 'qqqqzzzzxxxx' });
    expect(users.status).toBe(200);
    expect(users.body.search_users).toEqual({ users: [], has_more: false, cursor: null });
    const search = await sandbox.get('/raw/ig/search', { keyword: 'qqqqzzzzxxxx' });
    expect(search.body).toMatchObject({ list: [] });
  });
});
