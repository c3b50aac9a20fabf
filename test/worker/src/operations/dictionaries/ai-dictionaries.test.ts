import { DICTIONARY_COLUMNS } from '../../../../../shared/rows/dictionary-rows';
import { callsOf } from '../../worker-fixture';
import { apiGet, startMoreWorld, type MoreWorld } from '../../operation-routes-fixture';

/** GET /api/ai/brands, /api/ai/hashtags, /api/ai/mentions through the worker and the sandbox. */

let world: MoreWorld;

beforeAll(async () => {
  world = await startMoreWorld();
});
afterAll(async () => {
  await world.close();
});
beforeEach(async () => {
  await world.resetStats();
});

describe('AI dictionaries', () => {
  it('answers brand names for filters.brands, cached a day', async () => {
    const first = await apiGet(world.api, '/api/ai/brands?limit=4');
    const again = await apiGet(world.api, '/api/ai/brands?limit=4');

    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(4);
    expect(first.body.items[0]).toEqual({ name: expect.any(String) });
    expect(first.body.header).toEqual(DICTIONARY_COLUMNS.ai_brands.map((col) => col.label));
    expect(first.body.rows).toEqual(first.body.items.map((item: { name: string }) => [item.name]));
    expect(again.body.fromCache).toBe(true);
    expect(callsOf(await world.stats(), 'aiBrands')).toBe(1);
  });

  it('answers hashtags by the typed prefix (q, with or without #), sorted by posts', async () => {
    const all = await apiGet(world.api, '/api/ai/hashtags?platform=tiktok&limit=50');
    const prefix = (all.body.items[0].tag as string).slice(0, 2);
    const res = await apiGet(world.api, `/api/ai/hashtags?platform=tiktok&q=%23${prefix}`);

    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    const tags = res.body.items as { tag: string; postCount: number }[];
    expect(tags.every((item) => item.tag.startsWith(prefix))).toBe(true);
    const counts = tags.map((item) => item.postCount);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(res.body.rows[0]).toEqual([tags[0].tag, tags[0].postCount]);
  });

  it('answers mentions for Instagram and TikTok, and refuses YouTube before any call', async () => {
    const ig = await apiGet(world.api, '/api/ai/mentions?platform=instagram&q=a&limit=3');
    const youtube = await apiGet(world.api, '/api/ai/mentions?platform=youtube&q=a');

    expect(ig.status).toBe(200);
    expect(ig.body.items.length).toBeGreaterThan(0);
    expect(youtube.status).toBe(400);
    expect(youtube.body.error.message).toMatch(/^platform must be one of instagram, tiktok/);
    expect(callsOf(await world.stats(), 'aiMentions')).toBe(1);
  });
});
