import { createWorld, type Post } from '../../../../worker/sandbox/data';

describe('music', () => {
  const world = createWorld({ seed: 'music', creatorsPerPlatform: 3000 });

  const soundPosts = (platform: 'instagram' | 'tiktok'): Post[] => {
    const pc = world.platform(platform);
    const posts: Post[] = [];
    for (let index = 300; index < 500; index++)
      posts.push(...pc.posts(index, 0, 10).items.filter((post) => post.musicId !== null));
    return posts;
  };

  it('gives sounds to reels and TikTok videos only', () => {
    for (const post of world.instagram.posts(400, 0, 60).items)
      expect(post.musicId !== null).toBe(post.type === 'reel');
    expect(world.tiktok.posts(400, 0, 20).items.every((post) => post.musicId !== null)).toBe(true);
    expect(world.youtube.posts(400, 0, 20).items.every((post) => post.musicId === null)).toBe(true);
  });

  it('resolves original sounds to their post, and catalogue tracks to posts using them', () => {
    for (const platform of ['instagram', 'tiktok'] as const) {
      const pc = world.platform(platform);
      const posts = soundPosts(platform);
      const original = posts.find((post) => pc.music(post.musicId ?? '')?.isOriginal === true);
      const track = posts.find((post) => pc.music(post.musicId ?? '')?.isOriginal === false);
      if (original === undefined || track === undefined) throw new Error('both kinds of sound were expected');
      const sound = pc.music(original.musicId ?? '');
      expect(sound?.sourcePost).toEqual({ index: original.creatorIndex, post: original.postIndex });
      expect(pc.postsWithMusic(original.musicId ?? '', 0, 30).items.map((post) => post.id)).toEqual([
        original.id,
      ]);
      const feed = pc.postsWithMusic(track.musicId ?? '', 0, 30);
      expect(feed.items.length).toBeGreaterThan(0);
      expect(feed.items.every((post) => post.musicId === track.musicId)).toBe(true);
      expect(pc.music(track.musicId ?? '')?.title.length).toBeGreaterThan(0);
    }
  });

  it('makes a few tracks popular', () => {
    const uses = new Map<string, number>();
    for (const post of soundPosts('tiktok')) {
      if (world.tiktok.music(post.musicId ?? '')?.isOriginal === false)
        uses.set(post.musicId ?? '', (uses.get(post.musicId ?? '') ?? 0) + 1);
    }
    expect(Math.max(...uses.values())).toBeGreaterThan(2);
  });

  it('rejects unknown sounds and has none on YouTube', () => {
    expect(world.tiktok.music('12345')).toBeNull();
    expect(world.youtube.music('12345')).toBeNull();
    expect(world.tiktok.postsWithMusic('12345', 0, 10).items).toEqual([]);
  });
});
