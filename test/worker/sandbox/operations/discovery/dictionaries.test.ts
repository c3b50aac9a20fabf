import request from 'supertest';
import type { Platform } from '../../../../../shared/platforms';
import {
  brandsResponseSchema,
  interestsResponseSchema,
  languagesResponseSchema,
  locationsResponseSchema,
  tagsResponseSchema,
  usersResponseSchema,
} from '../../../../../shared/responses/dictionaries';
import { PRIVATE_ACCOUNT_MIN_FOLLOWERS } from '../../../../../worker/sandbox/operations/discovery/private-accounts';
import { bearer, costOf, discoverySandbox, TOKENS } from './discovery-sandbox';
import { readComplete } from '../../../../support/complete-answer';

const sandbox = discoverySandbox();
const world = sandbox.state.world;
const dictionaries = world.dictionaries;

function get(path: string, query: Record<string, string | number> = {}, token?: string) {
  return request(sandbox.app).get(`/v1${path}`).query(query).set(bearer(token));
}

describe('dictionaries with a total', () => {
  const cases = [
    {
      path: '/instagram/brands',
      key: 'brands',
      schema: brandsResponseSchema,
      all: dictionaries.brands,
      names: (item: { name: string }) => [item.name],
    },
    {
      path: '/instagram/interests',
      key: 'interests',
      schema: interestsResponseSchema,
      all: dictionaries.interests,
      names: (item: { name: string }) => [item.name],
    },
    {
      path: '/tiktok/languages',
      key: 'languages',
      schema: languagesResponseSchema,
      all: dictionaries.languages,
      names: (item: { name: string; code?: string }) => [item.name, item.code ?? ''],
    },
    {
      path: '/youtube/locations',
      key: 'locations',
      schema: locationsResponseSchema,
      all: dictionaries.locations,
      names: (item: { name: string; title?: string }) => [item.name, item.title ?? ''],
    },
  ] as const;

  it.each(cases)(
    '$path gives 20 items by default, with the total of all items',
    async ({ path, key, schema, all }) => {
      const response = await get(path);
      const body = schema.parse(response.body) as Record<string, unknown>;
      expect((body[key] as unknown[]).length).toBe(20);
      expect(body.total).toBe(all.length);
    },
  );

  it.each(cases)(
    '$path gives every item with limit 1000000, and exactly `limit` items otherwise',
    async ({ path, key, all }) => {
      const everything = await get(path, { limit: 1_000_000 });
      expect(everything.body[key]).toHaveLength(all.length);
      expect(everything.body[key][0]).toEqual(expect.objectContaining({ name: all[0].name }));
      const three = await get(path, { limit: 3 });
      expect(three.body[key]).toHaveLength(3);
    },
  );

  it.each(cases)(
    '$path searches case-insensitively; total counts the matches',
    async ({ path, key, all, names }) => {
      const first = all[5] as { name: string };
      const query = first.name.slice(0, 3).toUpperCase();
      const expected = (all as readonly { name: string }[]).filter((item) =>
        names(item as never).some((name) => name.toLowerCase().includes(query.toLowerCase())),
      );
      const response = await get(path, { query, limit: 1_000_000 });
      expect(response.body.total).toBe(expected.length);
      expect(response.body[key].map((item: { name: string }) => item.name)).toEqual(
        expected.map((item) => item.name),
      );
      const none = await get(path, { query: 'zzqqxx' });
      expect(none.body).toEqual({ error: false, [key]: [], total: 0 });
    },
  );

  it('finds a language by its code and a location by its full title', async () => {
    const german = await get('/instagram/languages', { query: 'DE' });
    expect(german.body.languages).toContainEqual({ code: 'de', name: 'German' });
    const city = dictionaries.locations.find(
      (location) => location.kind === 'city' && location.title.split(', ').length === 3,
    );
    if (city === undefined) throw new Error('no city with a region');
    const region = city.title.split(', ')[1];
    const found = await get('/tiktok/locations', { query: region, limit: 1_000_000 });
    expect(found.body.locations).toContainEqual({ id: city.id, name: city.name, title: city.title });
  });
});

