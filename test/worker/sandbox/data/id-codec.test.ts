import { PLATFORMS } from '../../../../shared/platforms';
import {
  IdCodec,
  INSTAGRAM_ACCOUNT_USER_ID,
  permute32,
  unpermute32,
} from '../../../../worker/sandbox/data/id-codec';

describe('IdCodec', () => {
  const codec = new IdCodec(987654, 5000);

  it('scrambles indexes with an invertible permutation', () => {
    for (const value of [0, 1, 2, 4999, 123456789, 0xffffffff])
      expect(unpermute32(permute32(value, 77), 77)).toBe(value);
    expect(permute32(1, 77)).not.toBe(permute32(2, 77) - 1);
  });

  it('gives platform-looking user ids that decode to their index', () => {
    expect(codec.userId('instagram', 0)).toBe(INSTAGRAM_ACCOUNT_USER_ID);
    expect(codec.userId('instagram', 10)).toMatch(/^\d{10}$/);
    expect(codec.userId('tiktok', 10)).toMatch(/^\d{19}$/);
    expect(codec.userId('youtube', 10)).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
    for (const platform of PLATFORMS) {
      for (const index of [0, 1, 2500, 4999])
        expect(codec.userIndex(platform, codec.userId(platform, index))).toBe(index);
    }
  });

  it('rejects ids of other seeds, other platforms, out-of-range indexes and garbage', () => {
    const other = new IdCodec(1, 5000);
    expect(codec.userIndex('tiktok', other.userId('tiktok', 10))).toBe(-1);
    expect(codec.userIndex('youtube', codec.userId('instagram', 10))).toBe(-1);
    expect(new IdCodec(987654, 100).userIndex('instagram', codec.userId('instagram', 4000))).toBe(-1);
    expect(codec.userIndex('instagram', '12')).toBe(-1);
    expect(codec.userIndex('youtube', 'UC!')).toBe(-1);
  });

  it('encodes posts so that ids and Instagram shortcodes lead back to creator and position', () => {
    const key = { index: 4321, post: 1234 };
    for (const platform of PLATFORMS) {
      const id = codec.postId(platform, key);
      expect(codec.decodePost(platform, id)).toEqual(key);
      expect(codec.decodePost(platform, codec.postCode(platform, key))).toEqual(key);
    }
    expect(codec.postId('instagram', key)).toMatch(/^\d{19}$/);
    expect(codec.postCode('instagram', key)).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(codec.postId('youtube', key)).toMatch(/^[A-Za-z0-9_-]{11}$/);
    const mediaId = `${codec.postId('instagram', key)}_${codec.userId('instagram', 4321)}`;
    expect(codec.decodePost('instagram', mediaId)).toEqual(key);
    expect(codec.decodePost('tiktok', codec.postId('instagram', key))).toBeNull();
    expect(codec.decodePost('instagram', 'ZZZZZZZZZZZ')).toBeNull();
  });

  it('encodes comments, replies, music, playlists and challenges reversibly', () => {
    const comment = { index: 12, post: 3, comment: 700_000, reply: -1 };
    const reply = { ...comment, reply: 41 };
    for (const platform of PLATFORMS) {
      expect(codec.decodeComment(platform, codec.commentId(platform, comment))).toEqual(comment);
      expect(codec.decodeComment(platform, codec.commentId(platform, reply))).toEqual(reply);
    }
    const original = { kind: 'original' as const, index: 9, post: 2 };
    const track = { kind: 'track' as const, track: 1999 };
    expect(codec.decodeMusic('tiktok', codec.musicId('tiktok', original), 2000)).toEqual(original);
    expect(codec.decodeMusic('instagram', codec.musicId('instagram', track), 2000)).toEqual(track);
    expect(codec.decodeMusic('instagram', codec.musicId('instagram', track), 1000)).toBeNull();
    expect(codec.decodePlaylist(codec.playlistId(77, 5))).toEqual({ index: 77, playlist: 5 });
    expect(codec.playlistId(77, 5)).toMatch(/^PL[A-Za-z0-9_-]{32}$/);
    expect(codec.decodeChallenge(codec.challengeId(123))).toBe(123);
    expect(codec.decodeChallenge('999')).toBe(-1);
  });
});
