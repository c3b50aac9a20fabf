import { COLLABORATION_POST_COLUMNS } from '../../../../../shared/rows/collaboration-rows';
import { calendarDay } from '../../../../../shared/time-zone';
import { readStoredJobInput } from '../../../../../worker/src/jobs/stored-job-input';
import type { Platform } from '../../../../../shared/platforms';
import type { PlatformCreators } from '../../../../../worker/sandbox/data';
import { decodeCursor, encodeCursor } from '../../../../../worker/sandbox/operations/content/opaque-cursor';
import { createJobRunner } from '../../../../../worker/src/jobs/job-runner';
import { callsOf } from '../../worker-fixture';
import {
  allRows,
  getJob,
  restartDyingBeforeCommit,
  startJobsWorld,
  submitJob,
  type JobsWorld,
} from '../jobs-fixture';

/**
 * Collaboration posts jobs against the real sandbox: pages followed by the API's cursors, every
 * post once across a process that died before committing a page, no page paid twice, maxPages,
 * cursors that expired while a job waited, and the deprecated endpoints' fixed columns.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const POST_HEADER = [...COLLABORATION_POST_COLUMNS.map((col) => col.label), 'Creator'];

let jobs: JobsWorld;
/** Influencers already used: each test's posts are its own (no page cache shared by accident). */
const taken = new Set<string>();

beforeAll(async () => {
  jobs = await startJobsWorld();
});
afterAll(async () => {
  await jobs.close();
});
beforeEach(async () => {
  await jobs.world.resetStats();
});
afterEach(() => {
  // A runner left hanging by a "dead process" is abandoned; the next test gets a fresh one.
  jobs.restart();
});

function platform(name: Platform): PlatformCreators {
  return jobs.world.sandbox.state.world.platform(name);
}

/** An influencer (not a brand account) with between `min` and `max` collaboration posts. */
function influencerWith(name: Platform, min: number, max: number): { username: string; postIds: string[] } {
  const pc = platform(name);
  for (let index = pc.firstPersonIndex; index < pc.size; index++) {
    const username = pc.username(index);
    if (pc.brandOf(index) !== undefined || taken.has(`${name}:${username}`)) continue;
    const posts = pc.sponsoredPosts(index, { limit: 100_000 }).posts;
    if (posts.length >= min && posts.length <= max) {
      taken.add(`${name}:${username}`);
      return { username, postIds: posts.map((post) => post.id) };
    }
  }
  throw new Error(`no ${name} influencer with ${min} to ${max} collaboration posts in the test world`);
}

async function jobView(id: string): Promise<Record<string, unknown>> {
  return (await getJob(jobs, `/api/jobs/${id}`)).body as Record<string, unknown>;
}

async function ledgerCredits(id: string): Promise<number> {
  const rows = await jobs.store.ledger.ofJob(id);
  return Math.round(rows.reduce((sum, row) => sum + row.actualCredits, 0) * 1000) / 1000;
}

