import { createWorld, type Comment, type Post } from '../../../../worker/sandbox/data';

describe('comments', () => {
  const world = createWorld({ seed: 'comments', creatorsPerPlatform: 2000 });
  const pc = world.instagram;
  const postWith = (minimum: number): Post => {
    for (let index = pc.firstPersonIndex; index < pc.size; index++) {
      const post = pc.post(index, 0);
      if (post !== null && post.comments >= minimum) return post;
    }
    throw new Error('no post with enough comments');
  };

  it('pages through exactly the post comment count, newest first, all after the post', () => {
    const post = postWith(45);
    const all: Comment[] = [];
    for (let offset: number | null = 0; offset !== null;) {
      const page = pc.comments(post, offset, 20);
      expect(page.total).toBe(post.comments);
      all.push(...page.items);
      offset = page.nextOffset;
    }
    expect(all).toHaveLength(post.comments);
    for (let k = 1; k < all.length; k++) expect(all[k].createdAt).toBeLessThanOrEqual(all[k - 1].createdAt);
    for (const comment of all) {
      expect(comment.createdAt).toBeGreaterThan(post.createdAt);
      expect(comment.createdAt).toBeLessThanOrEqual(world.now);
      expect(comment.postId).toBe(post.id);
    }
    expect(new Set(all.map((comment) => comment.id)).size).toBe(all.length);
  });

  it('serves any page alone, identical to the same page served in order', () => {
    const post = postWith(60);
    const direct = pc.comments(post, 40, 20);
    pc.comments(post, 0, 20);
    expect(pc.comments(post, 40, 20)).toEqual(direct);
  });

  it('finds a comment and its replies by id, replies after their parent', () => {
    const post = postWith(30);
    const parent = pc.comments(post, 0, 200).items.find((comment) => comment.replyCount > 0);
    if (parent === undefined) throw new Error('a comment with replies was expected');
    expect(pc.findComment(parent.id)).toEqual(parent);
    const replies = pc.replies(parent, 0, 300);
    expect(replies.items).toHaveLength(parent.replyCount);
    for (const reply of replies.items) {
      expect(reply.parentId).toBe(parent.id);
      expect(reply.createdAt).toBeGreaterThan(parent.createdAt);
      expect(pc.findComment(reply.id)).toEqual(reply);
    }
    expect(pc.replies(replies.items[0], 0, 10).items).toEqual([]);
  });

  it('names commenters: creators of the world resolve back, anonymous accounts do not', () => {
    const post = postWith(50);
    const authors = pc.comments(post, 0, 50).items.map((comment) => comment.author);
    const creators = authors.filter((author) => author.creatorIndex !== null);
    expect(creators.length).toBeGreaterThan(0);
    for (const author of creators) expect(pc.resolve(author.username)).toBe(author.creatorIndex);
    expect(authors.some((author) => author.creatorIndex === null)).toBe(true);
  });

  it('rejects unknown comment ids', () => {
    expect(pc.findComment('123')).toBeNull();
    expect(world.youtube.findComment('Ugz!!')).toBeNull();
  });
});
