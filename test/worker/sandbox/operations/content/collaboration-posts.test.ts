import { COLLABORATION_TYPES } from '../../../../../shared/enums';
import {
  collaborationPostsResponseSchema,
  type CollaborationPostsResponse,
} from '../../../../../shared/responses/collaborations';
import { COLLABORATION_CURSOR_TTL_MS } from '../../../../../worker/sandbox/operations/content/collaboration-cursor';
import { buildContentSandbox, FIXED_NOW, TOKENS } from './content-sandbox';
import { brandWithPosts, influencerWithCollaborations, smallestCreator } from './world-examples';
import { readComplete } from '../../../../support/complete-answer';

const sandbox = buildContentSandbox();
const { world } = sandbox;
const ig = world.instagram;
const yt = world.youtube;

beforeEach(() => {
  sandbox.clock.time = FIXED_NOW;
});

async function postsPage(body: Record<string, unknown>, token?: string): Promise<CollaborationPostsResponse> {
  const response = await sandbox.post('/collaborations/posts', body, token);
  if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return readComplete(collaborationPostsResponseSchema, response.body);
}

function postsOf(answer: CollaborationPostsResponse) {
  return answer.influencer?.posts ?? answer.brand?.posts ?? [];
}

/** Every page of a request, following `cursor`, and the last page's `cursor` as its JSON held it. */
async function walk(
  body: Record<string, unknown>,
): Promise<{ pages: CollaborationPostsResponse[]; lastCursor: unknown }> {
  const pages: CollaborationPostsResponse[] = [];
  let cursor: string | undefined;
  let lastCursor: unknown;
  do {
    const response = await sandbox.post(
      '/collaborations/posts',
      cursor === undefined ? body : { ...body, cursor },
    );
    if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    const page = readComplete(collaborationPostsResponseSchema, response.body);
    pages.push(page);
    lastCursor = response.body.cursor;
    cursor = page.cursor;
    if (pages.length > 50) throw new Error('too many pages');
  } while (cursor !== undefined);
  return { pages, lastCursor };
}

const influencer = influencerWithCollaborations(ig, 31, 90);
const handle = ig.username(influencer);

describe('POST /collaborations/posts for an influencer', () => {
  it("answers the influencer's sponsored posts, newest first, with type, stats and sponsors", async () => {
    const answer = await postsPage({ id: handle, platform: 'instagram' });
    const expected = ig.sponsoredPosts(influencer, { limit: 30 }).posts;
    expect(answer.influencer).toMatchObject({
      id: ig.userId(influencer),
      platform: 'instagram',
      username: handle,
      is_more_available: true,
    });
    expect(answer.brand).toBeUndefined();
    const posts = postsOf(answer);
    expect(posts.map((post) => post.post_id)).toEqual(expected.map((post) => post.id));
    posts.forEach((post, k) => {
      const source = expected[k];
      expect(COLLABORATION_TYPES).toContain(post.collaboration_type);
      expect(post.collaboration_type).toBe(source.collaborationType);
      expect(post.post_timestamp).toBe(source.createdAt);
      expect(post.stats).toMatchObject({
        likes: source.likes,
        comments: source.comments,
        shares: source.shares,
      });
      expect(post.sponsors?.map((sponsor) => sponsor.domain)).toEqual(source.sponsors.map((s) => s.domain));
      expect(post.sponsors?.[0]).toMatchObject({
        name: source.sponsors[0].name,
        user_id: source.sponsors[0].userId,
      });
    });
  });

  it('walks every collaboration once by following the cursor, and bills 0.2 credits per call', async () => {
    const before = await sandbox.balance();
    const { pages, lastCursor } = await walk({ id: handle, platform: 'instagram' });
    const ids = pages.flatMap((page) => postsOf(page).map((post) => post.post_id));
    const total = ig.sponsoredPosts(influencer, { limit: 1000 }).posts.length;
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(pages.length).toBe(Math.ceil(total / 30));
    const last = pages[pages.length - 1];
    expect(lastCursor).toBeNull();
    expect(last.influencer?.is_more_available).toBe(false);
    const after = await sandbox.balance();
    expect(Math.round((before.credits - after.credits) * 1000)).toBe(200 * pages.length);
  });

  it('takes the id as a handle, @handle, user id or profile URL', async () => {
    const bodies = [handle.toUpperCase(), `@${handle}`, ig.userId(influencer), ig.url(influencer)].map(
      (id) => ({
        id,
        platform: 'instagram',
        limit: 3,
      }),
    );
    const answers = await Promise.all(bodies.map((body) => postsPage(body)));
    for (const answer of answers) expect(answer.influencer).toEqual(answers[0].influencer);
  });

  it('narrows to one brand with collaboratorId', async () => {
    const brandId = ig.sponsoredPosts(influencer, { limit: 1 }).posts[0].sponsors[0].brandId;
    const brand = world.dictionaries.brand(brandId);
    const answer = await postsPage({
      id: handle,
      platform: 'instagram',
      collaboratorId: brand?.domain,
      limit: 100,
    });
    const expected = ig.sponsoredPosts(influencer, { brandId, limit: 100 }).posts;
    expect(postsOf(answer).map((post) => post.post_id)).toEqual(expected.map((post) => post.id));
    for (const post of postsOf(answer)) expect(post.sponsors?.[0].domain).toBe(brand?.domain);
  });

  it('keeps to postCreationTimestampMs, both ends included', async () => {
    const all = ig.sponsoredPosts(influencer, { limit: 1000 }).posts;
    const [newer, older] = [all[3], all[10]];
    const answer = await postsPage({
      id: handle,
      platform: 'instagram',
      limit: 100,
      postCreationTimestampMs: { gte: older.createdAt, lte: newer.createdAt },
    });
    expect(postsOf(answer).map((post) => post.post_id)).toEqual(all.slice(3, 11).map((post) => post.id));
  });

  it('serves `limit` posts per page, at most 100', async () => {
    expect(postsOf(await postsPage({ id: handle, platform: 'instagram', limit: 5 }))).toHaveLength(5);
    const brand = brandWithPosts(ig, 101, 2000);
    const page = await postsPage({ id: brand.domain, platform: 'instagram', limit: 5000 });
    expect(postsOf(page)).toHaveLength(100);
    const zero = await sandbox.post('/collaborations/posts', { id: handle, platform: 'instagram', limit: 0 });
    expect(zero.status).toBe(400);
  });
});

