import { PLATFORMS } from '../../../../shared/platforms';
import {
  createWorld,
  INSTAGRAM_ACCOUNT_USER_ID,
  MIN_CREATORS_PER_PLATFORM,
} from '../../../../worker/sandbox/data';

describe('createWorld', () => {
  const world = createWorld({ seed: 'world-test', creatorsPerPlatform: 2000 });

  it('holds the requested number of creators on every platform', () => {
    for (const platform of PLATFORMS) expect(world.platform(platform).size).toBe(2000);
    const bigger = createWorld({ seed: 'world-test', creatorsPerPlatform: 2500 });
    expect(bigger.tiktok.size).toBe(2500);
    expect(bigger.tiktok.columns.followers.length).toBe(2500);
  });

  it('refuses sizes it cannot build, with a readable message', () => {
    expect(() => createWorld({ creatorsPerPlatform: 10 })).toThrow(
      `creatorsPerPlatform must be a whole number from ${MIN_CREATORS_PER_PLATFORM} to 2000000, got 10`,
    );
    expect(() => createWorld({ creatorsPerPlatform: 1500.5 })).toThrow(/got 1500.5/);
  });

  it('gives the same creators for the same seed', () => {
    const again = createWorld({ seed: 'world-test', creatorsPerPlatform: 2000 });
    for (const index of [0, 1, 250, 999, 1999]) {
      expect(again.instagram.creator(index)).toEqual(world.instagram.creator(index));
      expect(again.youtube.details(index)).toEqual(world.youtube.details(index));
    }
  });

  it('gives different creators for a different seed', () => {
    const other = createWorld({ seed: 'another-seed', creatorsPerPlatform: 2000 });
    let differentHandles = 0;
    let differentFollowers = 0;
    for (let index = world.tiktok.firstPersonIndex; index < world.tiktok.firstPersonIndex + 200; index++) {
      if (other.tiktok.username(index) !== world.tiktok.username(index)) differentHandles++;
      if (other.tiktok.columns.followers[index] !== world.tiktok.columns.followers[index])
        differentFollowers++;
    }
    expect(differentHandles).toBeGreaterThan(190);
    expect(differentFollowers).toBeGreaterThan(190);
    expect(other.instagram.userId(5)).not.toBe(world.instagram.userId(5));
  });

  it('does not depend on the size for the creators both sizes share', () => {
    const bigger = createWorld({ seed: 'world-test', creatorsPerPlatform: 3000 });
    expect(bigger.instagram.creator(1500).followers).toBe(world.instagram.creator(1500).followers);
    expect(bigger.instagram.username(1500)).toBe(world.instagram.username(1500));
  });

  it('has the free test creator "instagram": large and verified', () => {
    const index = world.instagram.resolve('instagram');
    expect(index).toBe(0);
    const creator = world.instagram.creator(index);
    expect(creator.username).toBe('instagram');
    expect(creator.userId).toBe(INSTAGRAM_ACCOUNT_USER_ID);
    expect(creator.isVerified).toBe(true);
    expect(creator.followers).toBeGreaterThan(100_000_000);
    expect(world.instagram.resolve(INSTAGRAM_ACCOUNT_USER_ID)).toBe(0);
    expect(world.tiktok.resolve('instagram')).toBe(-1);
  });

  it('resolves a creator by id, by handle in any case with or without @, and by profile URL', () => {
    for (const platform of PLATFORMS) {
      const pc = world.platform(platform);
      for (const index of [pc.firstPersonIndex, 777, 1999]) {
        const { userId, username, url } = pc.creator(index);
        expect(pc.resolve(userId)).toBe(index);
        expect(pc.resolve(username)).toBe(index);
        expect(pc.resolve(`@${username.toUpperCase()}`)).toBe(index);
        expect(pc.resolve(` ${url} `)).toBe(index);
        expect(world.resolve(platform, `@${username}`)).toEqual({ platform, index });
      }
    }
    expect(world.instagram.resolve('no.such.handle.anywhere')).toBe(-1);
    expect(world.youtube.resolve('UCxxxxxxxxxxxxxxxxxxxxxx')).toBe(-1);
  });

  it('resolves TikTok secUids and YouTube @handle URLs', () => {
    const secUid = world.tiktok.secUid(42);
    expect(secUid).toMatch(/^MS4wLjABAAAA/);
    expect(world.tiktok.resolve(secUid ?? '')).toBe(42);
    const handle = world.youtube.username(900);
    expect(world.youtube.resolve(`https://www.youtube.com/@${handle}`)).toBe(900);
  });

  it('finds accounts by e-mail, case-insensitively, on every platform of the person', () => {
    const pc = world.instagram;
    let index = pc.firstPersonIndex;
    while (!pc.creator(index).hasEmail) index++;
    const email = pc.details(index).email ?? '';
    expect(email).toMatch(/@/);
    const refs = world.findByEmail(`  ${email.toUpperCase()} `);
    expect(refs).toContainEqual({ platform: 'instagram', index });
    for (const ref of refs) expect(world.platform(ref.platform).details(ref.index).email).toBe(email);
    expect(world.findByEmail('nobody@nowhere.invalid')).toEqual([]);
  });

  it('gives every account of one person the same e-mail, name and country', () => {
    let checked = 0;
    for (let index = world.instagram.firstPersonIndex; index < 2000 && checked < 20; index++) {
      for (const ref of world.otherAccounts({ platform: 'instagram', index })) {
        const here = world.instagram.creator(index);
        const there = world.creator(ref);
        expect(there.username).toBe(here.username);
        expect(there.fullname).toBe(here.fullname);
        expect(there.countryId).toBe(here.countryId);
        expect(world.creator(ref).hasEmail).toBe(here.hasEmail);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('marks hasYouTube exactly when the person has a channel', () => {
    for (let index = world.instagram.firstPersonIndex; index < 700; index++) {
      const onYouTube = world
        .otherAccounts({ platform: 'instagram', index })
        .some((ref) => ref.platform === 'youtube');
      expect(world.instagram.creator(index).hasYouTube).toBe(onYouTube);
    }
  });

  it('proposes lookalikes on a target platform, excluding the sources', () => {
    const sources = [
      { platform: 'instagram' as const, index: 300 },
      { platform: 'instagram' as const, index: 301 },
    ];
    const found = world.lookalikes(sources, 'instagram', 10);
    expect(found).toHaveLength(10);
    expect(found.map((entry) => entry.index)).not.toContain(300);
    const cross = world.lookalikes(sources, 'youtube', 5);
    expect(cross.every((entry) => entry.platform === 'youtube')).toBe(true);
  });

  it('counts hashtags and mentions for the AI dictionaries, most used first', () => {
    const tags = world.hashtagCounts('tiktok');
    expect(tags.length).toBe(world.dictionaries.hashtags('tiktok').length);
    for (let k = 1; k < tags.length; k++)
      expect(tags[k - 1].postCount).toBeGreaterThanOrEqual(tags[k].postCount);
    const mentions = world.mentionCounts('instagram');
    expect(mentions.some((entry) => entry.tag === world.dictionaries.brands[0].username)).toBe(true);
  });
});
