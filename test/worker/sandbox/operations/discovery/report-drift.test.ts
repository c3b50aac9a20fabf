import request from 'supertest';
import type { Platform } from '../../../../../shared/platforms';
import { parseSandboxConfig } from '../../../../../worker/sandbox/config';
import { FLAG, GROWTH_SLOTS } from '../../../../../worker/sandbox/data';
import { driftedFollowers } from '../../../../../worker/sandbox/operations/discovery/report-drift';
import { createSandbox } from '../../../../../worker/sandbox/server';
import { bearer, FIXED_NOW } from './discovery-sandbox';

/**
 * Reports as of the day they are fetched (issue 25): the sandbox's own clock moves a day, the same
 * creator's report reads other numbers, along its growth rate, the same however often it is asked.
 */

const DAY = 24 * 60 * 60 * 1000;
let now = FIXED_NOW;
const sandbox = createSandbox(
  parseSandboxConfig({ SANDBOX_CREATORS: '2000', SANDBOX_RATE_DISCOVERY: 'off', SANDBOX_CREDITS: '100000' }),
  FIXED_NOW,
  { now: () => now },
);
const world = sandbox.state.world;

async function report(platform: Platform, index: number): Promise<Record<string, unknown>> {
  const username = world.platform(platform).username(index);
  const response = await request(sandbox.app)
    .get(`/v1/${platform}/profile/${encodeURIComponent(username)}/report`)
    .set(bearer());
  expect(response.status).toBe(200);
  return (response.body as { profile: Record<string, unknown> }).profile;
}

/** Public person accounts of the platform (a private small one has no report). */
function people(platform: Platform, count: number): number[] {
  const pc = world.platform(platform);
  const found: number[] = [];
  for (let i = pc.firstPersonIndex; found.length < count; i++) {
    if ((pc.columns.flags[i] & FLAG.private) === 0) found.push(i);
  }
  return found;
}

function followersOf(profile: Record<string, unknown>): number {
  return (profile.profile as { followers: number }).followers;
}

describe('reports that move with the sandbox clock', () => {
  afterEach(() => {
    now = FIXED_NOW;
  });

  it("answers the world's own numbers on its first day, and other ones each day after, along the creator's growth", async () => {
    for (const platform of ['instagram', 'tiktok', 'youtube'] as const) {
      const pc = world.platform(platform);
      for (const index of people(platform, 5)) {
        const seen: number[] = [];
        for (let day = 0; day < 7; day++) {
          now = FIXED_NOW + day * DAY + 3 * 60 * 60 * 1000;
          seen.push(followersOf(await report(platform, index)));
        }
        expect(seen[0]).toBe(pc.columns.followers[index]);
        // Seven distinct numbers, each day on from the one before in the creator's direction.
        expect(new Set(seen).size).toBe(7);
        const growth = pc.columns.growth[index * GROWTH_SLOTS];
        const rising = !(Number.isFinite(growth) && growth < 0);
        for (let day = 1; day < 7; day++) expect(seen[day] > seen[day - 1]).toBe(rising);
        expect(seen[6]).toBe(driftedFollowers(pc, index, 6));
      }
    }
  });

  it('reads the same for one day however often it is fetched, and keeps engagement, averages and history in step', async () => {
    const [index] = people('instagram', 1);
    now = FIXED_NOW + 30 * DAY;
    const first = await report('instagram', index);
    const again = await report('instagram', index);
    expect(again).toEqual(first);

    const followers = followersOf(first);
    const profile = first.profile as { engagements: number; engagementRate: number };
    expect(profile.engagementRate).toBeCloseTo(profile.engagements / followers, 12);
    const all = (first.statsByContentType as { all: { engagements: number; engagementRate: number } }).all;
    expect(all.engagementRate).toBeCloseTo(all.engagements / followers, 12);
    const history = first.statHistory as { followers: number }[];
    expect(history.at(-1)?.followers).toBe(followers);

    now = FIXED_NOW;
    const dayZero = await report('instagram', index);
    // A month of growth: the creator's audience and its averages moved the same way.
    const grew = followers > followersOf(dayZero);
    expect((first.avgLikes as number) >= (dayZero.avgLikes as number)).toBe(grew);
    expect(history.slice(0, -1)).toEqual((dayZero.statHistory as unknown[]).slice(0, -1));
  });
});
