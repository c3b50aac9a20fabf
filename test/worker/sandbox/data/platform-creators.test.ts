import { createWorld } from '../../../../worker/sandbox/data';

describe('PlatformCreators', () => {
  const world = createWorld({ seed: 'platform', creatorsPerPlatform: 2000 });

  it('writes bios about the creator interest, with the public e-mail when there is one', () => {
    const pc = world.instagram;
    let withEmail = 0;
    for (let index = pc.firstPersonIndex; index < 600; index++) {
      const details = pc.details(index);
      const creator = pc.creator(index);
      expect(details.bio.length).toBeGreaterThan(10);
      expect(pc.bio(index)).toBe(details.bio);
      for (const word of pc.bioWords(index).trim().split(' '))
        expect(details.bio.toLowerCase()).toContain(word);
      if (creator.hasEmail) {
        withEmail++;
        expect(details.email).not.toBeNull();
        expect(details.bio).toContain(details.email ?? '');
        expect(details.contacts).toEqual([{ type: 'email', value: details.email }]);
      } else {
        expect(details.email).toBeNull();
        expect(details.contacts).toEqual([]);
      }
    }
    expect(withEmail).toBeGreaterThan(0);
    const fitness = pc.creatorsWithMainInterest(1).find((index) => pc.kind(index) === 'person') ?? -1;
    expect(pc.bioWords(fitness)).toMatch(/^ .* $/);
  });

  it('gives brand accounts their brand name, a contact address and the Brand category', () => {
    const pc = world.tiktok;
    const brand = world.dictionaries.brands[3];
    const index = pc.resolve(`@${brand.username}`);
    const creator = pc.creator(index);
    expect(creator.kind).toBe('brand');
    expect(creator.brandId).toBe(brand.id);
    expect(creator.fullname).toBe(brand.name);
    expect(creator.aiAccountType).toBe('brand');
    expect(creator.accountCategory).toBe('Brand');
    expect(pc.details(index).email).toBe(`hello@${brand.domain}`);
    expect(world.findByEmail(`HELLO@${brand.domain}`)).toContainEqual({ platform: 'tiktok', index });
  });

  it('summarises a creator as the lists of the API show it', () => {
    const summary = world.youtube.summary(1500);
    const creator = world.youtube.creator(1500);
    expect(summary).toMatchObject({
      userId: creator.userId,
      username: creator.username,
      fullname: creator.fullname,
      followers: creator.followers,
      engagements: creator.engagements,
      isVerified: creator.isVerified,
    });
  });

  it('maps hashtags to TikTok challenge ids and back', () => {
    const id = world.tiktok.challengeId('#Fitness');
    expect(id).toMatch(/^\d+$/);
    expect(world.tiktok.challengeTag(id ?? '')).toBe('fitness');
    expect(world.tiktok.challengeId('nosuchtag')).toBeNull();
    expect(world.tiktok.challengeTag('1')).toBeNull();
  });

  it('derives lazily the same data after its caches are exhausted', () => {
    const pc = world.instagram;
    const audience = pc.audience(10);
    const post = pc.post(10, 3);
    // The caches hold 1,000 audiences and 5,000 posts.
    for (let index = 0; index < 1100; index++) pc.audience(index);
    for (let index = 0; index < 220; index++) pc.posts(index, 0, 24);
    expect(pc.audience(10)).toEqual(audience);
    expect(pc.post(10, 3)).toEqual(post);
  });
});
