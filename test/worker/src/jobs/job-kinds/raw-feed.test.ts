import { rawColumns } from '../../../../../shared/rows/raw-rows';
import { calendarDay } from '../../../../../shared/time-zone';
import { readStoredJobInput } from '../../../../../worker/src/jobs/stored-job-input';
import { postWithComments } from '../../../sandbox/operations/content/world-examples';
import { callsOf } from '../../worker-fixture';
import {
  allRows,
  getJob,
  postTo,
  restartDyingBeforeCommit,
  startJobsWorld,
  submitJob,
  type JobsWorld,
} from '../jobs-fixture';

/**
 * Raw feed jobs: the cursor and the ids seen are the checkpoint, so Instagram's out-of-order
 * comment pages survive a restart without a lost or repeated comment.
 */

let jobs: JobsWorld;

beforeAll(async () => {
  jobs = await startJobsWorld();
});
afterAll(async () => {
  await jobs.close();
});
beforeEach(async () => {
  await jobs.world.resetStats();
});

describe('a raw-feed job', () => {
  it('walks every Instagram comment once across a process that died before committing a page', async () => {
    const ig = jobs.world.sandbox.state.world.platform('instagram');
    const post = postWithComments(ig, 81, 200);
    const pages = Math.ceil(post.comments / 20);
    // Page 3 is fetched (one raw unit) and never committed: the process "dies" there.
    const cut = restartDyingBeforeCommit(jobs, 2);
    const created = await submitJob(jobs, {
      kind: 'raw-feed',
      input: { operation: 'rawIgMediaComments', query: { code: post.code } },
    });
    await cut;
    expect(callsOf(await jobs.world.stats(), 'rawIgMediaComments')).toBe(3);

    jobs.restart();
    expect(await jobs.runner.resumeUnfinished()).toBe(1);
    await jobs.runner.idle();

    const progress = await getJob(jobs, `/api/jobs/${created.body.id}`);
    expect(progress.body).toMatchObject({
      status: 'done',
      done: post.comments,
      total: post.comments,
      header: rawColumns('rawIgMediaComments').map((col) => col.label),
    });
    const rows = await allRows(jobs, created.body.id, 50);
    const ids = rows.map((r) => r.row[0]);
    expect(new Set(ids).size).toBe(post.comments);
    expect(new Set(ids)).toEqual(new Set(ig.comments(post, 0, post.comments).items.map((c) => c.id)));

    // One page was fetched twice (the one the dead process never committed), and billed once each.
    const stats = await jobs.world.stats();
    expect(callsOf(stats, 'rawIgMediaComments')).toBe(pages + 1);
    const ledger = await jobs.store.ledger.ofJob(created.body.id);
    expect(ledger.reduce((sum, row) => sum + row.rawRequests, 0)).toBe(stats.rawUnits);

    const direct = await postTo(jobs, '/api/raw', {
      operation: 'rawIgMediaComments',
      query: { code: post.code },
      maxPages: 0,
    });
    expect(direct.status).toBe(200);
    expect(rows.map((r) => r.row)).toEqual(direct.body.rows);
  });

  it('stops at maxItems, and takes a single answer as a one-page feed', async () => {
    const ig = jobs.world.sandbox.state.world.platform('instagram');
    const post = postWithComments(ig, 41, 200);
    const capped = await submitJob(jobs, {
      kind: 'raw-feed',
      input: { operation: 'rawIgMediaComments', query: { code: post.code }, maxItems: 30 },
    });
    const [handle] = jobs.world.handles(1, 'instagram', 900);
    const single = await submitJob(jobs, {
      kind: 'raw-feed',
      input: { operation: 'rawIgUserInfo', query: { url: `@${handle}` } },
    });
    await jobs.runner.idle();

    expect((await getJob(jobs, `/api/jobs/${capped.body.id}`)).body).toMatchObject({
      status: 'done',
      done: 30,
      total: 30,
    });
    // Pages of 20 (one of them short, and it may come first): no page past the 30th comment.
    const calls = callsOf(await jobs.world.stats(), 'rawIgMediaComments');
    expect(calls).toBe((await jobs.store.jobs.checkpoints(capped.body.id)).size);
    expect(calls).toBeLessThanOrEqual(3);
    const comments = await allRows(jobs, capped.body.id);
    expect(new Set(comments.map((r) => r.row[0])).size).toBe(30);
    const user = await allRows(jobs, single.body.id);
    expect(user).toHaveLength(1);
    expect(user[0].row[1]).toBe(handle);
  });

  it("keeps the sheet's time zone in its saved parameters, and writes Created days in it after a restart", async () => {
    const ig = jobs.world.sandbox.state.world.platform('instagram');
    const handle = jobs.world
      .handles(400, 'instagram', 0)
      .find((candidate) => ig.postCount(ig.resolve(candidate)) >= 30);
    if (handle === undefined) throw new Error('no creator with 30 posts in the test world');
    const index = ig.resolve(handle);
    const createdAt = new Map(ig.posts(index, 0, 24).items.map((post) => [post.code, post.createdAt]));
    const columns = rawColumns('rawIgUserFeed').map((col) => col.id);
    // Page 2 is fetched and never committed: the zone must come back from the saved parameters.
    const cut = restartDyingBeforeCommit(jobs, 1);
    const created = await submitJob(jobs, {
      kind: 'raw-feed',
      input: {
        operation: 'rawIgUserFeed',
        query: { url: handle },
        maxItems: 24,
        timeZone: 'Pacific/Kiritimati',
      },
    });
    expect(created.status).toBe(202);
    await cut;
    const stored = await jobs.store.jobs.get(created.body.id);
    expect(readStoredJobInput(stored?.input)?.params).toMatchObject({ timeZone: 'Pacific/Kiritimati' });

    jobs.restart();
    await jobs.runner.resumeUnfinished();
    await jobs.runner.idle();

    const rows = await allRows(jobs, created.body.id);
    expect(rows).toHaveLength(24);
    for (const { row } of rows) {
      const time = createdAt.get(String(row[columns.indexOf('code')])) ?? NaN;
      expect(row[columns.indexOf('created')]).toBe(calendarDay(time, 'Pacific/Kiritimati'));
    }
  });

  it('refuses a time zone that does not exist before creating anything', async () => {
    const res = await submitJob(jobs, {
      kind: 'raw-feed',
      input: { operation: 'rawIgUserFeed', query: { url: '@x' }, timeZone: 'Mars/Olympus' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('timeZone must be a time zone such as Europe/Berlin');
    expect((await jobs.world.stats()).calls).toBe(0);
  });

  it('names a wrong operation or query before creating anything', async () => {
    const wrong = await submitJob(jobs, {
      kind: 'raw-feed',
      input: { operation: 'rawIgEverything', query: {} },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(
      /^input: operation must be a raw operation id such as rawIgUserFeed/,
    );
    const missing = await submitJob(jobs, {
      kind: 'raw-feed',
      input: { operation: 'rawIgMediaComments', query: {} },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^input: query\.code /);
    const flat = await submitJob(jobs, {
      kind: 'raw-feed',
      input: { operation: 'rawIgMediaComments', query: { code: 'abc' }, layout: 'flat' },
    });
    expect(flat.body.error.message).toBe(
      'input.layout must be "table" for a raw feed job (the operation\'s own columns), got "flat"',
    );
  });
});
