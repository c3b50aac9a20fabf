import { PLATFORMS } from '../../../../shared/platforms';
import { createWorld, FLAG, GROWTH_INTERVALS } from '../../../../worker/sandbox/data';

/** Distributions on a 4,000-creator sample per platform: bounds a real creator database would meet. */
describe('generated core', () => {
  const world = createWorld({ seed: 'distributions', creatorsPerPlatform: 4000 });

  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

  it('draws followers from 1,000 to tens of millions with a heavy tail', () => {
    for (const platform of PLATFORMS) {
      const pc = world.platform(platform);
      const followers = Array.from(pc.columns.followers.subarray(pc.firstPersonIndex));
      expect(Math.min(...followers)).toBeGreaterThanOrEqual(1000);
      expect(Math.max(...followers)).toBeLessThanOrEqual(80_000_000);
      const above = (threshold: number) =>
        followers.filter((value) => value > threshold).length / followers.length;
      expect(median(followers)).toBeGreaterThan(1500);
      expect(median(followers)).toBeLessThan(10_000);
      expect(above(10_000)).toBeGreaterThan(0.08);
      expect(above(10_000)).toBeLessThan(0.35);
      expect(above(1_000_000)).toBeGreaterThan(0.001);
      expect(above(1_000_000)).toBeLessThan(0.02);
    }
  });

  it('lowers the engagement rate as creators grow', () => {
    for (const platform of PLATFORMS) {
      const pc = world.platform(platform);
      const small: number[] = [];
      const large: number[] = [];
      for (let i = pc.firstPersonIndex; i < pc.size; i++) {
        const rate = pc.columns.engagements[i] / pc.columns.followers[i];
        if (pc.columns.followers[i] < 5_000) small.push(rate);
        if (pc.columns.followers[i] > 100_000) large.push(rate);
      }
      expect(median(small)).toBeGreaterThan(median(large) * 1.5);
      expect(median(large)).toBeGreaterThan(0.001);
    }
  });

  it('keeps averages consistent with followers and engagement rate', () => {
    const pc = world.instagram;
    for (let i = 0; i < pc.size; i += 7) {
      const creator = pc.creator(i);
      expect(creator.engagements).toBe(creator.avgLikes + creator.avgComments);
      expect(creator.engagementRate).toBeCloseTo(creator.engagements / creator.followers, 12);
      expect(creator.avgLikes).toBeGreaterThan(creator.avgComments);
      expect(creator.avgViews).toBeGreaterThan(0);
    }
  });

  it('gives about a third of creators a public e-mail, and verifies big creators more often', () => {
    for (const platform of PLATFORMS) {
      const pc = world.platform(platform);
      let withEmail = 0;
      let verifiedSmall = 0;
      let small = 0;
      let verifiedBig = 0;
      let big = 0;
      for (let i = pc.firstPersonIndex; i < pc.size; i++) {
        if ((pc.columns.flags[i] & FLAG.hasEmail) !== 0) withEmail++;
        const verified = (pc.columns.flags[i] & FLAG.verified) !== 0 ? 1 : 0;
        if (pc.columns.followers[i] < 10_000) {
          small++;
          verifiedSmall += verified;
        } else if (pc.columns.followers[i] > 300_000) {
          big++;
          verifiedBig += verified;
        }
      }
      const share = withEmail / (pc.size - pc.firstPersonIndex);
      expect(share).toBeGreaterThan(0.28);
      expect(share).toBeLessThan(0.4);
      expect(verifiedBig / big).toBeGreaterThan((verifiedSmall / small) * 5);
    }
  });

  it('makes some Instagram accounts private, no YouTube channel private', () => {
    const count = (platform: 'instagram' | 'youtube') =>
      world.platform(platform).columns.flags.filter((flags) => (flags & FLAG.private) !== 0).length;
    expect(count('instagram')).toBeGreaterThan(20);
    expect(count('youtube')).toBe(0);
  });

  it('correlates language with country: creators in Brazil mostly speak Portuguese', () => {
    const pc = world.instagram;
    let inBrazil = 0;
    let portuguese = 0;
    for (let i = pc.firstPersonIndex; i < pc.size; i++) {
      const creator = pc.creator(i);
      if (creator.countryCode !== 'BR') continue;
      inBrazil++;
      if (creator.language === 'pt') portuguese++;
    }
    expect(inBrazil).toBeGreaterThan(50);
    expect(portuguese / inBrazil).toBeGreaterThan(0.7);
  });

  it('uses account types, AI account types and dictionary ids', () => {
    const pc = world.instagram;
    const types = new Set<string>();
    const aiTypes = new Set<string>();
    for (let i = 0; i < pc.size; i += 3) {
      const creator = pc.creator(i);
      types.add(creator.accountType);
      aiTypes.add(creator.aiAccountType);
      for (const id of creator.interestIds) expect(world.dictionaries.interest(id)).toBeDefined();
      for (const id of creator.brandIds) expect(world.dictionaries.brand(id)).toBeDefined();
      expect(world.dictionaries.location(creator.countryId)?.kind).toBe('country');
      if (creator.cityId !== null)
        expect(world.dictionaries.location(creator.cityId)?.countryId).toBe(creator.countryId);
      expect(world.dictionaries.language(creator.language)).toBeDefined();
      if (creator.aiAccountType !== 'individual_creator') expect(creator.gender).toBeNull();
    }
    expect([...types].sort()).toEqual(['Business', 'Creator', 'Regular']);
    expect([...aiTypes].sort()).toEqual([
      'anonymous_content',
      'brand',
      'group_creator',
      'individual_creator',
    ]);
  });

  it('never gives a TikTok creator the 13-17 age group', () => {
    const groups = new Set<string | null>();
    for (let i = 0; i < world.tiktok.size; i++) groups.add(world.tiktok.creator(i).ageGroup);
    expect(groups.has('13-17')).toBe(false);
    expect(groups.has('18-24')).toBe(true);
  });

  it('leaves some growth intervals missing and keeps longer intervals consistent with shorter ones', () => {
    const pc = world.youtube;
    let missing = 0;
    for (let i = pc.firstPersonIndex; i < pc.size; i++) {
      const growth = pc.creator(i).followersGrowthRate;
      if (growth.i6months === undefined) {
        missing++;
        continue;
      }
      for (const interval of GROWTH_INTERVALS) expect(growth[interval]).toBeGreaterThan(-0.95);
    }
    expect(missing).toBeGreaterThan(0);
    expect(missing).toBeLessThan(pc.size * 0.3);
  });

  it('has posting frequency and posts count consistent with the last post date', () => {
    const pc = world.tiktok;
    for (let i = 0; i < pc.size; i += 11) {
      const creator = pc.creator(i);
      expect(creator.postingFrequency).toBeGreaterThan(0);
      expect(creator.postsCount).toBeGreaterThanOrEqual(24);
      expect(creator.lastPostedAt).toBeLessThanOrEqual(world.now);
      expect(creator.accountCreatedAt).toBeLessThan(creator.lastPostedAt);
    }
  });
});
