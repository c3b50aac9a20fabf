import { RAW_PAGE_SIZES } from '../../../../../shared/limits';
import { rawIgMediaCommentsResponseSchema } from '../../../../../shared/responses/raw';
import { buildContentSandbox } from './content-sandbox';
import { idsOf, sizes, walkPages } from './walk-pages';
import {
  commentWithReplies,
  countOfType,
  hashtagWithPosts,
  postWithComments,
  privateCreator,
  smallestCreator,
} from './world-examples';

const sandbox = buildContentSandbox();
const ig = sandbox.world.instagram;

interface IgMedia {
  pk: string;
  code: string;
  product_type: string;
  like_count: number;
  comment_count: number;
  user: { pk: string; username: string };
  caption: { text: string };
  usertags: { in: { user: { pk: string } }[] };
  clips_metadata?: { music_info: { music_asset_info: { audio_cluster_id: string; title: string } } };
}
interface IgComment {
  pk: string;
  created_at: number;
  child_comment_count: number;
}

describe('GET /raw/ig/user-info', () => {
  it('agrees with the world: id, handle, followers, following and posts', async () => {
    const index = smallestCreator(ig);
    const creator = ig.creator(index);
    const response = await sandbox.get('/raw/ig/user-info', { url: `@${creator.username.toUpperCase()}` });
    expect(response.body.user).toMatchObject({
      pk: creator.userId,
      username: creator.username,
      full_name: creator.fullname,
      follower_count: creator.followers,
      following_count: creator.following,
      media_count: creator.postsCount,
      is_private: false,
    });
  });

  it('answers for a private account too, which says it is private', async () => {
    const index = privateCreator(ig);
    const response = await sandbox.get('/raw/ig/user-info', { url: ig.userId(index) });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ pk: ig.userId(index), is_private: true });
  });
});

describe('GET /raw/ig/user-feed', () => {
  it('pages 12 posts at a time through the whole feed, newest first, as the world holds it', async () => {
    const index = smallestCreator(ig);
    const walk = await walkPages(sandbox, 'rawIgUserFeed', { url: `@${ig.username(index)}` });
    const count = ig.postCount(index);
    const expected = Array.from({ length: Math.ceil(count / 12) }, (_, k) => Math.min(12, count - 12 * k));
    expect(sizes(walk)).toEqual(expected);
    expect(RAW_PAGE_SIZES.igUserFeed).toBe(12);
    const items = walk.pages.flat() as IgMedia[];
    expect(items.map((item) => item.pk)).toEqual(ig.posts(index, 0, count).items.map((post) => post.id));
    const first = ig.post(index, 0);
    expect(items[0]).toMatchObject({
      code: first?.code,
      like_count: first?.likes,
      comment_count: first?.comments,
      user: { pk: ig.userId(index), username: ig.username(index) },
      caption: { text: first?.text },
    });
  });

  it('answers private_account for a private account (not a 404: the raw request is given back)', async () => {
    const before = await sandbox.balance();
    const response = await sandbox.get('/raw/ig/user-feed', { url: ig.userId(privateCreator(ig)) });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'private_account',
      message: expect.stringMatching(/private/),
    });
    expect((await sandbox.balance()).rawRequests).toBe(before.rawRequests);
  });

  it('refuses a cursor it did not hand out, and one of another feed', async () => {
    const one = smallestCreator(ig);
    const two = smallestCreator(ig, (i) => i !== one);
    const first = await sandbox.get('/raw/ig/user-feed', { url: ig.userId(one) });
    const foreign = await sandbox.get('/raw/ig/user-feed', {
      url: ig.userId(two),
      after: first.body.end_cursor,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/^after is a cursor of another feed/);
    const forged = await sandbox.get('/raw/ig/user-feed', { url: ig.userId(one), after: 'MTI' });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/^after must be a cursor from a previous page/);
  });
});

describe('GET /raw/ig/user-reels', () => {
  it('pages only the reels, 12 at a time', async () => {
    const index = smallestCreator(ig, (i) => countOfType(ig, i, ['reel']) > 12);
    const walk = await walkPages(sandbox, 'rawIgUserReels', { url: ig.userId(index) });
    const items = walk.pages.flat() as IgMedia[];
    expect(items).toHaveLength(countOfType(ig, index, ['reel']));
    expect(new Set(items.map((item) => item.product_type))).toEqual(new Set(['clips']));
    expect(
      sizes(walk)
        .slice(0, -1)
        .every((size) => size === 12),
    ).toBe(true);
    expect(new Set(items.map((item) => item.pk)).size).toBe(items.length);
  });

  it('hands out a reel sound that audio-info describes', async () => {
    const index = smallestCreator(ig, (i) => countOfType(ig, i, ['reel']) > 0);
    const page = await sandbox.get('/raw/ig/user-reels', { url: ig.userId(index) });
    const reel = (page.body.items as IgMedia[]).find((item) => item.clips_metadata !== undefined);
    const asset = reel?.clips_metadata?.music_info.music_asset_info;
    expect(asset).toBeDefined();
    const audio = await sandbox.get('/raw/ig/audio-info', { id: asset?.audio_cluster_id ?? '' });
    expect(audio.body.audio).toMatchObject({
      audio_cluster_id: asset?.audio_cluster_id,
      title: asset?.title,
    });
  });
});

