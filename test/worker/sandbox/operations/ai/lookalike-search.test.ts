import request from 'supertest';
import {
  aiSearchResponseSchema,
  type AiProfile as TolerantAiProfile,
} from '../../../../../shared/responses/ai-search';
import type { PlatformCreators } from '../../../../../worker/sandbox/data';
import { auth, buildAiSandbox, creditsOf } from './ai-fixture';
import { readComplete, type Complete } from '../../../../support/complete-answer';

/** Profiles of the sandbox's default answers carry every field (readComplete checks it). */
type AiProfile = Complete<TolerantAiProfile>;

const { app, state } = buildAiSandbox();
const world = state.world;

function lookalikes(platform: string, body: object) {
  return request(app).post(`/v1/ai/${platform}/lookalikes`).set(auth()).send(body);
}

async function profilesOf(platform: string, body: object): Promise<AiProfile[]> {
  const response = await lookalikes(platform, body);
  expect(response.status).toBe(200);
  return readComplete(aiSearchResponseSchema, response.body).profiles;
}

/** Covered person accounts of a platform, biggest first, from a given rank. */
function sources(pc: PlatformCreators, from: number, count: number): number[] {
  return Array.from(pc.byFollowersDesc())
    .filter((index) => pc.kind(index) === 'person' && !pc.creator(index).isPrivate)
    .slice(from, from + count);
}

const names = (profiles: AiProfile[]) => profiles.map((profile) => profile.username);

describe('AI lookalikes', () => {
  it('takes 1 to 5 sources and refuses 0 or 6', async () => {
    const pc = world.platform('instagram');
    const five = sources(pc, 10, 6).map((index) => pc.userId(index));
    expect((await lookalikes('instagram', { userIds: five.slice(0, 1) })).status).toBe(200);
    expect((await lookalikes('instagram', { userIds: five.slice(0, 5) })).status).toBe(200);
    const none = await lookalikes('instagram', { userIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('userIds must hold 1 to 5 ids, got 0');
    const six = await lookalikes('instagram', { userIds: five });
    expect(six.status).toBe(400);
    expect(six.body.message).toContain('got 6');
  });

  it('names an unknown source in a 404', async () => {
    const pc = world.platform('tiktok');
    const known = pc.userId(sources(pc, 0, 1)[0]);
    const response = await lookalikes('tiktok', { userIds: [known, 'nobody_by_that_name'] });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: true, code: 'handle_not_found' });
    expect(response.body.message).toContain('userIds[1] "nobody_by_that_name" is not a tiktok creator');
  });

  it('accepts ids, usernames and @usernames alike', async () => {
    const pc = world.platform('youtube');
    const index = sources(pc, 5, 1)[0];
    const byId = await profilesOf('youtube', { userIds: [pc.userId(index)], pageSize: 10 });
    const byName = await profilesOf('youtube', { userIds: [pc.username(index)], pageSize: 10 });
    const byAt = await profilesOf('youtube', {
      userIds: [`@${pc.username(index).toUpperCase()}`],
      pageSize: 10,
    });
    expect(byId.length).toBeGreaterThan(0);
    expect(byName).toEqual(byId);
    expect(byAt).toEqual(byId);
  });

  it('returns covered creators of the path platform like the source, never the source itself', async () => {
    for (const platform of ['instagram', 'tiktok', 'youtube'] as const) {
      const pc = world.platform(platform);
      const index = sources(pc, 20, 1)[0];
      const source = pc.creator(index);
      const profiles = await profilesOf(platform, { userIds: [source.userId], pageSize: 20 });
      expect(profiles.length).toBeGreaterThan(0);
      expect(names(profiles)).not.toContain(source.username);
      // The world's lookalikes, in its order, filtered to AI coverage.
      const expected = world
        .lookalikes([{ platform, index }], platform, 1500)
        .filter((summary) => summary.followers > 10_000 && !summary.isPrivate)
        .slice(0, 20)
        .map((summary) => summary.username);
      expect(names(profiles)).toEqual(expected);
      for (const profile of profiles) {
        const creator = pc.creator(pc.indexOfUserId(profile.userId ?? ''));
        expect(creator.interestIds[0]).toBe(source.interestIds[0]);
        for (const matched of profile.matchedPosts) {
          expect(source.interestIds).toContain(pc.findPost(matched.id)?.interestId);
        }
      }
    }
  });

  it('combines several sources: their lookalikes together, those shared by more sources first', async () => {
    const pc = world.platform('instagram');
    const all = sources(pc, 0, 200);
    const first = pc.creator(all[30]);
    const secondIndex = all.find((index) => pc.creator(index).interestIds[0] !== first.interestIds[0]);
    if (secondIndex === undefined) throw new Error('no second source with another interest');
    const second = pc.creator(secondIndex);
    const combined = await profilesOf('instagram', { userIds: [first.userId, second.userId], pageSize: 40 });
    const mains = new Set(
      combined.map((profile) => pc.creator(pc.indexOfUserId(profile.userId ?? '')).interestIds[0]),
    );
    expect(mains).toEqual(new Set([first.interestIds[0], second.interestIds[0]]));
  });

  it('honours filters and bills 0.025 per profile', async () => {
    const pc = world.platform('tiktok');
    const index = sources(pc, 3, 1)[0];
    const before = await creditsOf(app);
    const profiles = await profilesOf('tiktok', {
      userIds: [pc.userId(index)],
      pageSize: 50,
      filters: { hasEmail: true },
    });
    expect(profiles.length).toBeGreaterThan(0);
    for (const profile of profiles)
      expect(pc.creator(pc.indexOfUserId(profile.userId ?? '')).hasEmail).toBe(true);
    expect(await creditsOf(app)).toBeCloseTo(before - 0.025 * profiles.length, 6);
  });
});
