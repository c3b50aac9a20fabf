import { PLATFORMS } from '../../../../shared/platforms';
import { createWorld } from '../../../../worker/sandbox/data';

describe('relations between creators', () => {
  const world = createWorld({ seed: 'relations', creatorsPerPlatform: 2000 });

  it('lists in the tagged feed only posts of others that tag and mention the creator, newest first', () => {
    for (const platform of PLATFORMS) {
      const pc = world.platform(platform);
      const index = 1000;
      const page = pc.taggedPosts(index, 0, 100);
      expect(page.items.length).toBeGreaterThan(0);
      for (const post of page.items) {
        expect(post.creatorIndex).not.toBe(index);
        expect(post.taggedIndexes).toContain(index);
        expect(post.mentions).toContain(pc.username(index));
      }
      for (let k = 1; k < page.items.length; k++)
        expect(page.items[k].createdAt).toBeLessThanOrEqual(page.items[k - 1].createdAt);
      expect(new Set(page.items.map((post) => post.creatorIndex))).toEqual(
        new Set(pc.featuringCreators(index)),
      );
    }
  });

  it('finds every tag of a creator: a tagged post points back to the tagged feed', () => {
    const pc = world.instagram;
    let checked = 0;
    for (let index = 300; index < 330; index++) {
      for (const post of pc.posts(index, 0, 30).items) {
        for (const tagged of post.taggedIndexes) {
          const feed = pc.taggedPosts(tagged, 0, 1000).items.map((item) => item.id);
          expect(feed).toContain(post.id);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('finds similar creators of the same main interest and similar size', () => {
    const pc = world.instagram;
    const source = pc.creator(700);
    const similar = pc.similarTo(source, 8);
    expect(similar).toHaveLength(8);
    for (const user of similar) {
      expect(user.index).not.toBe(700);
      expect(pc.creator(user.index).interestIds[0]).toBe(source.interestIds[0]);
    }
    expect(pc.similarTo(source, 8)).toEqual(similar);
  });

  it('sorts creators by followers and by main interest', () => {
    const pc = world.tiktok;
    const order = pc.byFollowersDesc();
    expect(order).toHaveLength(pc.size);
    for (let k = 1; k < order.length; k++)
      expect(pc.columns.followers[order[k]]).toBeLessThanOrEqual(pc.columns.followers[order[k - 1]]);
    const interest = pc.creator(900).interestIds[0];
    const members = pc.creatorsWithMainInterest(interest);
    expect(members).toContain(900);
    for (const index of members) expect(pc.creator(index).interestIds[0]).toBe(interest);
  });
});
