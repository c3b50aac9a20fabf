import { postWithComments, smallestCreator } from '../../sandbox/operations/content/world-examples';
import { callsOf, SANDBOX_TOKEN } from '../worker-fixture';
import {
  allRows,
  getJob,
  postTo,
  restartDyingBeforeCommit,
  startJobsWorld,
  submitJob,
  type JobsWorld,
} from './jobs-fixture';

/**
 * GET /api/raw/jobs/:id: the pages a raw feed job pulled, the raw units it spent (exactly what the
 * sandbox counted) and where another pull goes on, through the real sandbox.
 */

let jobs: JobsWorld;
let otherKey: string;

beforeAll(async () => {
  jobs = await startJobsWorld();
  otherKey = (await jobs.store.keys.issue('bob@team.com')).key;
});
afterAll(async () => {
  await jobs.close();
});
beforeEach(async () => {
  await jobs.world.resetStats();
});

const usageOf = (id: string, key?: string) => getJob(jobs, `/api/raw/jobs/${id}`, key);
const instagram = () => jobs.world.sandbox.state.world.platform('instagram');
const allowanceLeft = () => jobs.world.sandbox.state.accounts.get(SANDBOX_TOKEN)?.rawRequests;

/** A public Instagram creator with 40 to 90 posts: 4 to 8 pages of 12. */
function creatorWithSeveralPages(): { handle: string; posts: number } {
  const pc = instagram();
  const index = smallestCreator(pc, (i) => pc.postCount(i) >= 40 && pc.postCount(i) <= 90);
  return { handle: `@${pc.username(index)}`, posts: pc.postCount(index) };
}

async function runJob(input: unknown): Promise<string> {
  const created = await submitJob(jobs, { kind: 'raw-feed', input });
  expect(created.status).toBe(202);
  await jobs.runner.idle();
  return created.body.id as string;
}

describe('GET /api/raw/jobs/:id', () => {
  it('counts the pages and units of a feed pulled until done: one unit per page, as the API counted', async () => {
    const { handle, posts } = creatorWithSeveralPages();
    const pages = Math.ceil(posts / 12);
    const before = allowanceLeft() ?? 0;

    const id = await runJob({ operation: 'rawIgUserFeed', query: { url: handle } });

    const usage = await usageOf(id);
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({
      id,
      status: 'done',
      operation: 'rawIgUserFeed',
      pages,
      rawUnits: pages,
      more: false,
      cursor: null,
      cursorParam: 'after',
      rawRequestsLeft: before - pages,
      rawLeftOf: 'account',
    });
    const stats = await jobs.world.stats();
    expect(stats.rawUnits).toBe(pages);
    expect(callsOf(stats, 'rawIgUserFeed')).toBe(pages);
    expect(usage.headers['cache-control']).toBe('no-store');
  });

  it('says where the feed goes on after the pages asked for, without a gap or a repeat', async () => {
    const { handle, posts } = creatorWithSeveralPages();

    const id = await runJob({ operation: 'rawIgUserFeed', query: { url: handle }, maxPages: 2 });

    const usage = await usageOf(id);
    expect(usage.body).toMatchObject({ pages: 2, rawUnits: 2, more: true, cursorParam: 'after' });
    expect(typeof usage.body.cursor).toBe('string');
    const pulled = (await allRows(jobs, id)).map((r) => r.row[0]);
    expect(pulled).toHaveLength(24);

    const rest = await postTo(jobs, '/api/raw', {
      operation: 'rawIgUserFeed',
      query: { url: handle, after: usage.body.cursor },
      maxPages: 0,
    });
    const restIds = rest.body.rows.map((row: unknown[]) => row[0]);
    expect(restIds).toHaveLength(posts - 24);
    expect(new Set([...pulled, ...restIds]).size).toBe(posts);
  });

  it('goes on from the page the row limit cut short, so no comment is lost', async () => {
    // Whole pages only (the short page of a post may come first): the second page is the cut one.
    const post = postWithComments(instagram(), 60, 400, (p) => p.comments % 20 === 0);

    const id = await runJob({ operation: 'rawIgMediaComments', query: { code: post.code }, maxItems: 30 });

    const usage = await usageOf(id);
    expect(usage.body).toMatchObject({ pages: 2, rawUnits: 2, more: true });
    const checkpoints = [...(await jobs.store.jobs.checkpoints(id)).values()] as { from: string | null }[];
    // The second page was cut after 10 of its comments: it is fetched again, from its own cursor.
    expect(usage.body.cursor).toBe(checkpoints[1].from);
  });

  it('counts a page fetched again after a restart, and a 404, as the units they cost', async () => {
    const post = postWithComments(instagram(), 61, 200);
    // Page 2 is fetched (one raw unit) and never committed: the process "dies" there.
    const cut = restartDyingBeforeCommit(jobs, 1);
    const created = await submitJob(jobs, {
      kind: 'raw-feed',
      input: { operation: 'rawIgMediaComments', query: { code: post.code } },
    });
    await cut;
    jobs.restart();
    await jobs.runner.resumeUnfinished();
    await jobs.runner.idle();
    const missing = await runJob({ operation: 'rawIgUserInfo', query: { url: '@nosuchcreatorzz' } });

    const pages = Math.ceil(post.comments / 20);
    const resumed = await usageOf(created.body.id);
    expect(resumed.body).toMatchObject({ status: 'done', pages, rawUnits: pages + 1, more: false });
    const failed = await usageOf(missing);
    expect(failed.body).toMatchObject({
      status: 'failed',
      pages: 0,
      rawUnits: 1,
      more: false,
      cursorParam: null,
    });
    expect((await jobs.world.stats()).rawUnits).toBe(pages + 2);
  });

  it("answers 404 for another user's job and for a job of another kind", async () => {
    const { handle } = creatorWithSeveralPages();
    const id = await runJob({ operation: 'rawIgUserInfo', query: { url: handle } });
    const search = await submitJob(jobs, {
      kind: 'search-pages',
      input: { platform: 'instagram', filter: {}, sort: { field: 'followers', direction: 'desc' }, pages: 1 },
    });
    await jobs.runner.idle();

    const foreign = await usageOf(id, otherKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toEqual({ code: 'job_not_found', message: `No raw feed job "${id}"` });
    expect((await usageOf(search.body.id)).status).toBe(404);
    expect((await usageOf('no-such-job')).status).toBe(404);
  });
});