describe('GET /raw/ig/user-tags-feed', () => {
  it("pages other creators' posts that tag the account, each once", async () => {
    const index = smallestCreator(ig, (i) => (ig.taggedPosts(i, 0, 13).total ?? 0) > 12);
    const walk = await walkPages(sandbox, 'rawIgUserTagsFeed', { url: `@${ig.username(index)}` });
    const items = walk.pages.flat() as IgMedia[];
    expect(items).toHaveLength(ig.taggedPosts(index, 0, 0).total ?? -1);
    expect(new Set(items.map((item) => item.pk)).size).toBe(items.length);
    for (const item of items) {
      expect(item.user.pk).not.toBe(ig.userId(index));
      expect(item.usertags.in.map((tag) => tag.user.pk)).toContain(ig.userId(index));
    }
    expect(sizes(walk)[0]).toBe(12);
  });
});

describe('GET /raw/ig/hashtag-feed', () => {
  it('pages posts carrying the tag, 12 at a time, without repeats', async () => {
    const tag = hashtagWithPosts(ig, sandbox.world, 24);
    const walk = await walkPages(sandbox, 'rawIgHashtagFeed', { tag: `#${tag.toUpperCase()}` });
    const items = walk.pages.flat() as IgMedia[];
    expect(items.length).toBeGreaterThan(24);
    expect(
      sizes(walk)
        .slice(0, -1)
        .every((size) => size === 12),
    ).toBe(true);
    expect(new Set(items.map((item) => item.pk)).size).toBe(items.length);
    for (const item of items) expect(item.caption.text.toLowerCase()).toContain(`#${tag}`);
  });
});

describe('GET /raw/ig/media-comments', () => {
  const post = postWithComments(ig, 61, 200);

  it('walks every comment exactly once, though its pages come out of order', async () => {
    const walk = await walkPages(sandbox, 'rawIgMediaComments', { code: post.code });
    const pages = walk.pages as IgComment[][];
    const ids = idsOf(pages.flat(), 'pk');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(post.comments);
    expect(walk.bodies.every((body) => body.comment_count === post.comments)).toBe(true);
    expect(new Set(ids)).toEqual(new Set(ig.comments(post, 0, post.comments).items.map((c) => c.id)));
    expect(sizes(walk).filter((size) => size !== 20)).toHaveLength(post.comments % 20 === 0 ? 0 : 1);

    // Not sequential: the first page is not the newest comments, and the pages' times jump around.
    const newest = ig.comments(post, 0, 20).items.map((c) => c.id);
    expect(idsOf(pages[0], 'pk')).not.toEqual(newest);
    const pageTimes = pages.map((page) => Math.max(...page.map((c) => c.created_at)));
    const descending = [...pageTimes].sort((a, b) => b - a);
    expect(pageTimes).not.toEqual(descending);
    expect(new Set(walk.cursors).size).toBe(walk.cursors.length);
  });

  it('ends with more_available false and an empty end_cursor', async () => {
    const walk = await walkPages(sandbox, 'rawIgMediaComments', { code: post.code });
    const last = rawIgMediaCommentsResponseSchema.parse(walk.bodies[walk.bodies.length - 1]);
    expect(last).toMatchObject({
      more_available: false,
      end_cursor: '',
      status: 'ok',
      comments_disabled: false,
    });
  });

  it('refuses a comments cursor of another post', async () => {
    const other = postWithComments(ig, 61, 200, (candidate) => candidate.id !== post.id);
    const first = await sandbox.get('/raw/ig/media-comments', { code: other.code });
    const response = await sandbox.get('/raw/ig/media-comments', {
      code: post.code,
      after: first.body.end_cursor,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^after is a cursor of another post's comments/);
  });

  it('says so when comments are disabled', async () => {
    const disabled = postWithComments(ig, 0, 0, (candidate) => candidate.commentsDisabled);
    const response = await sandbox.get('/raw/ig/media-comments', { code: disabled.code });
    expect(response.body).toMatchObject({
      comments_disabled: true,
      comments: [],
      comment_count: 0,
      more_available: false,
    });
  });
});

describe('GET /raw/ig/media-comment-replies', () => {
  it('pages the replies of a comment, 20 at a time', async () => {
    const { post, comment } = commentWithReplies(ig, 20);
    const walk = await walkPages(sandbox, 'rawIgMediaCommentReplies', {
      code: post.code,
      comment_id: comment.id,
    });
    const ids = idsOf(walk.pages.flat(), 'pk');
    expect(ids).toHaveLength(comment.replyCount);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sizes(walk)[0]).toBe(20);
    expect(walk.bodies[0].child_comment_count).toBe(comment.replyCount);
  });
});

describe('GET /raw/ig/media-info', () => {
  it('finds a post by shortcode, by pk and by URL', async () => {
    const post = postWithComments(ig, 1, 1000);
    for (const code of [post.code, post.id, `https://www.instagram.com/p/${post.code}/`]) {
      const response = await sandbox.get('/raw/ig/media-info', { code });
      expect(response.body.items[0]).toMatchObject({ pk: post.id, code: post.code, like_count: post.likes });
    }
  });
});