describe('POST /collaborations/posts for a brand', () => {
  const brand = brandWithPosts(ig, 31, 150);

  it.each([
    ['its account handle', () => brand.username],
    ['its name', () => brand.name.toUpperCase()],
    ['its domain', () => brand.domain],
    ['its account id', () => ig.userId(ig.brandAccountIndex(brand.id))],
  ])('answers the brand side for %s', async (_label, id) => {
    const answer = await postsPage({ id: id(), platform: 'instagram', limit: 10 });
    expect(answer.influencer).toBeUndefined();
    expect(answer.brand).toMatchObject({
      id: ig.userId(ig.brandAccountIndex(brand.id)),
      brand_name: brand.name,
      brand_domain: brand.domain,
      brand_logo: brand.logoUrl,
      brand_category: brand.category,
      is_more_available: true,
    });
    const expected = ig.brandPosts(brand.id, { limit: 10 }).posts;
    expect(postsOf(answer).map((post) => post.post_id)).toEqual(expected.map((post) => post.id));
  });

  it('walks every post of the brand, each with the influencer who made it', async () => {
    const { pages } = await walk({ id: brand.domain, platform: 'instagram' });
    const posts = pages.flatMap(postsOf) as (ReturnType<typeof postsOf>[number] & {
      influencer: { user_id: string };
    })[];
    const expected = ig.brandPosts(brand.id, { limit: 1000 }).posts;
    expect(posts.map((post) => post.post_id)).toEqual(expected.map((post) => post.id));
    posts.forEach((post, k) => expect(post.influencer.user_id).toBe(ig.userId(expected[k].creatorIndex)));
  });

  it('narrows to one influencer with collaboratorId', async () => {
    const creator = ig.brandPosts(brand.id, { limit: 1 }).posts[0].creatorIndex;
    const answer = await postsPage({
      id: brand.name,
      platform: 'instagram',
      collaboratorId: `@${ig.username(creator)}`,
      limit: 100,
    });
    const expected = ig.sponsoredPosts(creator, { brandId: brand.id, limit: 100 }).posts;
    expect(postsOf(answer).map((post) => post.post_id)).toEqual(expected.map((post) => post.id));
  });

  it('finds a YouTube brand by its domain', async () => {
    const ytBrand = brandWithPosts(yt, 1, 1000);
    const answer = await postsPage({ id: `https://www.${ytBrand.domain}/`, platform: 'youtube', limit: 5 });
    expect(answer.brand).toMatchObject({ brand_domain: ytBrand.domain, platform: 'youtube' });
  });
});

