import { AI_SEARCH_COLUMNS } from '../../../../../shared/rows/ai-search-rows';
import { callsOf } from '../../worker-fixture';
import { apiPost, startMoreWorld, type MoreWorld } from '../../operation-routes-fixture';
import { startImageTestServer, type ImageTestServer } from './image-test-server';

/**
 * POST /api/ai/search through the worker and the real sandbox, which enforces the AI rate of one
 * call a second per token (SANDBOX_RATE_AI stays at its default, 1): these tests run in real time,
 * about a second per AI call.
 */

let world: MoreWorld;
let images: ImageTestServer;

beforeAll(async () => {
  world = await startMoreWorld();
  images = await startImageTestServer();
});
afterAll(async () => {
  await world.close();
  await images.close();
});
beforeEach(async () => {
  await world.resetStats();
});

const aiSearch = (body: unknown) => apiPost(world.api, '/api/ai/search', body);
const aiCalls = async () => {
  const stats = await world.stats();
  return callsOf(stats, 'aiTextSearch') + callsOf(stats, 'aiImageSearch') + callsOf(stats, 'aiLookalikes');
};

/** A few bytes that start like a PNG: the sandbox reads the signature, not the pixels. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('creator-sheets test image'),
]).toString('base64');

describe('POST /api/ai/search', () => {
  it('pages at the AI rate without drawing a 429, one call per page', async () => {
    const started = Date.now();
    const res = await aiSearch({
      mode: 'text',
      platform: 'instagram',
      query: 'fitness',
      pageSize: 5,
      pages: 3,
    });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(15);
    expect(res.body.header).toEqual(AI_SEARCH_COLUMNS.map((col) => col.label));
    expect(res.body.counts).toMatchObject({ pagesFetched: 3, results: 15 });
    expect(res.body.credits).toBe(0.375);
    const stats = await world.stats();
    expect(callsOf(stats, 'aiTextSearch')).toBe(3);
    expect(stats.rejected.rate_limited).toBe(0);
    expect(stats.credits).toBe(0.375);
    // Three calls at 1 a second: the second and third each waited their turn.
    expect(elapsed).toBeGreaterThanOrEqual(1900);
  });

  it('refuses pages past the depth rule before any call, naming the last allowed page', async () => {
    const res = await aiSearch({
      mode: 'text',
      platform: 'tiktok',
      query: 'cooking',
      pageSize: 50,
      startPage: 25,
      pages: 6,
    });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('pages reach page 30');
    expect(res.body.error.message).toContain('with pageSize 50 the last page is 29');
    expect(await aiCalls()).toBe(0);
  });

  it('refuses bad filters and a missing query before any call', async () => {
    const badFilter = await aiSearch({
      mode: 'text',
      platform: 'instagram',
      query: 'travel',
      filters: { gender: 'robot', lists: { listIds: ['a', 'b'], mode: 'include' } },
    });
    const noQuery = await aiSearch({ mode: 'text', platform: 'instagram' });
    const noSources = await aiSearch({ mode: 'lookalikes', platform: 'instagram', userIds: [] });

    expect(badFilter.status).toBe(400);
    expect(badFilter.body.error.message).toContain('filters.gender must be one of MALE, FEMALE');
    expect(badFilter.body.error.message).toContain(
      'filters.lists.listIds must hold exactly 1 list id, got 2',
    );
    expect(noQuery.status).toBe(400);
    expect(noQuery.body.error.message).toMatch(/^query /);
    expect(noSources.status).toBe(400);
    expect(noSources.body.error.message).toBe('userIds must hold 1 to 5 ids, got 0');
    expect(await aiCalls()).toBe(0);
  });

  it('answers a dry run with 0.025 x pageSize per page, spending nothing', async () => {
    const res = await aiSearch({
      mode: 'image',
      platform: 'youtube',
      imageType: 'image/png',
      base64Image: PNG,
      pageSize: 20,
      pages: 3,
      dryRun: true,
    });

    expect(res.status).toBe(200);
    expect(res.body.estimate).toEqual({ credits: 1.5, rawRequests: 0 });
    expect(await aiCalls()).toBe(0);
  });

  it('stops at the first short page and serves the same search again from the cache', async () => {
    const body = { mode: 'text', platform: 'instagram', query: 'fitness', pageSize: 20, pages: 4 };
    const first = await aiSearch(body);
    await world.resetStats();
    const again = await aiSearch(body);

    expect(first.status).toBe(200);
    // 26 matches: a full page of 20, then 6, and no third call.
    expect(first.body.counts).toMatchObject({ pagesFetched: 2, results: 26 });
    expect(again.body.rows).toEqual(first.body.rows);
    expect(again.body.counts).toMatchObject({ pagesFetched: 0, pagesCached: 2 });
    expect(again.body.credits).toBe(0);
    expect(await aiCalls()).toBe(0);
  });

  it('searches by image and by lookalikes, engagement shown as a fraction', async () => {
    const ig = world.sandbox.state.world.platform('instagram');
    const [source] = world.handles(1, 'instagram', 3);
    const image = await aiSearch({
      mode: 'image',
      platform: 'instagram',
      imageType: 'image/png',
      base64Image: PNG,
      pageSize: 5,
    });
    const lookalikes = await aiSearch({
      mode: 'lookalikes',
      platform: 'instagram',
      userIds: [ig.userId(ig.resolve(source))],
      pageSize: 5,
    });

    expect(image.status).toBe(200);
    expect(image.body.rows.length).toBeGreaterThan(0);
    expect(lookalikes.status).toBe(200);
    expect(lookalikes.body.rows.length).toBeGreaterThan(0);
    const rate = lookalikes.body.rows[0][3] as number;
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThan(1);
    const stats = await world.stats();
    expect(callsOf(stats, 'aiImageSearch')).toBe(1);
    expect(callsOf(stats, 'aiLookalikes')).toBe(1);
    expect(stats.rejected.rate_limited).toBe(0);
  });
});

describe('POST /api/ai/search by image link', () => {
  it('fetches the linked image once for all pages and searches as with its bytes', async () => {
    const byLink = await aiSearch({
      mode: 'image',
      platform: 'instagram',
      imageUrl: images.url('/cat.png'),
      pageSize: 5,
      pages: 2,
    });
    const byBytes = await aiSearch({
      mode: 'image',
      platform: 'instagram',
      imageType: 'image/png',
      base64Image: images.pngBase64,
      pageSize: 5,
      pages: 2,
    });

    expect(byLink.status).toBe(200);
    expect(images.hits('/cat.png')).toBe(1);
    expect(byLink.body.rows.length).toBeGreaterThan(0);
    // The same bytes: the second search is the first one's pages, from the cache.
    expect(byBytes.body.rows).toEqual(byLink.body.rows);
    expect(byBytes.body.counts).toMatchObject({ pagesFetched: 0 });
    expect(await aiCalls()).toBe(byLink.body.counts.pagesFetched);
  });

  it('refuses a bad link, a missing image and a link outside image mode before any AI call', async () => {
    const ftp = await aiSearch({ mode: 'image', platform: 'tiktok', imageUrl: 'ftp://example.com/cat.png' });
    const missing = await aiSearch({ mode: 'image', platform: 'tiktok', imageUrl: images.url('/gone.png') });
    const both = await aiSearch({
      mode: 'image',
      platform: 'tiktok',
      imageUrl: images.url('/cat.png'),
      base64Image: images.pngBase64,
    });
    const textMode = await aiSearch({
      mode: 'text',
      platform: 'tiktok',
      query: 'cats',
      imageUrl: images.url('/cat.png'),
    });
    const tooDeep = await aiSearch({
      mode: 'image',
      platform: 'tiktok',
      imageUrl: images.url('/cat.png'),
      pageSize: 100,
      startPage: 14,
      pages: 2,
    });

    expect(ftp.status).toBe(400);
    expect(ftp.body.error).toEqual({
      code: 'image_url_refused',
      message: 'The image URL must start with https://, got ftp://.',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.message).toBe(
      'The image at 127.0.0.1 answered HTTP 404 instead of the image: check the link.',
    );
    expect(both.status).toBe(400);
    expect(both.body.error.message).toBe('give either imageUrl or base64Image, not both');
    expect(textMode.body.error.message).toBe('imageUrl is for mode "image", got mode "text"');
    // The rest of the request is checked before the image is fetched.
    expect(tooDeep.status).toBe(400);
    expect(images.hits('/cat.png')).toBe(1);
    expect(await aiCalls()).toBe(0);
  });
});
