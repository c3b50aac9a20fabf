import request from 'supertest';
import type { Platform } from '../../../../../shared/platforms';
import { type AiFiltersInput } from '../../../../../shared/requests/ai-search';
import {
  aiSearchResponseSchema,
  type AiProfile as TolerantAiProfile,
} from '../../../../../shared/responses/ai-search';
import { roundMaxUp, roundMinDown } from '../../../../../shared/rounding';
import type { Creator } from '../../../../../worker/sandbox/data';
import { VIEWS_MEAN_OVER_MEDIAN } from '../../../../../worker/sandbox/operations/ai/ai-filters';
import { auth, buildAiSandbox } from './ai-fixture';
import { readComplete, type Complete } from '../../../../support/complete-answer';

/** Profiles of the sandbox's default answers carry every field (readComplete checks it). */
type AiProfile = Complete<TolerantAiProfile>;

/**
 * Every `filters.*` of the AI searches, through text search with a query that matches captions of
 * creators of every interest (template words, no interest), so the unfiltered answer is broad.
 * Each rule is checked on every profile against the world, and the unfiltered answer is shown to
 * break it, so each test fails if the filter is ignored.
 */

const { app, state } = buildAiSandbox();
const world = state.world;
const BROAD_QUERY = 'honest favourite moments';
const DAY_MS = 86_400_000;

async function search(platform: Platform, filters: AiFiltersInput | undefined, pageSize = 100) {
  return request(app)
    .post(`/v1/ai/${platform}/text-search`)
    .set(auth())
    .send({ query: BROAD_QUERY, pageSize, ...(filters === undefined ? {} : { filters }) });
}

async function profiles(platform: Platform, filters?: AiFiltersInput, pageSize = 100): Promise<AiProfile[]> {
  const response = await search(platform, filters, pageSize);
  expect(response.status).toBe(200);
  return readComplete(aiSearchResponseSchema, response.body).profiles;
}

function creatorOf(platform: Platform, profile: AiProfile): Creator {
  const pc = world.platform(platform);
  return pc.creator(pc.indexOfUserId(profile.userId ?? ''));
}

/** The filtered answer is not empty and every profile keeps the rule; the unfiltered one breaks it. */
async function expectFilter(
  platform: Platform,
  filters: AiFiltersInput,
  rule: (creator: Creator, profile: AiProfile) => boolean,
): Promise<AiProfile[]> {
  const filtered = await profiles(platform, filters);
  expect(filtered.length).toBeGreaterThan(0);
  const breaking = filtered.filter((profile) => !rule(creatorOf(platform, profile), profile));
  expect(breaking.map((profile) => profile.username)).toEqual([]);
  const baseline = await profiles(platform);
  expect(baseline.some((profile) => !rule(creatorOf(platform, profile), profile))).toBe(true);
  return filtered;
}

async function expect400(platform: Platform, filters: object, message: string): Promise<void> {
  const response = await search(platform, filters as AiFiltersInput);
  expect(response.status).toBe(400);
  expect(response.body.code).toBe('bad_request');
  expect(response.body.message).toContain(message);
}

let baseline: Record<Platform, AiProfile[]>;
beforeAll(async () => {
  baseline = {
    instagram: await profiles('instagram'),
    tiktok: await profiles('tiktok'),
    youtube: await profiles('youtube'),
  };
});

describe('followersCount', () => {
  it('rounds min down to a step: a creator just below min is still found', async () => {
    const profile = baseline.instagram.find(
      (entry) => roundMinDown(entry.followersCount + 1) <= entry.followersCount,
    );
    if (profile === undefined) throw new Error('no suitable creator');
    const min = profile.followersCount + 1;
    const found = await expectFilter(
      'instagram',
      { followersCount: { min } },
      (creator) => creator.followers >= roundMinDown(min),
    );
    expect(found.map((entry) => entry.username)).toContain(profile.username);
  });

  it('rounds max up to a step: a creator just above max is still found', async () => {
    const profile = baseline.tiktok.find((entry) => {
      const max = entry.followersCount - 1;
      return max > 10_000 && (roundMaxUp(max) ?? Infinity) >= entry.followersCount;
    });
    if (profile === undefined) throw new Error('no suitable creator');
    const max = profile.followersCount - 1;
    const snapped = roundMaxUp(max) ?? Infinity;
    await expectFilter('tiktok', { followersCount: { max } }, (creator) => creator.followers <= snapped);
    // The creator has more followers than max, and passes.
    const alone = await profiles('tiktok', { followersCount: { max }, username: profile.username });
    expect(alone.map((entry) => entry.username)).toEqual([profile.username]);
  });

  it('leaves the range open above the last step (3,000,000)', async () => {
    const huge = baseline.youtube.filter((profile) => profile.followersCount > 5_000_000);
    expect(huge.length).toBeGreaterThan(0);
    expect(await profiles('youtube', { followersCount: { max: 5_000_000 } })).toEqual(baseline.youtube);
  });
});

