import {
  collaborationSummaryResponseSchema,
  type CollaborationSummary,
  type CollaborationSummaryResponse,
} from '../../../../../shared/responses/collaborations';
import type { Post } from '../../../../../worker/sandbox/data';
import { isVideoType } from '../../../../../worker/sandbox/data';
import { buildContentSandbox } from './content-sandbox';
import { brandWithPosts, influencerWithCollaborations, smallestCreator } from './world-examples';
import { readComplete, type Complete } from '../../../../support/complete-answer';

const sandbox = buildContentSandbox();
const { world } = sandbox;
const ig = world.instagram;
const tt = world.tiktok;

async function summary(body: Record<string, unknown>): Promise<Complete<CollaborationSummaryResponse>> {
  const response = await sandbox.post('/collaborations/summary', body);
  if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return readComplete(collaborationSummaryResponseSchema, response.body);
}

/** The totals a summary must report for these posts, computed from the world directly. */
function totalsOf(posts: readonly Post[]): CollaborationSummary {
  const plays = (post: Post) => (isVideoType(post.type) ? post.views : 0);
  const sum = (read: (post: Post) => number) => posts.reduce((total, post) => total + read(post), 0);
  return {
    total_likes: sum((post) => post.likes),
    total_shares: sum((post) => post.shares),
    total_views: sum(plays),
    total_collects: sum((post) => post.saves),
    total_plays: sum(plays),
  };
}

function added(summaries: CollaborationSummary[]): CollaborationSummary {
  const keys = ['total_likes', 'total_shares', 'total_views', 'total_collects', 'total_plays'] as const;
  return Object.fromEntries(
    keys.map((key) => [key, summaries.reduce((total, entry) => total + (entry[key] ?? 0), 0)]),
  ) as CollaborationSummary;
}

describe('POST /collaborations/summary for an influencer', () => {
  const influencer = influencerWithCollaborations(ig, 31, 90);
  const posts = ig.sponsoredPosts(influencer, { limit: 1000 }).posts;

  it('totals every collaboration post, overall and per brand, and bills 0.2 credits', async () => {
    const before = await sandbox.balance();
    const answer = await summary({ id: ig.username(influencer), platform: 'instagram' });
    expect(Math.round((before.credits - (await sandbox.balance()).credits) * 1000)).toBe(200);
    expect(answer.brand).toBeUndefined();
    const side = answer.influencer;
    expect(side?.summary).toMatchObject({ ...totalsOf(posts), posts_count: posts.length });
    expect(added(side?.per_brand_summary.map((entry) => entry.summary) ?? [])).toEqual(totalsOf(posts));
    for (const entry of side?.per_brand_summary ?? []) {
      const brandPosts = posts.filter((post) => post.sponsors[0].domain === entry.brand.domain);
      expect(entry.summary).toMatchObject(totalsOf(brandPosts));
    }
  });

  it('names each brand as a sponsor object { name, username, domain, logo_url, user_id, category }', async () => {
    const answer = await summary({ id: ig.username(influencer), platform: 'instagram' });
    const brands = answer.influencer.per_brand_summary.map((entry) => entry.brand);
    expect(brands.length).toBeGreaterThan(0);
    for (const brand of brands) {
      const sponsor = posts.find((post) => post.sponsors[0].domain === brand.domain)?.sponsors[0];
      if (sponsor === undefined) throw new Error(`no post sponsored by ${brand.domain}`);
      expect(brand).toEqual({
        name: sponsor.name,
        username: sponsor.username,
        domain: sponsor.domain,
        logo_url: sponsor.logoUrl,
        user_id: sponsor.userId,
        category: sponsor.category,
      });
    }
  });

  it('agrees with the posts the posts endpoint pages through', async () => {
    const likes: number[] = [];
    let cursor: string | null = null;
    do {
      const response = await sandbox.post('/collaborations/posts', {
        id: ig.userId(influencer),
        platform: 'instagram',
        ...(cursor === null ? {} : { cursor }),
      });
      for (const post of response.body.influencer.posts as { stats: { likes: number } }[])
        likes.push(post.stats.likes);
      cursor = response.body.cursor as string | null;
    } while (cursor !== null);
    const answer = await summary({ id: ig.userId(influencer), platform: 'instagram' });
    expect(answer.influencer?.summary.total_likes).toBe(likes.reduce((a, b) => a + b, 0));
  });

  it('narrows to one brand with collaboratorId and to a time window', async () => {
    const brandId = posts[0].sponsors[0].brandId;
    const brand = world.dictionaries.brand(brandId);
    const narrowed = await summary({
      id: ig.username(influencer),
      platform: 'instagram',
      collaboratorId: brand?.name,
    });
    expect(narrowed.influencer?.per_brand_summary).toHaveLength(1);
    expect(narrowed.influencer?.summary).toMatchObject(
      totalsOf(posts.filter((post) => post.sponsors[0].brandId === brandId)),
    );

    const window = { gte: posts[9].createdAt, lte: posts[2].createdAt };
    const windowed = await summary({
      id: ig.username(influencer),
      platform: 'instagram',
      postCreationTimestampMs: window,
    });
    expect(windowed.influencer?.summary).toMatchObject({ ...totalsOf(posts.slice(2, 10)), posts_count: 8 });
  });

  it('groups brands by domain with groupBrandCollaborations', async () => {
    const grouped = await summary({
      id: ig.username(influencer),
      platform: 'instagram',
      groupBrandCollaborations: true,
    });
    const domains = grouped.influencer?.per_brand_summary.map((entry) => entry.brand.domain) ?? [];
    expect(new Set(domains).size).toBe(domains.length);
    expect(new Set(domains)).toEqual(new Set(posts.map((post) => post.sponsors[0].domain)));
    expect(added(grouped.influencer?.per_brand_summary.map((entry) => entry.summary) ?? [])).toEqual(
      totalsOf(posts),
    );
  });
});