describe('topics and hashtags', () => {
  it.each(['instagram', 'tiktok', 'youtube'] as Platform[])(
    'answer topics on %s, filtered by query and limited',
    async (platform) => {
      const topics = readComplete(tagsResponseSchema, (await get(`/${platform}/topics`)).body);
      expect(topics.tags).toEqual(dictionaries.topics(platform).slice(0, 20));
      const topic = await get(`/${platform}/topics`, { query: 'yoga', limit: 5 });
      expect(topic.body.tags.every((tag: string) => tag.includes('yoga'))).toBe(true);
    },
  );

  it('answer hashtags on instagram, most used first, filtered by query', async () => {
    const hashtags = readComplete(
      tagsResponseSchema,
      (await get('/instagram/hashtags', { limit: 1_000_000 })).body,
    );
    expect(new Set(hashtags.tags)).toEqual(new Set(dictionaries.hashtags('instagram')));
    expect(hashtags.tags).toEqual(world.hashtagCounts('instagram').map((entry) => entry.tag));
    const fit = await get('/instagram/hashtags', { query: '#FIT', limit: 1_000_000 });
    expect(fit.body.tags.length).toBeGreaterThan(0);
    expect(fit.body.tags.every((tag: string) => tag.includes('fit'))).toBe(true);
  });

  it.each(['tiktok', 'youtube'] as Platform[])(
    'have no hashtag dictionary on %s, as the vendor notes list it for Instagram only',
    async (platform) => {
      const response = await get(`/${platform}/hashtags`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        error: true,
        code: 'not_found',
        message: `GET /v1/${platform}/hashtags: this operation does not exist for ${platform}, only for instagram`,
      });
    },
  );
});

describe('users', () => {
  it('lists the biggest analysed creators first, with the same numbers as the creators, without total', async () => {
    for (const platform of ['instagram', 'tiktok', 'youtube'] as Platform[]) {
      const pc = world.platform(platform);
      const response = await get(`/${platform}/users`, { limit: 50 });
      const body = readComplete(usersResponseSchema, response.body);
      expect('total' in response.body).toBe(false);
      expect(body.users).toHaveLength(50);
      const expected = Array.from({ length: pc.size }, (_, index) => pc.creator(index))
        .filter((creator) => !(creator.isPrivate && creator.followers < PRIVATE_ACCOUNT_MIN_FOLLOWERS))
        .sort((a, b) => b.followers - a.followers || a.index - b.index)
        .slice(0, 50);
      expect(body.users).toEqual(
        expected.map((creator) => ({
          userId: creator.userId,
          username: creator.username,
          fullname: creator.fullname,
          picture: creator.picture,
          followers: creator.followers,
          isVerified: creator.isVerified,
        })),
      );
    }
  });

  it('finds users by the start of the handle or of the full name, ignoring case and @', async () => {
    const pc = world.instagram;
    const someone = pc.creator(777);
    const prefix = someone.username.slice(0, 4);
    const response = await get('/instagram/users', { query: `@${prefix.toUpperCase()}`, limit: 1_000_000 });
    const usernames = response.body.users.map((user: { username: string }) => user.username);
    expect(usernames).toContain(someone.username);
    for (const user of response.body.users as { username: string; fullname: string; followers: number }[]) {
      expect(user.username.startsWith(prefix) || user.fullname.toLowerCase().startsWith(prefix)).toBe(true);
    }
    const followers = response.body.users.map((user: { followers: number }) => user.followers);
    expect(followers).toEqual([...followers].sort((a, b) => b - a));
    const byName = await get('/instagram/users', {
      query: someone.fullname.slice(0, 5).toLowerCase(),
      limit: 1_000_000,
    });
    expect(byName.body.users.map((user: { userId: string }) => user.userId)).toContain(someone.userId);
    // A prefix, not any part.
    const middle = await get('/instagram/users', { query: someone.username.slice(2, 7), limit: 1_000_000 });
    for (const user of middle.body.users as { username: string; fullname: string }[]) {
      const part = someone.username.slice(2, 7);
      expect(user.username.startsWith(part) || user.fullname.toLowerCase().startsWith(part)).toBe(true);
    }
  });
});

describe('dictionary parameters and billing', () => {
  it('refuses a limit that is not a whole number from 1 to 1000000', async () => {
    for (const limit of ['0', 'abc', '1.5', '1000001']) {
      const response = await get('/instagram/interests', { limit });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^limit must be/);
    }
  });

  it('costs nothing, even for an account without credits', async () => {
    for (const path of [
      '/instagram/brands',
      '/instagram/interests',
      '/tiktok/languages',
      '/youtube/locations',
      '/tiktok/topics',
      '/instagram/hashtags',
      '/youtube/users',
    ]) {
      expect(await costOf(sandbox, () => get(path, { limit: 1_000_000 }))).toBe(0);
      expect((await get(path, {}, TOKENS.poor)).status).toBe(200);
    }
  });
});