describe('locations, gender, language, age', () => {
  it('locations: a country id matches the creators of that country, a city id those of the city', async () => {
    const country = creatorOf('instagram', baseline.instagram[0]).countryId;
    await expectFilter('instagram', { locations: [country] }, (creator) => creator.countryId === country);
    const withCity = baseline.tiktok
      .map((profile) => creatorOf('tiktok', profile))
      .find((creator) => creator.cityId !== null);
    const city = withCity?.cityId ?? 0;
    await expectFilter('tiktok', { locations: [city] }, (creator) => creator.cityId === city);
    await expect400(
      'instagram',
      { locations: [country, 987_654] },
      'filters.locations[1] 987654 is not a location id',
    );
  });

  it('gender: MALE, FEMALE, KNOWN (either), UNKNOWN (neither)', async () => {
    await expectFilter('instagram', { gender: 'MALE' }, (creator) => creator.gender === 'MALE');
    await expectFilter('instagram', { gender: 'FEMALE' }, (creator) => creator.gender === 'FEMALE');
    await expectFilter('instagram', { gender: 'KNOWN' }, (creator) => creator.gender !== null);
    await expectFilter('instagram', { gender: 'UNKNOWN' }, (creator) => creator.gender === null);
    await expect400(
      'instagram',
      { gender: 'OTHER' },
      'filters.gender must be one of MALE, FEMALE, KNOWN, UNKNOWN',
    );
  });

  it('language: a language code of the dictionary; an unknown one is a 400', async () => {
    const codes = baseline.youtube.map((profile) => creatorOf('youtube', profile).language);
    const rarest = codes.find((code) => code !== codes[0]) ?? codes[0];
    await expectFilter('youtube', { language: rarest }, (creator) => creator.language === rarest);
    await expect400('youtube', { language: 'xx' }, 'filters.language "xx" is not a language code');
  });

  it('age: groups from min up to max ("25".."35" is 25-34)', async () => {
    await expectFilter(
      'instagram',
      { age: { min: '25', max: '35' } },
      (creator) => creator.ageGroup === '25-34',
    );
    await expectFilter('tiktok', { age: { min: '35' } }, (creator) =>
      ['35-44', '45-64', '65-'].includes(creator.ageGroup ?? ''),
    );
    await expect400(
      'instagram',
      { age: { min: '35', max: '25' } },
      'filters.age.min must be at most max ("25"), got "35"',
    );
  });
});

describe('activity and performance', () => {
  it('lastPostedInDays: the newest post is at most that many days old', async () => {
    await expectFilter(
      'instagram',
      { lastPostedInDays: 3 },
      (creator) => creator.lastPostedAt >= world.now - 3 * DAY_MS,
    );
  });

  it('accountType: creator means individual or group creators; others are exact', async () => {
    await expectFilter('instagram', { accountType: 'creator' }, (creator) =>
      ['individual_creator', 'group_creator'].includes(creator.aiAccountType),
    );
    await expectFilter(
      'tiktok',
      { accountType: 'group_creator' },
      (creator) => creator.aiAccountType === 'group_creator',
    );
    await expectFilter('youtube', { accountType: 'brand' }, (creator) => creator.aiAccountType === 'brand');
  });

  it('engagementRate.min is a fraction, compared with the creator fraction (profiles show a percentage)', async () => {
    await expectFilter(
      'instagram',
      { engagementRate: { min: 0.05 } },
      (creator, profile) => creator.engagementRate >= 0.05 && profile.engagementRate >= 5,
    );
    await expect400('instagram', { engagementRate: { min: 5 } }, 'filters.engagementRate.min');
  });

  it('postingFrequency: posts per month between min and max', async () => {
    await expectFilter(
      'tiktok',
      { postingFrequency: { min: 8, max: 20 } },
      (creator, profile) =>
        creator.postingFrequency >= 8 &&
        creator.postingFrequency <= 20 &&
        profile.postingFrequency === creator.postingFrequency,
    );
  });

  it('viewsCount: snapped bounds on median views, or on mean views with calculationMethod average', async () => {
    const median = await expectFilter(
      'youtube',
      { viewsCount: { min: 52_000 } },
      (creator) => creator.avgViews >= 50_000,
    );
    const average = await expectFilter(
      'youtube',
      { viewsCount: { min: 50_000, calculationMethod: 'average' } },
      (creator, profile) =>
        (profile.viewsCountMean ?? 0) >= 50_000 &&
        Math.round(creator.avgViews * VIEWS_MEAN_OVER_MEDIAN) >= 50_000,
    );
    // The mean is above the median, so the average method lets more creators in.
    expect(average.length).toBeGreaterThanOrEqual(median.length);
    expect(average.some((profile) => (profile.viewsCountMedian ?? 0) < 50_000)).toBe(true);
  });

  it('followersGrowthRate: the interval rate within min and max; creators without one are out', async () => {
    await expectFilter(
      'instagram',
      { followersGrowthRate: { interval: 'i1month', min: 0.01 } },
      (creator, profile) =>
        (creator.followersGrowthRate.i1month ?? -Infinity) >= 0.01 &&
        profile.followersGrowthRate === creator.followersGrowthRate.i1month,
    );
    // Default interval: six months; a max alone keeps only creators with a rate.
    await expectFilter(
      'tiktok',
      { followersGrowthRate: { max: 0 } },
      (creator) =>
        creator.followersGrowthRate.i6months !== undefined && creator.followersGrowthRate.i6months <= 0,
    );
    await expect400('instagram', { followersGrowthRate: { interval: 'i2months' } }, 'needs min, max or both');
  });

  it('audience.credibility: at least that share of real followers', async () => {
    await expectFilter(
      'instagram',
      { audience: { credibility: 0.8 } },
      (creator) => creator.audience.credibility >= 0.8,
    );
  });
});

