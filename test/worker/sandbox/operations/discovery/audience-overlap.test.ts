import request from 'supertest';
import { overlapResponseSchema } from '../../../../../shared/responses/overlap';
import { bearer, costOf, discoverySandbox, TOKENS } from './discovery-sandbox';
import { readComplete } from '../../../../support/complete-answer';

const sandbox = discoverySandbox();
const world = sandbox.state.world;

function overlap(platform: string, influencers: unknown, token?: string) {
  return request(sandbox.app)
    .post(`/v1/${platform}/reports/audience/overlap`)
    .set(bearer(token))
    .send({ influencers });
}

/** A small deterministic generator, so the "random" sets are the same on every run. */
function* sets(size: number, count: number): Generator<number[]> {
  let state = 12345;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
  for (let k = 0; k < count; k++) {
    const length = 2 + (next() % 5);
    const picked = new Set<number>();
    while (picked.size < length) picked.add(next() % size);
    yield [...picked];
  }
}

describe('audience overlap', () => {
  it.each(['instagram', 'youtube'] as const)(
    'is consistent on %s for random sets: unique + overlapping = 100, unique <= followers',
    async (platform) => {
      const pc = world.platform(platform);
      for (const indexes of sets(pc.size, 25)) {
        const response = await overlap(
          platform,
          indexes.map((index) => pc.username(index)),
        );
        expect(response.status).toBe(200);
        const body = readComplete(overlapResponseSchema, response.body);
        const followers = indexes.map((index) => pc.creator(index).followers);
        expect(body.reportInfo.totalFollowers).toBe(followers.reduce((sum, value) => sum + value, 0));
        expect(body.reportInfo.totalUniqueFollowers).toBeLessThanOrEqual(body.reportInfo.totalFollowers);
        expect(body.reportInfo.totalUniqueFollowers).toBeGreaterThanOrEqual(Math.max(...followers) * 0.999);
        expect(body.data.map((entry) => entry.userId)).toEqual(indexes.map((index) => pc.userId(index)));
        // Followers who follow no other influencer are distinct followers of the set.
        const unique = body.data.reduce(
          (sum, entry) => sum + (entry.uniquePercentage / 100) * entry.followers,
          0,
        );
        expect(unique).toBeLessThanOrEqual(body.reportInfo.totalUniqueFollowers * 1.0001 + indexes.length);
        body.data.forEach((entry, k) => {
          expect(entry.followers).toBe(followers[k]);
          expect(entry.uniquePercentage + entry.overlappingPercentage).toBeCloseTo(100, 6);
          expect(entry.uniquePercentage).toBeGreaterThanOrEqual(0);
          expect(entry.overlappingPercentage).toBeGreaterThanOrEqual(0);
        });
      }
    },
  );

  it('gives the world model numbers, whether influencers are named by handle or by user id', async () => {
    const pc = world.instagram;
    const indexes = [120, 340, 560];
    const byHandle = await overlap(
      'instagram',
      indexes.map((index) => `@${pc.username(index).toUpperCase()}`),
    );
    const byId = await overlap(
      'instagram',
      indexes.map((index) => pc.userId(index)),
    );
    expect(byHandle.body).toEqual(byId.body);
    const model = world.audienceOverlap(indexes.map((index) => ({ platform: 'instagram' as const, index })));
    expect(byId.body.reportInfo).toEqual({
      totalFollowers: model.totalFollowers,
      totalUniqueFollowers: model.totalUniqueFollowers,
    });
    expect(byId.body.data.map((entry: { uniquePercentage: number }) => entry.uniquePercentage)).toEqual(
      model.data.map((entry) => entry.uniquePercentage),
    );
  });

  it('answers 404 handle_not_found naming every unknown influencer', async () => {
    const known = world.youtube.username(10);
    const response = await overlap('youtube', [known, '@ghost.one', 'ghost.two']);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      error: true,
      code: 'handle_not_found',
      message: expect.stringMatching(/No youtube accounts match "@ghost\.one", "ghost\.two"/),
    });
  });

  it('refuses fewer than two influencers, repeats and the same account spelt twice', async () => {
    const pc = world.instagram;
    const one = await overlap('instagram', [pc.username(5)]);
    expect(one.status).toBe(400);
    expect(one.body.message).toMatch(/influencers must hold at least 2 items, got 1/);
    const repeated = await overlap('instagram', [pc.username(5), pc.username(5)]);
    expect(repeated.body.message).toMatch(/influencers\[1\] repeats/);
    const twice = await overlap('instagram', [pc.username(5), pc.userId(5)]);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/influencers\[1\] ".*" is the same account as influencers\[0\]/);
    const notAList = await overlap('instagram', 'someone');
    expect(notAList.body.message).toMatch(/influencers must be an array/);
  });

  it('exists for Instagram and YouTube only', async () => {
    const response = await overlap('tiktok', [world.tiktok.username(5), world.tiktok.username(6)]);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('not_found');
  });

  it('costs 1 credit, nothing when refused, and needs the credit', async () => {
    const pc = world.instagram;
    const pair = [pc.username(30), pc.username(31)];
    expect(await costOf(sandbox, () => overlap('instagram', pair))).toBe(1);
    expect(await costOf(sandbox, () => overlap('instagram', [pc.username(30), '@ghost.one']))).toBe(0);
    const poor = await overlap('instagram', pair, TOKENS.poor);
    expect(poor.status).toBe(402);
    expect(poor.body.code).toBe('not_enough_credits');
  });
});