describe('POST /collaborations/summary for a profile without collaborations', () => {
  it('answers neither side, an empty answer rather than an error, billed like any call', async () => {
    const index = smallestCreator(tt, (i) => tt.sponsoredPosts(i, { limit: 1 }).posts.length === 0);
    const before = await sandbox.balance();
    const response = await sandbox.post('/collaborations/summary', {
      id: tt.userId(index),
      platform: 'tiktok',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ error: false });
    expect(Math.round((before.credits - (await sandbox.balance()).credits) * 1000)).toBe(200);
  });
});

describe('POST /collaborations/summary for a brand', () => {
  const brand = brandWithPosts(tt, 31, 300);
  const posts = tt.brandPosts(brand.id, { limit: 1000 }).posts;

  it('totals the brand posts overall and per influencer', async () => {
    const answer = await summary({ id: brand.username, platform: 'tiktok' });
    expect(answer.influencer).toBeUndefined();
    const side = answer.brand;
    expect(side).toMatchObject({ brand_name: brand.name, brand_domain: brand.domain });
    expect(side?.summary).toMatchObject({ ...totalsOf(posts), posts_count: posts.length });
    const creators = new Set(posts.map((post) => tt.userId(post.creatorIndex)));
    const listed = side?.per_influencer_summary.map((entry) => entry.influencer.user_id) ?? [];
    expect(new Set(listed)).toEqual(creators);
    expect(listed).toHaveLength(creators.size);
    for (const entry of side?.per_influencer_summary ?? []) {
      const own = posts.filter((post) => tt.userId(post.creatorIndex) === entry.influencer.user_id);
      expect(entry.summary).toMatchObject(totalsOf(own));
      expect(entry.influencer.username).toBe(tt.username(own[0].creatorIndex));
    }
  });

  it('narrows to one influencer with collaboratorId', async () => {
    const creator = posts[0].creatorIndex;
    const answer = await summary({
      id: brand.domain,
      platform: 'tiktok',
      collaboratorId: tt.userId(creator),
    });
    expect(answer.brand?.per_influencer_summary.map((entry) => entry.influencer.user_id)).toEqual([
      tt.userId(creator),
    ]);
    expect(answer.brand?.summary).toMatchObject(
      totalsOf(posts.filter((post) => post.creatorIndex === creator)),
    );
  });

  it('answers 404 entity_not_found for an unknown id, free of charge', async () => {
    const before = await sandbox.balance();
    const response = await sandbox.post('/collaborations/summary', {
      id: 'no.such.brand.zz',
      platform: 'tiktok',
    });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({
      code: 'entity_not_found',
      message: expect.stringContaining('"no.such.brand.zz"'),
    });
    expect(await sandbox.balance()).toEqual(before);
  });
});
