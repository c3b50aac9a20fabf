import { PLATFORMS } from '../../../../shared/platforms';
import { createWorld, isVideoType, tokenize } from '../../../../worker/sandbox/data';

describe('posts', () => {
  const world = createWorld({ seed: 'posts', creatorsPerPlatform: 2000 });

  it('derives the same post whatever was asked before, and from another world of the same seed', () => {
    const other = createWorld({ seed: 'posts', creatorsPerPlatform: 2000 });
    other.instagram.posts(600, 0, 30);
    expect(world.instagram.post(600, 17)).toEqual(other.instagram.post(600, 17));
    expect(world.youtube.posts(1200, 5, 10)).toEqual(other.youtube.posts(1200, 5, 10));
  });

  it('differs for another seed', () => {
    const other = createWorld({ seed: 'posts-2', creatorsPerPlatform: 2000 });
    expect(other.tiktok.post(600, 0)?.text).not.toBe(world.tiktok.post(600, 0)?.text);
  });

  it('pages through a feed newest first, exactly postsCount posts', () => {
    const pc = world.instagram;
    let index = pc.firstPersonIndex;
    while (pc.postCount(index) > 60) index++;
    const count = pc.postCount(index);
    const seen: number[] = [];
    for (let offset: number | null = 0; offset !== null;) {
      const page = pc.posts(index, offset, 12);
      expect(page.total).toBe(count);
      seen.push(...page.items.map((post) => post.createdAt));
      offset = page.nextOffset;
    }
    expect(seen).toHaveLength(count);
    for (let k = 1; k < seen.length; k++) expect(seen[k]).toBeLessThan(seen[k - 1]);
    expect(seen[0]).toBe(pc.creator(index).lastPostedAt);
    expect(pc.post(index, count)).toBeNull();
  });

  it('resolves every post id and code back to its creator and position', () => {
    for (const platform of PLATFORMS) {
      const pc = world.platform(platform);
      for (const [index, position] of [
        [300, 0],
        [1500, 7],
        [1999, 11],
      ]) {
        const post = pc.post(index, position);
        if (post === null) throw new Error('post expected');
        expect(pc.findPost(post.id)).toEqual(post);
        expect(pc.findPost(post.code)).toEqual(post);
        expect(post.creatorIndex).toBe(index);
        expect(post.created).toBe(new Date(post.createdAt).toISOString());
        expect(post.url).toContain(post.code);
      }
      expect(pc.findPost('not-a-post')).toBeNull();
    }
  });

  it('uses the types of each platform', () => {
    const types = (platform: 'instagram' | 'tiktok' | 'youtube') => {
      const found = new Set<string>();
      for (let index = 200; index < 400; index++)
        for (const post of world.platform(platform).posts(index, 0, 10).items) found.add(post.type);
      return [...found].sort();
    };
    expect(types('instagram')).toEqual(['carousel', 'photo', 'reel']);
    expect(types('tiktok')).toEqual(['video']);
    expect(types('youtube')).toEqual(expect.arrayContaining(['short', 'video']));
  });

  it('writes captions about the post interest, with hashtags and mentions in the text and as arrays', () => {
    const pc = world.instagram;
    let topical = 0;
    let total = 0;
    for (let index = 300; index < 340; index++) {
      for (const post of pc.posts(index, 0, 5).items) {
        const vocabulary = world.dictionaries.interestProfile(post.interestId)?.vocabulary ?? [];
        const words = tokenize(post.text);
        total++;
        if (vocabulary.some((word) => words.includes(word))) topical++;
        for (const tag of post.hashtags) expect(post.text).toContain(`#${tag}`);
        for (const mention of post.mentions) expect(post.text).toContain(`@${mention}`);
        expect(post.visual).toHaveLength(8);
        if (!isVideoType(post.type)) expect(post.views).toBe(0);
      }
    }
    expect(topical / total).toBeGreaterThan(0.95);
  });

  it('keeps post stats around the creator averages', () => {
    const pc = world.tiktok;
    let index = pc.firstPersonIndex;
    while (pc.columns.followers[index] < 50_000) index++;
    const posts = pc.posts(index, 0, 60).items;
    const likes = posts.map((post) => post.likes).sort((a, b) => a - b);
    const median = likes[Math.floor(likes.length / 2)];
    const average = pc.creator(index).avgLikes;
    expect(median).toBeGreaterThan(average * 0.6);
    expect(median).toBeLessThan(average * 1.6);
  });

  it('sponsors posts only by brands of the creator, with a collaboration type', () => {
    const pc = world.instagram;
    let found = 0;
    for (let index = pc.firstPersonIndex; index < 600; index++) {
      const brands = pc.creator(index).brandIds;
      if (brands.length === 0) continue;
      for (const post of pc.posts(index, 0, 20).items) {
        if (!post.sponsored) {
          expect(post.collaborationType).toBeNull();
          continue;
        }
        found++;
        expect(brands).toContain(post.sponsors[0].brandId);
        expect(post.collaborationType).not.toBeNull();
        expect(post.mentions).toContain(post.sponsors[0].username);
        expect(pc.resolve(post.sponsors[0].userId)).toBe(pc.brandAccountIndex(post.sponsors[0].brandId));
      }
    }
    expect(found).toBeGreaterThan(30);
  });

  it('lists reels, shorts and lives by type with an exact total', () => {
    const pc = world.youtube;
    const index = 500;
    const shorts = pc.postsOfType(index, ['short'], 0, 1000);
    expect(shorts.items.every((post) => post.type === 'short')).toBe(true);
    expect(shorts.total).toBe(shorts.items.length);
    const videos = pc.postsOfType(index, ['video'], 0, 5);
    expect((videos.total ?? 0) + (shorts.total ?? 0)).toBeLessThanOrEqual(pc.postCount(index));
  });

  it('serves a hashtag feed of posts that carry the tag', () => {
    const page = world.instagram.postsWithHashtag('#gym', 0, 20);
    expect(page.items.length).toBe(20);
    expect(page.items.every((post) => post.hashtags.includes('gym'))).toBe(true);
    const next = world.instagram.postsWithHashtag('gym', 20, 20);
    expect(next.items[0].id).not.toBe(page.items[0].id);
    expect(world.instagram.postsWithHashtag('nosuchtag', 0, 20).items).toEqual([]);
    expect(world.tiktok.postsWithHashtag('fyp', 0, 5).items.length).toBe(5);
  });
});