describe('a collaboration-posts job', () => {
  it('walks every post once across a process that died before committing a page, paying each page once', async () => {
    const creator = influencerWith('instagram', 21, 29);
    const pages = Math.ceil(creator.postIds.length / 5);
    const cut = restartDyingBeforeCommit(jobs, 2);
    const created = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: { id: creator.username, platform: 'instagram', limit: 5, maxPages: 10 },
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'queued', total: 50 });
    await cut;
    expect(callsOf(await jobs.world.stats(), 'collaborationPosts')).toBe(3);

    jobs.restart();
    expect(await jobs.runner.resumeUnfinished()).toBe(1);
    await jobs.runner.idle();

    const view = await jobView(created.body.id);
    expect(view).toMatchObject({
      status: 'done',
      done: creator.postIds.length,
      total: creator.postIds.length,
    });
    expect(view.lastError).toBeUndefined();
    const rows = await allRows(jobs, created.body.id, 7);
    expect(rows.map((r) => r.row[0])).toEqual(creator.postIds);
    // An influencer's own posts: the Creator column names the influencer.
    expect(new Set(rows.map((r) => r.row[POST_HEADER.length - 1]))).toEqual(new Set([creator.username]));

    // The page the dead process fetched was read back, not fetched again: calls = pages, billed once.
    const stats = await jobs.world.stats();
    expect(callsOf(stats, 'collaborationPosts')).toBe(pages);
    expect(stats.credits).toBeCloseTo(0.2 * pages, 6);
    expect(await ledgerCredits(created.body.id)).toBeCloseTo(0.2 * pages, 6);
    expect(view.creditsSpent).toBeCloseTo(0.2 * pages, 6);
  });

  it("stops at maxPages, and a brand's posts name each post's creator", async () => {
    const creator = influencerWith('instagram', 21, 40);
    const pc = platform('instagram');
    const brandIndex = Array.from({ length: pc.firstPersonIndex }, (_, index) => index).find((index) => {
      const brand = pc.brandOf(index);
      return brand !== undefined && pc.brandPosts(brand.id, { limit: 100_000 }).posts.length >= 4;
    });
    const brand = brandIndex === undefined ? undefined : pc.brandOf(brandIndex);
    if (brand === undefined) throw new Error('no brand with 4 posts in the test world');
    const brandPosts = pc.brandPosts(brand.id, { limit: 100_000 }).posts;

    const capped = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: { id: creator.username, platform: 'instagram', limit: 5, maxPages: 2 },
    });
    const byBrand = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: { id: brand.domain, platform: 'instagram', limit: 2, maxPages: 2 },
    });
    await jobs.runner.idle();

    expect(await jobView(capped.body.id)).toMatchObject({ status: 'done', done: 10, total: 10 });
    expect((await allRows(jobs, capped.body.id)).map((r) => r.row[0])).toEqual(creator.postIds.slice(0, 10));
    const brandRows = await allRows(jobs, byBrand.body.id);
    expect(brandRows.map((r) => [r.row[0], r.row[POST_HEADER.length - 1]])).toEqual(
      brandPosts.slice(0, 4).map((post) => [post.id, pc.username(post.creatorIndex)]),
    );
    expect(callsOf(await jobs.world.stats(), 'collaborationPosts')).toBe(4);
  });

  it('ends readably, with the posts it has, when it resumes after its cursor expired', async () => {
    const creator = influencerWith('instagram', 21, 29);
    const cut = restartDyingBeforeCommit(jobs, 1);
    const created = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: { id: creator.username, platform: 'instagram', limit: 5, maxPages: 10 },
    });
    await cut;

    // The worker comes back three days later.
    const later = createJobRunner({ ...jobs.deps, clock: { now: () => Date.now() + 3 * DAY_MS } });
    try {
      expect(await later.resumeUnfinished()).toBe(1);
      await later.idle();
    } finally {
      await later.stop();
    }

    const view = await jobView(created.body.id);
    // Page 2 was fetched before the stop: read back for nothing. Page 3's cursor is 3 days old.
    expect(view).toMatchObject({ status: 'done', done: 10, total: 10 });
    expect(view.lastError).toMatch(
      /^Ended early: the cursor to page 3 has expired: the API's collaboration cursors are valid for 2 days, and this one was handed out at \d{4}-\d\d-\d\dT[\d:.]+Z\. The 10 rows of the first 2 pages are kept; to get the rest, run the posts again \(a new run starts from the first page\)\.$/,
    );
    expect((await allRows(jobs, created.body.id)).map((r) => r.row[0])).toEqual(creator.postIds.slice(0, 10));
    expect(callsOf(await jobs.world.stats(), 'collaborationPosts')).toBe(2);
    expect(await ledgerCredits(created.body.id)).toBeCloseTo(0.4, 6);
  });

  it('ends readably when the API itself answers that the cursor it was given expired', async () => {
    const creator = influencerWith('instagram', 21, 29);
    const first = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: { id: creator.username, platform: 'instagram', limit: 5, maxPages: 1 },
    });
    await jobs.runner.idle();
    const [checkpoint] = [...(await jobs.store.jobs.checkpoints(first.body.id)).values()] as {
      cursor: string;
    }[];
    expect(typeof checkpoint.cursor).toBe('string');

    // The same cursor as the sandbox would have handed it out three days ago.
    const fields = decodeCursor(checkpoint.cursor);
    if (fields === null) throw new Error('the checkpoint holds no sandbox cursor');
    const old = encodeCursor([...fields.slice(0, 3), Number(fields[3]) - 3 * DAY_MS]);

    const rest = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: { id: creator.username, platform: 'instagram', limit: 5, maxPages: 10, cursor: old },
    });
    await jobs.runner.idle();

    const view = await jobView(rest.body.id);
    expect(view).toMatchObject({ status: 'done', done: 0, creditsSpent: 0 });
    expect(view.lastError).toMatch(
      /^Ended before the first page: the API answered that the cursor the job started from has expired \(.*cursor expired.*\)\. Nothing was paid; start again from the first page\.$/,
    );
    expect(callsOf(await jobs.world.stats(), 'collaborationPosts')).toBe(2);
  });

  it("follows the deprecated endpoint's end_cursor under columns fixed before the first page", async () => {
    const creator = influencerWith('tiktok', 35, 80);
    const pages = Math.ceil(creator.postIds.length / 30);
    const created = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: { api: 'deprecated', kind: 'influencer', platform: 'tiktok', id: creator.username, maxPages: 5 },
    });
    expect(created.body.total).toBe(150);
    await jobs.runner.idle();

    const view = await jobView(created.body.id);
    expect(view).toMatchObject({ status: 'done', done: creator.postIds.length, creditsSpent: pages });
    const header = view.header as string[];
    expect(header.slice(0, COLLABORATION_POST_COLUMNS.length)).toEqual(
      COLLABORATION_POST_COLUMNS.map((col) => col.label),
    );
    expect(header.slice(-2)).toEqual(['Brand', 'Other fields (JSON)']);
    const rows = await allRows(jobs, created.body.id);
    expect(rows.map((r) => r.row[0])).toEqual(creator.postIds);
    // Fields no column reads are kept, as JSON.
    const other = JSON.parse(String(rows[0].row[header.length - 1])) as Record<string, unknown>;
    expect(other).toHaveProperty('post_url');
    expect(rows.every((r) => typeof r.row[header.length - 2] === 'string')).toBe(true);
    expect(callsOf(await jobs.world.stats(), 'collaborationsInfluencerDeprecated')).toBe(pages);
  });

  it("keeps the sheet's time zone in its saved parameters, and writes dates in it after a restart", async () => {
    const creator = influencerWith('instagram', 11, 29);
    const pc = platform('instagram');
    const posts = pc.sponsoredPosts(pc.resolve(creator.username), { limit: 100_000 }).posts;
    const createdAt = new Map(posts.map((post) => [post.id, post.createdAt]));
    // Page 2 is fetched and never committed: the zone must come back from the saved parameters.
    const cut = restartDyingBeforeCommit(jobs, 1);
    const created = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: { id: creator.username, platform: 'instagram', limit: 5, maxPages: 2, timeZone: 'Etc/GMT+12' },
    });
    expect(created.status).toBe(202);
    await cut;
    const stored = await jobs.store.jobs.get(created.body.id);
    expect(readStoredJobInput(stored?.input)?.params).toMatchObject({ timeZone: 'Etc/GMT+12' });

    jobs.restart();
    await jobs.runner.resumeUnfinished();
    await jobs.runner.idle();

    const rows = await allRows(jobs, created.body.id);
    expect(rows).toHaveLength(10);
    for (const { row } of rows) {
      expect(row[1]).toBe(calendarDay(createdAt.get(String(row[0])) ?? NaN, 'Etc/GMT+12'));
    }
  });

  it("writes the deprecated endpoint's dates in the sheet's time zone too", async () => {
    const creator = influencerWith('tiktok', 5, 30);
    const pc = platform('tiktok');
    const posts = pc.sponsoredPosts(pc.resolve(creator.username), { limit: 100_000 }).posts;
    const createdAt = new Map(posts.map((post) => [post.id, post.createdAt]));
    const created = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: {
        api: 'deprecated',
        kind: 'influencer',
        platform: 'tiktok',
        id: creator.username,
        maxPages: 1,
        timeZone: 'Pacific/Kiritimati',
      },
    });
    await jobs.runner.idle();

    const rows = await allRows(jobs, created.body.id);
    expect(rows).toHaveLength(creator.postIds.length);
    for (const { row } of rows) {
      expect(row[1]).toBe(calendarDay(createdAt.get(String(row[0])) ?? NaN, 'Pacific/Kiritimati'));
    }
  });

  it('names what is wrong with the input before creating anything', async () => {
    const tooMany = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: { id: 'ana', platform: 'instagram', maxPages: 51 },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toMatch(/^input\.maxPages /);
    const window = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: { id: 'ana', platform: 'instagram', from: '2024-05-02', to: '2024-05-01' },
    });
    expect(window.body.error.message).toBe('input: from must not be after to');
    const olderBrand = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: { api: 'deprecated', kind: 'brand', platform: 'youtube', id: 'nike.com' },
    });
    expect(olderBrand.body.error.message).toBe(
      'input: platform must be instagram or tiktok for brand collaborations, got "youtube"',
    );
    const zone = await submitJob(jobs, {
      kind: 'collaboration-posts',
      input: {
        api: 'deprecated',
        kind: 'influencer',
        platform: 'tiktok',
        id: 'ana',
        timeZone: 'Mars/Olympus',
      },
    });
    expect(zone.status).toBe(400);
    expect(zone.body.error.message).toContain('timeZone must be a time zone such as Europe/Berlin');
    expect((await jobs.world.stats()).calls).toBe(0);
  });
});
