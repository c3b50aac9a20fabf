import request from 'supertest';
import {
  aiBrandsResponseSchema,
  aiHashtagsResponseSchema,
  aiMentionsResponseSchema,
} from '../../../../../shared/responses/ai-search';
import { auth, buildAiSandbox, creditsOf } from './ai-fixture';
import { readComplete } from '../../../../support/complete-answer';

const { app, state } = buildAiSandbox();
const world = state.world;

describe('GET /ai/brands', () => {
  it('lists every AI brand name by default, in alphabetical order', async () => {
    const response = await request(app).get('/v1/ai/brands').set(auth());
    const body = readComplete(aiBrandsResponseSchema, response.body);
    const names = body.brands.map((brand) => brand.name);
    expect(names).toHaveLength(world.dictionaries.aiBrands.length);
    expect(names).toEqual([...world.dictionaries.aiBrands].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('filters by query, case-insensitively, prefix matches first, and honours limit', async () => {
    const response = await request(app).get('/v1/ai/brands?query=FIT').set(auth());
    const names = readComplete(aiBrandsResponseSchema, response.body).brands.map((brand) => brand.name);
    expect(names.length).toBeGreaterThan(1);
    expect(names.every((name) => name.toLowerCase().includes('fit'))).toBe(true);
    const prefixFirst = names.map((name) => (name.toLowerCase().startsWith('fit') ? 0 : 1));
    expect(prefixFirst).toEqual([...prefixFirst].sort());

    const limited = await request(app).get('/v1/ai/brands?query=fit&limit=1').set(auth());
    expect(limited.body.brands).toEqual([{ name: names[0] }]);
    const bad = await request(app).get('/v1/ai/brands?limit=0').set(auth());
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/limit/);
  });
});

describe('GET /ai/hashtags', () => {
  it('answers the hashtags of a platform by prefix, most used first, with their post counts', async () => {
    const response = await request(app).get('/v1/ai/hashtags?platform=tiktok&prefix=%23fit').set(auth());
    const tags = readComplete(aiHashtagsResponseSchema, response.body).hashtags;
    expect(tags.length).toBeGreaterThan(1);
    expect(tags.every((entry) => entry.tag.startsWith('fit'))).toBe(true);
    for (let k = 1; k < tags.length; k++)
      expect(tags[k - 1].postCount).toBeGreaterThanOrEqual(tags[k].postCount);
    const expected = world.hashtagCounts('tiktok').filter((entry) => entry.tag.startsWith('fit'));
    expect(tags).toEqual(expected.map(({ tag, postCount }) => ({ tag, postCount })));
  });

  it('knows platform tags per platform and needs a valid platform', async () => {
    const fyp = await request(app).get('/v1/ai/hashtags?platform=tiktok&prefix=fyp').set(auth());
    expect(fyp.body.hashtags.map((entry: { tag: string }) => entry.tag)).toContain('fyp');
    const onInstagram = await request(app).get('/v1/ai/hashtags?platform=instagram&prefix=fyp').set(auth());
    expect(onInstagram.body.hashtags).toEqual([]);
    const limited = await request(app).get('/v1/ai/hashtags?platform=instagram&limit=3').set(auth());
    expect(limited.body.hashtags).toHaveLength(3);
    const missing = await request(app).get('/v1/ai/hashtags').set(auth());
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/platform/);
  });
});

describe('GET /ai/mentions', () => {
  it('answers handles by prefix, most mentioned first', async () => {
    const brand = world.dictionaries.brands[0].username;
    const prefix = brand.slice(0, 3);
    const response = await request(app)
      .get(`/v1/ai/mentions?platform=instagram&prefix=@${prefix}`)
      .set(auth());
    const mentions = readComplete(aiMentionsResponseSchema, response.body).mentions;
    expect(mentions.length).toBeGreaterThan(0);
    expect(mentions.every((entry) => entry.username.startsWith(prefix))).toBe(true);
    for (let k = 1; k < mentions.length; k++)
      expect(mentions[k - 1].postCount).toBeGreaterThanOrEqual(mentions[k].postCount);
  });

  it('refuses youtube with a readable 400', async () => {
    const response = await request(app).get('/v1/ai/mentions?platform=youtube').set(auth());
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true, code: 'bad_request' });
    expect(response.body.message).toContain('youtube has no mentions dictionary');
  });
});

it('the AI dictionaries are free', async () => {
  const before = await creditsOf(app);
  await request(app).get('/v1/ai/brands').set(auth()).expect(200);
  await request(app).get('/v1/ai/hashtags?platform=youtube').set(auth()).expect(200);
  await request(app).get('/v1/ai/mentions?platform=tiktok').set(auth()).expect(200);
  expect(await creditsOf(app)).toBe(before);
});
