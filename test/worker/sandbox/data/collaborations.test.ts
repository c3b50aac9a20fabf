import { createWorld } from '../../../../worker/sandbox/data';

describe('collaborations', () => {
  const world = createWorld({ seed: 'collabs', creatorsPerPlatform: 3000 });
  const pc = world.instagram;
  let index = pc.firstPersonIndex;
  while (!(pc.creator(index).hasSponsoredPosts && pc.postCount(index) > 200)) index++;
  const brandId = pc.creator(index).brandIds[0];

  it('lists a creator sponsored posts newest first, paged, with brand and date filters', () => {
    const all = pc.sponsoredPosts(index, { limit: 10_000 }).posts;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((post) => post.sponsored)).toBe(true);
    for (let k = 1; k < all.length; k++) expect(all[k].createdAt).toBeLessThan(all[k - 1].createdAt);
    const first = pc.sponsoredPosts(index, { limit: 2 });
    expect(first.posts).toEqual(all.slice(0, 2));
    expect(pc.sponsoredPosts(index, { offset: first.nextOffset ?? -1, limit: 2 }).posts).toEqual(
      all.slice(2, 4),
    );
    const forBrand = pc.sponsoredPosts(index, { brandId, limit: 10_000 }).posts;
    expect(forBrand.every((post) => post.sponsors[0].brandId === brandId)).toBe(true);
    const middle = all[Math.floor(all.length / 2)].createdAt;
    const recent = pc.sponsoredPosts(index, { from: middle, limit: 10_000 }).posts;
    expect(recent.every((post) => post.createdAt >= middle)).toBe(true);
    expect(recent.length).toBe(all.filter((post) => post.createdAt >= middle).length);
  });

  it('finds the creators of a brand and its posts across them, newest first', () => {
    const creators = pc.brandCollaborators(brandId);
    expect(creators).toContain(index);
    for (const creator of creators) expect(pc.creator(creator).brandIds).toContain(brandId);
    const page = pc.brandPosts(brandId, { limit: 25 });
    expect(page.posts.length).toBeGreaterThan(0);
    for (const post of page.posts) {
      expect(post.sponsors[0].brandId).toBe(brandId);
      expect(creators).toContain(post.creatorIndex);
    }
    for (let k = 1; k < page.posts.length; k++)
      expect(page.posts[k].createdAt).toBeLessThanOrEqual(page.posts[k - 1].createdAt);
    if (page.nextOffset !== null) {
      const next = pc.brandPosts(brandId, { offset: page.nextOffset, limit: 5 });
      expect(next.posts[0].createdAt).toBeLessThanOrEqual(page.posts[page.posts.length - 1].createdAt);
    }
  });

  it('finds brands by name, handle or domain', () => {
    const brand = world.dictionaries.brand(brandId);
    if (brand === undefined) throw new Error('brand expected');
    expect(world.dictionaries.findBrand(brand.name.toUpperCase())).toBe(brand);
    expect(world.dictionaries.findBrand(`@${brand.username}`)).toBe(brand);
    expect(world.dictionaries.findBrand(`https://${brand.domain}/shop`)).toBe(brand);
    expect(pc.creator(pc.brandAccountIndex(brandId)).kind).toBe('brand');
  });
});
