import { RAW_PAGE_SIZES } from '../../../../../shared/limits';
import {
  TIKTOK_USER_FEED_MAX,
  TIKTOK_USER_FEED_MIN,
} from '../../../../../worker/sandbox/operations/content/raw-paging';
import { SEARCH_RESULTS_MAX } from '../../../../../worker/sandbox/operations/content/creator-search';
import { buildContentSandbox } from './content-sandbox';
import { idsOf, sizes, walkPages } from './walk-pages';
import {
  commentWithReplies,
  hashtagWithPosts,
  musicIdOf,
  postWithComments,
  privateCreator,
  smallestCreator,
  trackWithPosts,
} from './world-examples';

const sandbox = buildContentSandbox();
const tt = sandbox.world.tiktok;

interface TtVideo {
  id: string;
  author: { id: string; uniqueId: string };
  stats: { diggCount: number; playCount: number };
  music?: { id: string };
  challenges: { id: string; title: string }[];
}

describe('GET /raw/tiktok/user-info', () => {
  it('agrees with the world, found by handle, id or secUid', async () => {
    const index = smallestCreator(tt);
    const creator = tt.creator(index);
    for (const url of [`@${creator.username}`, creator.userId, creator.secUid ?? '', creator.url]) {
      const response = await sandbox.get('/raw/tiktok/user-info', { url });
      expect(response.body.user_info.userInfo).toMatchObject({
        user: {
          id: creator.userId,
          uniqueId: creator.username,
          secUid: creator.secUid,
          nickname: creator.fullname,
        },
        stats: {
          followerCount: creator.followers,
          followingCount: creator.following,
          heartCount: creator.totalLikes,
          videoCount: creator.postsCount,
        },
      });
    }
  });
});

describe('GET /raw/tiktok/user-feed', () => {
  it('walks the whole feed in pages whose size varies between 15 and 30', async () => {
    const index = smallestCreator(tt, (i) => tt.postCount(i) > 90);
    const walk = await walkPages(sandbox, 'rawTiktokUserFeed', { url: `@${tt.username(index)}` });
    const ids = idsOf(walk.pages.flat(), 'id');
    expect(ids).toEqual(tt.posts(index, 0, tt.postCount(index)).items.map((post) => post.id));
    const full = sizes(walk).slice(0, -1);
    expect(full.every((size) => size >= TIKTOK_USER_FEED_MIN && size <= TIKTOK_USER_FEED_MAX)).toBe(true);
    expect(new Set(full).size).toBeGreaterThan(1);
  });

  it('answers the same page for the same cursor', async () => {
    const index = smallestCreator(tt, (i) => tt.postCount(i) > 60);
    const first = await sandbox.get('/raw/tiktok/user-feed', { url: tt.userId(index) });
    const cursor = first.body.user_feed.cursor as string;
    expect(typeof cursor).toBe('string');
    const a = await sandbox.get('/raw/tiktok/user-feed', { url: tt.userId(index), cursor });
    const b = await sandbox.get('/raw/tiktok/user-feed', { url: `@${tt.username(index)}`, cursor });
    expect(a.body).toEqual(b.body);
    expect(idsOf(a.body.user_feed.items, 'id')[0]).toBe(
      tt.post(index, first.body.user_feed.items.length)?.id,
    );
  });

  it('answers private_account for a private account', async () => {
    const response = await sandbox.get('/raw/tiktok/user-feed', { url: tt.userId(privateCreator(tt)) });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('private_account');
  });
});

describe('challenges', () => {
  const tag = hashtagWithPosts(tt, sandbox.world, 30);

  it('challenge-feed pages 30 videos carrying the tag at a time, without repeats', async () => {
    const walk = await walkPages(sandbox, 'rawTiktokChallengeFeed', { name: tag });
    const items = walk.pages.flat() as TtVideo[];
    expect(sizes(walk)[0]).toBe(30);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (const item of items) expect(item.challenges.map((challenge) => challenge.title)).toContain(tag);
  });

  it('challenge-info gives the id that challenge-feed also takes', async () => {
    const info = await sandbox.get('/raw/tiktok/challenge-info', { name: `#${tag}` });
    expect(info.body.challenge_info.challenge.title).toBe(tag);
    expect(info.body.challenge_info.stats.videoCount).toBeGreaterThan(0);
    const byId = await sandbox.get('/raw/tiktok/challenge-feed', {
      name: info.body.challenge_info.challenge.id,
    });
    const byName = await sandbox.get('/raw/tiktok/challenge-feed', { name: tag });
    expect(byId.body).toEqual(byName.body);
  });
});