describe('POST /collaborations/posts for a profile without collaborations', () => {
  it('answers neither side, an empty answer rather than an error, billed like any call', async () => {
    const index = smallestCreator(ig, (i) => ig.sponsoredPosts(i, { limit: 1 }).posts.length === 0);
    const before = await sandbox.balance();
    for (const id of [ig.username(index), ig.userId(index)]) {
      const response = await sandbox.post('/collaborations/posts', { id, platform: 'instagram' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: false, cursor: null });
    }
    const after = await sandbox.balance();
    expect(Math.round((before.credits - after.credits) * 1000)).toBe(400);
  });

  it('answers neither side for a brand nobody posted for, even with a counterpart and a window', async () => {
    const brand = world.dictionaries.brands.find((b) => ig.brandPosts(b.id, { limit: 1 }).posts.length === 0);
    if (brand === undefined) throw new Error('every Instagram brand has collaborations');
    const response = await sandbox.post('/collaborations/posts', {
      id: brand.domain,
      platform: 'instagram',
      postCreationTimestampMs: { gte: 0 },
    });
    expect(response.body).toEqual({ error: false, cursor: null });
  });

  it('still answers its side, with no posts, for a profile whose collaborations fall outside the window', async () => {
    const answer = await postsPage({
      id: handle,
      platform: 'instagram',
      postCreationTimestampMs: { gte: 0, lte: 1 },
    });
    expect(answer.influencer).toMatchObject({ username: handle, is_more_available: false, posts: [] });
  });
});

describe('POST /collaborations/posts errors, all free', () => {
  it.each([
    [
      { id: 'nobody.at.all.zz', platform: 'instagram' },
      404,
      'entity_not_found',
      /^id "nobody\.at\.all\.zz" matches no Instagram/,
    ],
    [
      { id: 'instagram', platform: 'tiktok', collaboratorId: 'no-such-brand-zz' },
      404,
      'entity_not_found',
      /^id "instagram" matches no TikTok/,
    ],
    [{ platform: 'instagram' }, 400, 'bad_request', /id/],
    [{ id: 'x', platform: 'myspace' }, 400, 'bad_request', /platform/],
  ])('%j answers %i %s', async (body, status, code, message) => {
    const before = await sandbox.balance();
    const response = await sandbox.post('/collaborations/posts', body);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error: true, code, message: expect.stringMatching(message) });
    expect(await sandbox.balance()).toEqual(before);
  });

  it('names an unknown collaboratorId, and refuses one of the same side', async () => {
    const unknown = await sandbox.post('/collaborations/posts', {
      id: handle,
      platform: 'instagram',
      collaboratorId: 'no-such-brand-zz',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^collaboratorId "no-such-brand-zz" matches no Instagram/);
    const sameSide = await sandbox.post('/collaborations/posts', {
      id: handle,
      platform: 'instagram',
      collaboratorId: ig.username(ig.firstPersonIndex + 1),
    });
    expect(sameSide.status).toBe(400);
    expect(sameSide.body.message).toMatch(/^collaboratorId must name a brand when id names an influencer/);
  });

  it('answers not_enough_credits to an account holding less than 0.2', async () => {
    const response = await sandbox.post(
      '/collaborations/posts',
      { id: handle, platform: 'instagram' },
      TOKENS.poor,
    );
    expect(response.status).toBe(402);
    expect(response.body.code).toBe('not_enough_credits');
  });
});

describe('collaboration cursors', () => {
  const body = { id: handle, platform: 'instagram', limit: 10 };

  it('are valid for 2 days after they are issued', async () => {
    const first = await postsPage(body);
    sandbox.clock.advance(COLLABORATION_CURSOR_TTL_MS);
    const second = await postsPage({ ...body, cursor: first.cursor });
    expect(postsOf(second)[0].post_id).toBe(
      ig.sponsoredPosts(influencer, { offset: 10, limit: 1 }).posts[0].id,
    );
  });

  it('answer 400 once expired, and cost nothing', async () => {
    const first = await postsPage(body);
    sandbox.clock.advance(COLLABORATION_CURSOR_TTL_MS + 1);
    const before = await sandbox.balance();
    const response = await sandbox.post('/collaborations/posts', { ...body, cursor: first.cursor });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('bad_request');
    expect(response.body.message).toMatch(
      /^cursor expired: it was issued at 2026-01-15T12:00:00\.000Z and cursors are valid for 2 days/,
    );
    expect(await sandbox.balance()).toEqual(before);
  });

  it('count from the page that issued them: a cursor of a later page lives 2 days from then', async () => {
    const first = await postsPage(body);
    sandbox.clock.advance(COLLABORATION_CURSOR_TTL_MS - 1000);
    const second = await postsPage({ ...body, cursor: first.cursor });
    sandbox.clock.advance(COLLABORATION_CURSOR_TTL_MS - 1000);
    expect(postsOf(await postsPage({ ...body, cursor: second.cursor }))).toHaveLength(10);
  });

  it('refuse a cursor of another request and a made-up one', async () => {
    const first = await postsPage(body);
    const other = await sandbox.post('/collaborations/posts', {
      ...body,
      postCreationTimestampMs: { gte: 0 },
      cursor: first.cursor,
    });
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/^cursor is a cursor of another request/);
    const forged = await sandbox.post('/collaborations/posts', { ...body, cursor: 'eyJvZmZzZXQiOjMwfQ' });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/^cursor must be a cursor from a previous page/);
  });
});