describe('profile and account filters', () => {
  it('hasEmail: true and false', async () => {
    await expectFilter('instagram', { hasEmail: true }, (creator) => creator.hasEmail);
    await expectFilter('instagram', { hasEmail: false }, (creator) => !creator.hasEmail);
  });

  it('brands: names of the AI brands dictionary; an unknown name is a 400', async () => {
    const creator = baseline.tiktok
      .map((profile) => creatorOf('tiktok', profile))
      .find((entry) => entry.brandIds.length > 0);
    const brand = world.dictionaries.brand(creator?.brandIds[0] ?? 0);
    if (brand === undefined) throw new Error('no brand');
    await expectFilter('tiktok', { brands: [brand.name.toUpperCase()] }, (entry) =>
      entry.brandIds.includes(brand.id),
    );
    await expect400(
      'tiktok',
      { brands: ['No Such Brand'] },
      'filters.brands[0] "No Such Brand" is not a brand name',
    );
  });

  it('username: exactly that creator', async () => {
    const target = baseline.youtube[17];
    const found = await profiles('youtube', { username: `@${target.username.toUpperCase()}` });
    expect(found.map((profile) => profile.username)).toEqual([target.username]);
    expect(await profiles('youtube', { username: 'nobody.at.all' })).toEqual([]);
  });

  it('bio: any of the phrases, as whole words of the bio', async () => {
    const pc = world.platform('instagram');
    const words = pc.bioWords(creatorOf('instagram', baseline.instagram[3]).index).trim().split(' ');
    const phrase = words.slice(0, 2).join(' ');
    await expectFilter('instagram', { bio: [phrase, 'zzqx never'] }, (creator) =>
      pc.bioWords(creator.index).includes(` ${phrase} `),
    );
    await expect400('instagram', { bio: Array.from({ length: 11 }, (_, k) => `p${k}`) }, 'filters.bio');
    await expect400('instagram', { bio: '!!' }, 'filters.bio "!!" holds no letters or digits');
  });

  it('keywords: any of the phrases in recent captions or titles', async () => {
    const pc = world.platform('youtube');
    const hasPhrase = (creator: Creator, phrase: string) =>
      pc.posts(creator.index, 0, 12).items.some((post) =>
        ` ${`${post.text} ${post.title}`
          .toLowerCase()
          .match(/[\p{L}\p{N}]+/gu)
          ?.join(' ')} `.includes(` ${phrase} `),
      );
    await expectFilter('youtube', { keywords: 'behind the scenes' }, (creator) =>
      hasPhrase(creator, 'behind the scenes'),
    );
    await expectFilter('youtube', { keywords: ['zzqx', 'sunday reset'] }, (creator) =>
      hasPhrase(creator, 'sunday reset'),
    );
  });
});

