import { OPERATIONS, RAW_OPERATION_IDS } from '../../../shared/operations';
import { isRawOperationId, RAW_QUERY_SCHEMAS } from '../../../shared/requests/raw';
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
    ['rawIgSearch', { query: 'coffee' }, 'query'],
    ['rawIgSearchHashtags', { query: 'coffee' }, 'query'],
    ['rawIgUserInfo', { url: '@a' }, 'url'],
    ['rawIgUserFeed', { url: '@a', after: 'c' }, 'url'],
    ['rawIgUserReels', { url: '123' }, 'url'],
    ['rawIgHashtagFeed', { tag: 'coffee' }, 'tag'],
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

  it('keeps unknown query values', () => {
    expect(accepted(schema('rawIgUserInfo'), { url: '@a', extra: '1' })).toEqual({ url: '@a', extra: '1' });
  });
});
