import { OPERATIONS, RAW_OPERATION_IDS } from '../../../shared/operations';
import { isRawOperationId, RAW_HASHTAG_FEED_TYPES, RAW_QUERY_SCHEMAS } from '../../../shared/requests/raw';
import type { RawOperationId } from '../../../shared/operations';
import { accepted, rejected } from './expect-parse';

const schema = (id: RawOperationId) => RAW_QUERY_SCHEMAS[id];

describe('raw query schemas', () => {
  it('cover exactly the raw operations of the catalogue', () => {
    expect(Object.keys(RAW_QUERY_SCHEMAS).sort()).toEqual([...RAW_OPERATION_IDS].sort());
    expect(isRawOperationId('rawTiktokUserFeed')).toBe(true);
    expect(isRawOperationId('search')).toBe(false);
    for (const id of Object.keys(RAW_QUERY_SCHEMAS)) expect(OPERATIONS[id as RawOperationId].raw).toBe(true);
  });

  it('media-comments: code required, after optional (spec)', () => {
    expect(accepted(schema('rawIgMediaComments'), { code: 'C1a2B3', after: 'xyz' })).toEqual({
      code: 'C1a2B3',
      after: 'xyz',
    });
    expect(accepted(schema('rawIgMediaComments'), { code: 'C1a2B3', after: '' })).toEqual({ code: 'C1a2B3' });
    expect(rejected(schema('rawIgMediaComments'), { after: 'xyz' })).toBe('code is required');
  });

  it('user-tags-feed: url required (handle with @ or id), after optional (spec)', () => {
    expect(accepted(schema('rawIgUserTagsFeed'), { url: '@someone' })).toEqual({ url: '@someone' });
    expect(rejected(schema('rawIgUserTagsFeed'), { username: 'someone' })).toBe('url is required');
  });

  it('YouTube comments and replies have no page without a cursor', () => {
    expect(rejected(schema('rawYoutubeVideoComments'), {})).toBe('cursor is required');
    expect(rejected(schema('rawYoutubeVideoCommentReplies'), { cursor: '' })).toBe(
      'cursor must not be empty',
    );
    expect(accepted(schema('rawYoutubeVideoComments'), { cursor: 'abc' })).toEqual({ cursor: 'abc' });
  });

  it.each<[RawOperationId, Record<string, string>, string]>([
    ['rawIgSearch', { keyword: 'coffee' }, 'keyword'],
    ['rawIgSearchHashtags', { keyword: 'coffee' }, 'keyword'],
    ['rawIgUserInfo', { url: '@a' }, 'url'],
    ['rawIgUserFeed', { url: '@a', after: 'c' }, 'url'],
    ['rawIgUserReels', { url: '123' }, 'url'],
    ['rawIgHashtagFeed', { hashtag: 'coffee', type: 'recent', after: 'h-2' }, 'hashtag'],
    ['rawIgMediaInfo', { code: 'C1' }, 'code'],
    ['rawIgMediaCommentReplies', { code: 'C1', comment_id: '9' }, 'comment_id'],
    ['rawIgAudioInfo', { id: '77' }, 'id'],
    ['rawTiktokUserInfo', { url: '@a' }, 'url'],
    ['rawTiktokUserFeed', { url: '@a', cursor: '0' }, 'url'],
    ['rawTiktokChallengeFeed', { name: 'dance' }, 'name'],
    ['rawTiktokChallengeInfo', { name: 'dance' }, 'name'],
    ['rawTiktokComments', { url: 'https://www.tiktok.com/@a/video/1' }, 'url'],
    ['rawTiktokCommentsReplies', { url: '1', comment_id: '2' }, 'comment_id'],
    ['rawTiktokMusicInfo', { id: '5' }, 'id'],
    ['rawTiktokMusicFeed', { id: '5' }, 'id'],
    ['rawTiktokSearchUsers', { query: 'chef' }, 'query'],
    ['rawTiktokMediaInfo', { url: '1' }, 'url'],
    ['rawTiktokMediaDownload', { url: '1' }, 'url'],
    ['rawYoutubeChannelInfo', { url: '@a' }, 'url'],
    ['rawYoutubeUploadedVideos', { url: '@a' }, 'url'],
    ['rawYoutubeUploadedShorts', { url: '@a', cursor: 'n' }, 'url'],
    ['rawYoutubeUploadedLives', { url: '@a' }, 'url'],
    ['rawYoutubePlaylistVideos', { id: 'PL1' }, 'id'],
    ['rawYoutubeVideoInfo', { id: 'v1' }, 'id'],
    ['rawYoutubeVideoSubtitles', { id: 'v1', lang: 'en' }, 'id'],
    ['rawYoutubeShortInfo', { id: 's1' }, 'id'],
  ])('%s accepts %j and requires %s', (id, query, required) => {
    expect(accepted(schema(id), query)).toEqual(query);
    const { [required]: _dropped, ...without } = query;
    expect(rejected(schema(id), without)).toBe(`${required} is required`);
  });

  describe('rawIgHashtagFeed', () => {
    const hashtagFeed = schema('rawIgHashtagFeed');

    it('takes the hashtag as `hashtag`, with or without its #, trimmed (api-notes)', () => {
      expect(accepted(hashtagFeed, { hashtag: 'coffee' })).toEqual({ hashtag: 'coffee' });
      expect(accepted(hashtagFeed, { hashtag: ' #coffee ' })).toEqual({ hashtag: '#coffee' });
    });

    it('says hashtag is required, never tag, when neither is given', () => {
      expect(rejected(hashtagFeed, {})).toBe('hashtag is required');
      expect(rejected(hashtagFeed, { hashtag: '  ' })).toBe('hashtag must not be empty');
    });

    it.each(RAW_HASHTAG_FEED_TYPES.map((type) => [type]))('accepts type %s', (type) => {
      expect(accepted(hashtagFeed, { hashtag: 'coffee', type })).toEqual({ hashtag: 'coffee', type });
    });

    it('reads an empty type as none (the service default), like every optional query value', () => {
      expect(accepted(hashtagFeed, { hashtag: 'coffee', type: '' })).toEqual({ hashtag: 'coffee' });
    });

    it('rejects any other type, naming the two it takes', () => {
      expect(RAW_HASHTAG_FEED_TYPES).toEqual(['top', 'recent']);
      expect(rejected(hashtagFeed, { hashtag: 'coffee', type: 'popular' })).toMatch(
        /^type must be one of top, recent/,
      );
    });

    it('takes an optional after cursor; an empty one counts as absent', () => {
      expect(accepted(hashtagFeed, { hashtag: 'coffee', after: 'QVFE' })).toEqual({
        hashtag: 'coffee',
        after: 'QVFE',
      });
      expect(accepted(hashtagFeed, { hashtag: 'coffee', after: '' })).toEqual({ hashtag: 'coffee' });
    });

    it('reads the old `tag` as `hashtag` and never sends `tag`', () => {
      expect(accepted(hashtagFeed, { tag: 'coffee' })).toEqual({ hashtag: 'coffee' });
      expect(accepted(hashtagFeed, { tag: 'coffee', type: 'top', after: 'x' })).toEqual({
        hashtag: 'coffee',
        type: 'top',
        after: 'x',
      });
    });

    it('lets hashtag win when both are given, and tag fill an empty hashtag', () => {
      expect(accepted(hashtagFeed, { tag: 'tea', hashtag: 'coffee' })).toEqual({ hashtag: 'coffee' });
      expect(accepted(hashtagFeed, { tag: 'tea', hashtag: '' })).toEqual({ hashtag: 'tea' });
    });

    it('says hashtag is required when the old tag is empty', () => {
      expect(rejected(hashtagFeed, { tag: '' })).toBe('hashtag must not be empty');
    });
  });

  describe.each<RawOperationId>(['rawIgSearch', 'rawIgSearchHashtags'])('%s', (id) => {
    it('reads the older `query` as `keyword` (api-notes: the service takes keyword) and never sends it', () => {
      expect(accepted(schema(id), { query: 'coffee' })).toEqual({ keyword: 'coffee' });
      expect(accepted(schema(id), { query: 'tea', keyword: 'coffee' })).toEqual({ keyword: 'coffee' });
      expect(accepted(schema(id), { query: 'tea', keyword: '' })).toEqual({ keyword: 'tea' });
    });

    it('says keyword is required, never query, when neither is given', () => {
      expect(rejected(schema(id), {})).toBe('keyword is required');
      expect(rejected(schema(id), { query: ' ' })).toBe('keyword must not be empty');
    });
  });

  it('keeps unknown query values', () => {
    expect(accepted(schema('rawIgUserInfo'), { url: '@a', extra: '1' })).toEqual({ url: '@a', extra: '1' });
  });
});
