import { DEPRECATED_COLLABORATIONS_PAGE_SIZE } from '../../../../../shared/limits';
import type { Platform } from '../../../../../shared/platforms';
import {
  deprecatedCollaborationsResponseSchema,
  type DeprecatedCollaborationsResponse,
} from '../../../../../shared/responses/collaborations';
import { buildContentSandbox } from './content-sandbox';
import { brandWithPosts, influencerWithCollaborations } from './world-examples';
import { readComplete } from '../../../../support/complete-answer';

const sandbox = buildContentSandbox();
const { world } = sandbox;

interface Walked {
  pages: DeprecatedCollaborationsResponse[];
  credits: number;
}

/** Every page of a deprecated endpoint, following `end_cursor` as `after`; checks the header. */
async function walk(path: string, query: Record<string, string>): Promise<Walked> {
  const before = await sandbox.balance();
  const pages: DeprecatedCollaborationsResponse[] = [];
  let after: string | null = null;
  do {
    const response = await sandbox.get(path, after === null ? query : { ...query, after });
    expect(response.status).toBe(200);
    expect(response.headers.deprecation).toBe('true');
    const page = readComplete(deprecatedCollaborationsResponseSchema, response.body);
    pages.push(page);
    after = page.more_available ? page.end_cursor : null;
    if (pages.length > 60) throw new Error('too many pages');
  } while (after !== null);
  const spent = before.credits - (await sandbox.balance()).credits;
  return { pages, credits: Math.round(spent * 1000) / 1000 };
}

const ids = (pages: DeprecatedCollaborationsResponse[]) =>
  pages.flatMap((page) => page.collaborations.map((item) => item.post_id as string));

describe('GET /{platform}/collaborations/influencer (deprecated)', () => {
  it.each<Platform>(['instagram', 'tiktok', 'youtube'])(
    'on %s pages 30 collaborations at a time, each once, for 1 credit per page',
    async (platform) => {
      const pc = world.platform(platform);
      const influencer = influencerWithCollaborations(pc, 31, 120);
      const expected = pc.sponsoredPosts(influencer, { limit: 1000 }).posts;
      const { pages, credits } = await walk(`/${platform}/collaborations/influencer`, {
        influencerId: `@${pc.username(influencer)}`,
      });
      expect(DEPRECATED_COLLABORATIONS_PAGE_SIZE).toBe(30);
      expect(pages.map((page) => page.collaborations.length)).toEqual(
        Array.from({ length: Math.ceil(expected.length / 30) }, (_, k) =>
          Math.min(30, expected.length - 30 * k),
        ),
      );
      expect(ids(pages)).toEqual(expected.map((post) => post.id));
      expect(credits).toBe(pages.length);
      expect(pages[pages.length - 1]).toMatchObject({ more_available: false, end_cursor: '' });
      expect(pages[0].collaborations[0]).toMatchObject({
        brand: { brand_domain: expected[0].sponsors[0].domain },
      });
    },
  );

  it('groups the collaborations by brand domain with groupedBrands', async () => {
    const ig = world.instagram;
    const influencer = influencerWithCollaborations(ig, 31, 120);
    const posts = ig.sponsoredPosts(influencer, { limit: 1000 }).posts;
    const { pages, credits } = await walk('/instagram/collaborations/influencer', {
      influencerId: ig.userId(influencer),
      groupedBrands: 'true',
    });
    const items = pages.flatMap((page) => page.collaborations) as {
      brand_domain: string;
      posts_count: number;
    }[];
    expect(new Set(items.map((item) => item.brand_domain))).toEqual(
      new Set(posts.map((post) => post.sponsors[0].domain)),
    );
    expect(items.map((item) => item.brand_domain)).toHaveLength(
      new Set(items.map((item) => item.brand_domain)).size,
    );
    expect(items.reduce((total, item) => total + item.posts_count, 0)).toBe(posts.length);
    expect(credits).toBe(pages.length);
  });

  it('refuses a brand as influencerId, an unknown one and a foreign cursor, free of charge', async () => {
    const ig = world.instagram;
    const before = await sandbox.balance();
    const brand = await sandbox.get('/instagram/collaborations/influencer', {
      influencerId: world.dictionaries.brands[0].username,
    });
    expect(brand.status).toBe(400);
    expect(brand.body.message).toMatch(/names the brand/);
    const unknown = await sandbox.get('/instagram/collaborations/influencer', { influencerId: 'nobody.zz' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'entity_not_found',
      message: expect.stringContaining('"nobody.zz"'),
    });
    const missing = await sandbox.get('/instagram/collaborations/influencer', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/influencerId/);
    expect(await sandbox.balance()).toEqual(before);

    const one = influencerWithCollaborations(ig, 31, 120);
    const first = await sandbox.get('/instagram/collaborations/influencer', { influencerId: ig.userId(one) });
    const foreign = await sandbox.get('/instagram/collaborations/influencer', {
      influencerId: ig.userId(one),
      groupedBrands: 'true',
      after: first.body.end_cursor,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/^after is a cursor of another feed/);
  });
});

describe('GET /{platform}/collaborations/brand (deprecated)', () => {
  it.each<Platform>(['instagram', 'tiktok'])(
    "on %s pages the brand's posts 30 at a time with their influencers, 1 credit per page",
    async (platform) => {
      const pc = world.platform(platform);
      const brand = brandWithPosts(pc, 31, 200);
      const expected = pc.brandPosts(brand.id, { limit: 1000 }).posts;
      const { pages, credits } = await walk(`/${platform}/collaborations/brand`, { brandId: brand.domain });
      expect(ids(pages)).toEqual(expected.map((post) => post.id));
      expect(pages.slice(0, -1).every((page) => page.collaborations.length === 30)).toBe(true);
      expect(credits).toBe(pages.length);
      const influencers = pages.flatMap((page) =>
        page.collaborations.map((item) => (item.influencer as { user_id: string }).user_id),
      );
      expect(influencers).toEqual(expected.map((post) => pc.userId(post.creatorIndex)));
    },
  );

  it('takes the brand by dictionary id, name or account handle', async () => {
    const ig = world.instagram;
    const brand = brandWithPosts(ig, 31, 200);
    const answers = await Promise.all(
      [String(brand.id), brand.name, `@${brand.username}`].map((brandId) =>
        sandbox.get('/instagram/collaborations/brand', { brandId }),
      ),
    );
    for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
  });

  it('does not exist for YouTube', async () => {
    const response = await sandbox.get('/youtube/collaborations/brand', { brandId: '1' });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('not_found');
  });

  it('refuses an influencer as brandId', async () => {
    const ig = world.instagram;
    const response = await sandbox.get('/instagram/collaborations/brand', {
      brandId: ig.userId(ig.firstPersonIndex),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/not a brand/);
  });
});