describe('post filters', () => {
  it('maxPostAgeMonths: matched posts only from that window', async () => {
    const pc = world.platform('instagram');
    const within = (profile: AiProfile) =>
      profile.matchedPosts.every(
        (post) => (pc.findPost(post.id)?.createdAt ?? 0) >= world.now - 3 * 30 * DAY_MS,
      );
    await expectFilter('instagram', { maxPostAgeMonths: 3 }, (_creator, profile) => within(profile));
    await expect400('instagram', { maxPostAgeMonths: 4 }, 'filters.maxPostAgeMonths');
  });

  it('contentType: matched posts of that type only', async () => {
    const pc = world.platform('instagram');
    const types = (profile: AiProfile) => profile.matchedPosts.map((post) => pc.findPost(post.id)?.type);
    await expectFilter('instagram', { contentType: 'video' }, (_creator, profile) =>
      types(profile).every((type) => type === 'reel'),
    );
    await expectFilter('instagram', { contentType: 'image' }, (_creator, profile) =>
      types(profile).every((type) => type === 'photo' || type === 'carousel'),
    );
  });

  it('textTags: include a hashtag, exclude a hashtag, include a brand mention', async () => {
    const tagOf = (name: string) =>
      world.dictionaries.interestProfiles.find((entry) => entry.name === name)?.hashtags[0] ?? '';
    const fitness = tagOf('Fitness');
    const usesTag = (creator: Creator, tag: string) =>
      creator.interestIds.some((id) => world.dictionaries.interestsOfHashtag(tag).includes(id));
    await expectFilter('tiktok', { textTags: [{ type: 'hashtag', value: fitness }] }, (creator) =>
      usesTag(creator, fitness),
    );
    await expectFilter(
      'tiktok',
      { textTags: [{ type: 'hashtag', value: fitness, mode: 'exclude' }] },
      (creator) => !usesTag(creator, fitness),
    );
    const sponsored = baseline.instagram
      .map((profile) => creatorOf('instagram', profile))
      .find((creator) => creator.hasSponsoredPosts && creator.brandIds.length > 0);
    const brand = world.dictionaries.brand(sponsored?.brandIds[0] ?? 0);
    if (brand === undefined) throw new Error('no sponsored creator');
    await expectFilter(
      'instagram',
      { textTags: [{ type: 'mention', value: brand.username }] },
      (creator) => creator.brandIds.includes(brand.id) && creator.sponsoredShare > 0,
    );
    await expect400(
      'instagram',
      { textTags: [{ type: 'hashtag', value: '#fitness' }] },
      'without the leading # or @',
    );
  });
});

describe('lists', () => {
  async function listWith(platform: Platform, profilesToAdd: AiProfile[]): Promise<string> {
    const created = await request(app)
      .post('/v1/ai/lists')
      .set(auth())
      .send({ platform, name: 'filter test' });
    const id = created.body.list.id as string;
    await request(app)
      .post(`/v1/ai/lists/${id}/members`)
      .set(auth())
      .send({ ids: profilesToAdd.map((profile) => profile.userId) })
      .expect(200);
    return id;
  }

  it('include keeps only the members, exclude drops them', async () => {
    const members = baseline.instagram.slice(0, 5);
    const listId = await listWith('instagram', members);
    const names = new Set(members.map((profile) => profile.username));
    const included = await profiles('instagram', { lists: { listIds: [listId], mode: 'include' } });
    expect(new Set(included.map((profile) => profile.username))).toEqual(names);
    const excluded = await profiles('instagram', { lists: { listIds: [listId], mode: 'exclude' } });
    expect(excluded.filter((profile) => names.has(profile.username))).toEqual([]);
    expect(excluded).toHaveLength(100);
  });

  it('needs exactly one list of the search platform that the caller owns', async () => {
    const listId = await listWith('tiktok', baseline.tiktok.slice(0, 1));
    await expect400(
      'instagram',
      { lists: { listIds: [listId], mode: 'include' } },
      'holds tiktok creators but this search is on instagram',
    );
    await expect400(
      'tiktok',
      { lists: { listIds: [listId, listId], mode: 'include' } },
      'exactly 1 list id, got 2',
    );
    const unknown = await search('tiktok', { lists: { listIds: ['no-such-list'], mode: 'exclude' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('entity_not_found');
    const foreign = await request(app)
      .post('/v1/ai/tiktok/text-search')
      .set(auth('other'))
      .send({ query: BROAD_QUERY, filters: { lists: { listIds: [listId], mode: 'include' } } });
    expect(foreign.status).toBe(404);
  });
});

describe('filters combine with AND', () => {
  it('every profile keeps every rule', async () => {
    await expectFilter(
      'youtube',
      { hasEmail: true, gender: 'FEMALE', followersCount: { min: 20_000 } },
      (creator) => creator.hasEmail && creator.gender === 'FEMALE' && creator.followers >= 20_000,
    );
  });

  it('refuses an unknown enum value in any filter with the field named', async () => {
    await expect400('instagram', { contentType: 'audio' }, 'filters.contentType must be one of video, image');
    await expect400('instagram', { accountType: 'bot' }, 'filters.accountType');
    await expect400('instagram', { hasEmail: 'yes' }, 'filters.hasEmail');
  });
});
