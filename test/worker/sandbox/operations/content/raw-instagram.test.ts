import { RAW_PAGE_SIZES } from '../../../../../shared/limits';
import {
  rawIgHashtagFeedResponseSchema,
  rawIgMediaCommentsResponseSchema,
  rawIgUserInfoResponseSchema,
} from '../../../../../shared/responses/raw';
import { HASHTAG_MISSING_MESSAGE } from '../../../../../worker/sandbox/operations/content/raw-instagram';
import { readComplete } from '../../../../support/complete-answer';
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
  taken_at: number;
  like_count: number;
  comment_count: number;
  play_count: null;
  view_count: null;
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
  it('answers flat at the root, as the real service does, and agrees with the world', async () => {
    const index = smallestCreator(ig, (i) => ig.details(i).website !== null);
    const creator = ig.creator(index);
    const details = ig.details(index);
    const response = await sandbox.get('/raw/ig/user-info', { url: `@${creator.username.toUpperCase()}` });
    const body = readComplete(rawIgUserInfoResponseSchema, response.body);
    expect(body).toMatchObject({
      pk: creator.userId,
      username: creator.username,
      full_name: creator.fullname,
      biography: details.bio,
      category: creator.accountCategory,
      external_url: details.website,
      bio_links: [{ title: 'Website', url: details.website }],
      is_verified: creator.isVerified,
      is_private: false,
      follower_count: creator.followers,
      following_count: creator.following,
      media_count: creator.postsCount,
    });
    expect(response.body).not.toHaveProperty('user');
  });

  it('lists no bio links for a profile without a website', async () => {
    const index = smallestCreator(ig, (i) => ig.details(i).website === null);
    const response = await sandbox.get('/raw/ig/user-info', { url: ig.userId(index) });
    expect(response.body).toMatchObject({ pk: ig.userId(index), bio_links: [] });
  });

  it('answers for a private account too, which says it is private', async () => {
    const index = privateCreator(ig);
    const response = await sandbox.get('/raw/ig/user-info', { url: ig.userId(index) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ pk: ig.userId(index), is_private: true });
  });
});

describe('Instagram media items', () => {
  it('carry null play_count and view_count on every item of every feed, reels too', async () => {
    const index = smallestCreator(ig, (i) => countOfType(ig, i, ['reel']) > 0);
    const url = ig.userId(index);
    const feeds = [
      await sandbox.get('/raw/ig/user-feed', { url }),
      await sandbox.get('/raw/ig/user-reels', { url }),
      await sandbox.get('/raw/ig/hashtag-feed', { hashtag: hashtagWithPosts(ig, sandbox.world, 12) }),
      await sandbox.get('/raw/ig/media-info', { code: ig.posts(index, 0, 1).items[0].code }),
    ];
    const items = feeds.flatMap((response) => response.body.items as IgMedia[]);
    expect(items.some((item) => item.product_type === 'clips')).toBe(true);
    expect(items.length).toBeGreaterThan(12);
    for (const item of items) {
      expect(item).toHaveProperty('play_count', null);
      expect(item).toHaveProperty('view_count', null);
    }
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
  const tag = hashtagWithPosts(ig, sandbox.world, 24);

  it('pages posts carrying the tag, 12 at a time, without repeats, most liked first by default', async () => {
    const walk = await walkPages(sandbox, 'rawIgHashtagFeed', { hashtag: `#${tag.toUpperCase()}` });
    const items = walk.pages.flat() as IgMedia[];
    expect(items.length).toBeGreaterThan(24);
    expect(
      sizes(walk)
        .slice(0, -1)
        .every((size) => size === 12),
    ).toBe(true);
    expect(new Set(items.map((item) => item.pk)).size).toBe(items.length);
    for (const item of items) expect(item.caption.text.toLowerCase()).toContain(`#${tag}`);
    const likes = items.map((item) => item.like_count);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    readComplete(rawIgHashtagFeedResponseSchema, walk.bodies[0]);
  });

  it('orders type=recent newest first and type=top most liked first, over the same posts', async () => {
    const recent = (
      await walkPages(sandbox, 'rawIgHashtagFeed', { hashtag: tag, type: 'recent' })
    ).pages.flat();
    const top = (await walkPages(sandbox, 'rawIgHashtagFeed', { hashtag: tag, type: 'top' })).pages.flat();
    const times = (recent as IgMedia[]).map((item) => item.taken_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const likes = (top as IgMedia[]).map((item) => item.like_count);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(recent.map((item) => (item as IgMedia).pk)).not.toEqual(top.map((item) => (item as IgMedia).pk));
    expect(new Set(recent.map((item) => (item as IgMedia).pk))).toEqual(
      new Set(top.map((item) => (item as IgMedia).pk)),
    );
  });

  it('refuses a cursor of the top posts for the recent ones', async () => {
    const first = await sandbox.get('/raw/ig/hashtag-feed', { hashtag: tag, type: 'top' });
    const response = await sandbox.get('/raw/ig/hashtag-feed', {
      hashtag: tag,
      type: 'recent',
      after: first.body.end_cursor,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^after is a cursor of another feed/);
  });

  it("answers 400 without hashtag, in the real service's words, even when the old tag is given", async () => {
    const before = await sandbox.balance();
    const queries: Record<string, string>[] = [{ tag }, {}, { hashtag: ' ' }, { tag, type: 'top' }];
    for (const query of queries) {
      const response = await sandbox.get('/raw/ig/hashtag-feed', query);
      expect({ query, status: response.status, body: response.body }).toEqual({
        query,
        status: 400,
        body: {
          error: true,
          code: 'bad_request',
          message: 'Hashtag undefined. Please pass the hashtag as a query parameter',
        },
      });
    }
    expect(HASHTAG_MISSING_MESSAGE).toBe('Hashtag undefined. Please pass the hashtag as a query parameter');
    // A bad request gives the raw unit back.
    expect(await sandbox.balance()).toEqual(before);
  });

  it('refuses a type other than top or recent', async () => {
    const response = await sandbox.get('/raw/ig/hashtag-feed', { hashtag: tag, type: 'new' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^type must be one of top, recent/);
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
