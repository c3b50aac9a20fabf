import { DICTIONARY_COLUMNS } from '../../../../../shared/rows/dictionary-rows';
import { apiGet, startMoreWorld, type MoreWorld } from '../../operation-routes-fixture';

/** GET /api/dictionaries/:platform/:kind through the worker and the real sandbox. */

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

const dictionary = (path: string) => apiGet(world.api, `/api/dictionaries/${path}`);
const calls = async () => (await world.stats()).calls;

describe('GET /api/dictionaries/:platform/:kind', () => {
  it.each([
    ['instagram/brands', 'brands'],
    ['instagram/interests', 'interests'],
    ['tiktok/languages', 'languages'],
    ['youtube/locations', 'locations'],
    ['instagram/topics', 'tags'],
    ['instagram/hashtags', 'tags'],
    ['youtube/users', 'users'],
  ] as const)('%s answers its items and the same items as rows', async (path, rowsKind) => {
    const res = await dictionary(`${path}?limit=5&withHeader=true`);

    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.length).toBeLessThanOrEqual(5);
    const labels = DICTIONARY_COLUMNS[rowsKind].map((col) => col.label);
    expect(res.body.header).toEqual(labels);
    expect(res.body.rows[0]).toEqual(labels);
    expect(res.body.rows).toHaveLength(res.body.items.length + 1);
    expect(await calls()).toBe(1);
  });

  it('says in a sentence that the API has no hashtag dictionary for tiktok, as its notes say', async () => {
    const res = await dictionary('tiktok/hashtags?limit=5');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({
      code: 'not_found',
      message:
        'The API has no hashtag dictionary for tiktok: its notes list one for instagram only. Use the topics dictionary, or AI search hashtags (every platform)',
    });
    // It was asked: the sandbox refused the route, as the real service's notes say it would.
    expect((await world.stats()).rejected.not_found).toBe(1);
  });

  it('answers a repeated lookup from the cache: no upstream call', async () => {
    const first = await dictionary('instagram/locations?query=an&limit=7');
    await world.resetStats();

    const again = await dictionary('instagram/locations?limit=7&query=an');

    expect(first.body.fromCache).toBe(false);
    expect(again.status).toBe(200);
    expect(again.body.fromCache).toBe(true);
    expect(again.body.items).toEqual(first.body.items);
    expect(again.body.total).toBe(first.body.total);
    expect(await calls()).toBe(0);
  });

  it('asks again for another query or limit, or another platform', async () => {
    await dictionary('tiktok/topics?query=fit');
    await dictionary('tiktok/topics?query=fitn');
    await dictionary('tiktok/topics?query=fitn&limit=3');
    await dictionary('youtube/topics?query=fitn&limit=3');

    expect(await calls()).toBe(4);
  });

  it('shares one call between identical lookups at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => dictionary('tiktok/languages?query=en&limit=9')),
    );

    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(await calls()).toBe(1);
  });

  it('refuses what the API has not, readably and before any call', async () => {
    const brandsOnTiktok = await dictionary('tiktok/brands');
    const unknownKind = await dictionary('instagram/colours');
    const badLimit = await dictionary('instagram/languages?limit=abc');

    expect(brandsOnTiktok.status).toBe(400);
    expect(brandsOnTiktok.body.error.message).toBe(
      'The brands dictionary exists for instagram only, got tiktok',
    );
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.error.message).toMatch(/^kind must be one of brands, interests/);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error.message).toMatch(/^limit /);
    expect(await calls()).toBe(0);
  });
});