describe('comments', () => {
  it('comments pages 20 at a time through every comment of a video', async () => {
    const post = postWithComments(tt, 41, 200);
    const walk = await walkPages(sandbox, 'rawTiktokComments', { url: post.url });
    const ids = idsOf(walk.pages.flat(), 'cid');
    expect(ids).toEqual(tt.comments(post, 0, post.comments).items.map((c) => c.id));
    expect(
      sizes(walk)
        .slice(0, -1)
        .every((size) => size === RAW_PAGE_SIZES.comments),
    ).toBe(true);
  });

  it('comments-replies pages the replies of a comment, 20 at a time', async () => {
    const { post, comment } = commentWithReplies(tt, 20);
    const walk = await walkPages(sandbox, 'rawTiktokCommentsReplies', {
      url: post.id,
      comment_id: comment.id,
    });
    const ids = idsOf(walk.pages.flat(), 'cid');
    expect(ids).toHaveLength(comment.replyCount);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sizes(walk)[0]).toBe(20);
  });
});

describe('music', () => {
  it('music-feed pages at most 30 videos using the sound, without repeats', async () => {
    const id = trackWithPosts(tt, 31, 120);
    const walk = await walkPages(sandbox, 'rawTiktokMusicFeed', { id });
    const items = walk.pages.flat() as TtVideo[];
    expect(items.length).toBeGreaterThan(30);
    expect(Math.max(...sizes(walk))).toBe(RAW_PAGE_SIZES.tiktokMusicFeedMax);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (const item of items) expect(item.music?.id).toBe(id);
  });

  it("an original sound's feed is its one video, and music-info names its creator", async () => {
    const id = musicIdOf(tt, true);
    const feed = await sandbox.get('/raw/tiktok/music-feed', { id });
    expect(feed.body.music_feed).toMatchObject({ has_more: false, cursor: null });
    expect(feed.body.music_feed.items).toHaveLength(1);
    const info = await sandbox.get('/raw/tiktok/music-info', { id });
    expect(info.body.music_info.music).toMatchObject({
      id,
      original: true,
      authorName: feed.body.music_feed.items[0].author.uniqueId,
    });
  });
});

describe('GET /raw/tiktok/search-users', () => {
  it('puts the exact handle first and pages 10 users at a time without repeats', async () => {
    const index = tt.byFollowersDesc()[500];
    const handle = tt.username(index);
    const first = await sandbox.get('/raw/tiktok/search-users', { query: `@${handle}` });
    expect(first.body.search_users.users[0]).toMatchObject({ id: tt.userId(index), uniqueId: handle });

    const walk = await walkPages(sandbox, 'rawTiktokSearchUsers', { query: 'a' }, 30);
    const ids = idsOf(walk.pages.flat(), 'id');
    expect(
      sizes(walk)
        .slice(0, -1)
        .every((size) => size === 10),
    ).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // Like the platform's own search box, it stops after a few hundred users.
    expect(ids).toHaveLength(SEARCH_RESULTS_MAX);
  });
});

describe('media', () => {
  it('media-info and media-download describe the same video as the world', async () => {
    const post = postWithComments(tt, 1, 1000);
    const info = await sandbox.get('/raw/tiktok/media-info', { url: post.url });
    expect(info.body.media_info.item).toMatchObject({
      id: post.id,
      desc: post.text,
      stats: { diggCount: post.likes, playCount: post.views, commentCount: post.comments },
      author: { id: tt.userId(post.creatorIndex) },
    });
    const download = await sandbox.get('/raw/tiktok/media-download', { url: post.id });
    expect(download.body.media_download.url).toBe(post.video);
  });
});
