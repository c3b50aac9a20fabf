import request from 'supertest';
import { createApp } from '../../../../worker/src/app';
import { callsOf, SANDBOX_TOKEN } from '../worker-fixture';
import {
  allRows,
  auth,
  getJob,
  startJobsWorld,
  submitJob,
  workerDepsOn,
  type JobsWorld,
} from './jobs-fixture';

/**
 * The runner and the jobs routes around it: idempotency, cancel, graceful stop and resume, budget
 * pauses, ownership and paging. Bulk report jobs (batches of 20 handles) against the real sandbox.
 */

let jobs: JobsWorld;
let memberKey: string;
let otherKey: string;
/** Each test takes its own creators, so the shared report cache never answers for another test. */
let next = 10;
const fresh = (count: number) => {
  const handles = jobs.world.handles(count, 'instagram', next);
  next += count;
  return handles;
};

beforeAll(async () => {
  jobs = await startJobsWorld();
  memberKey = (await jobs.store.keys.issue('ana@team.com')).key;
  otherKey = (await jobs.store.keys.issue('bob@team.com')).key;
});
afterAll(async () => {
  await jobs.close();
});
beforeEach(async () => {
  await jobs.world.sandboxAdmin('PUT', '/faults', { latencyMs: 0, serverErrorShare: 0 });
  await jobs.world.resetStats();
});

const reportJob = (handles: unknown[], extra: Record<string, unknown> = {}) => ({
  kind: 'bulk-reports',
  input: { handles, platform: 'instagram' },
  ...extra,
});

describe('POST /api/jobs', () => {
  it('answers at once with the id, then the same job for the same idempotency key of the same user', async () => {
    const handles = fresh(3);
    const first = await submitJob(jobs, reportJob(handles, { idempotencyKey: 'sheet-1 col A' }), memberKey);
    const again = await submitJob(jobs, reportJob(handles, { idempotencyKey: 'sheet-1 col A' }), memberKey);
    const otherUser = await submitJob(
      jobs,
      reportJob(handles, { idempotencyKey: 'sheet-1 col A' }),
      otherKey,
    );
    const otherInput = await submitJob(
      jobs,
      reportJob(fresh(2), { idempotencyKey: 'sheet-1 col A' }),
      memberKey,
    );

    expect(first.status).toBe(202);
    expect(first.body).toEqual({ id: expect.stringMatching(/^job_/), status: 'queued', total: 3 });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(otherUser.status).toBe(202);
    expect(otherUser.body.id).not.toBe(first.body.id);
    expect(otherInput.status).toBe(409);
    expect(otherInput.body.error.code).toBe('idempotency_conflict');

    await jobs.runner.idle();
    const list = await getJob(jobs, '/api/jobs', memberKey);
    expect(list.body.jobs.map((job: { id: string }) => job.id)).toEqual([first.body.id]);
    // Two jobs of the same three creators: the second one was answered by the cache.
    expect(callsOf(await jobs.world.stats(), 'report')).toBe(3);
  });

  it('says which kinds exist and what is wrong with the input', async () => {
    const unknownKind = await submitJob(jobs, { kind: 'mining', input: {} });
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.error.message).toBe(
      'kind must be one of email-enrichment, bulk-reports, search-pages, ai-search-pages, raw-feed, collaboration-posts, got "mining"',
    );
    const noInput = await submitJob(jobs, { kind: 'bulk-reports' });
    expect(noInput.status).toBe(400);
    expect(noInput.body.error.message).toMatch(/^input /);
    const badFields = await submitJob(
      jobs,
      reportJob(['a'], { input: { handles: ['a'], fields: 'shoe size' } }),
    );
    expect(badFields.status).toBe(400);
    expect(badFields.body.error.message).toMatch(/^input\.fields: Unknown field "shoe size"/);
    const unauthenticated = await request(jobs.app)
      .post('/api/jobs')
      .send(reportJob(['a']));
    expect(unauthenticated.status).toBe(401);
  });
});

describe('a running job', () => {
  it('commits each batch with its ledger row and shows progress, credits and row errors', async () => {
    const handles = [...fresh(30), '@no_such_creator_zz', '', ...fresh(9)];
    const created = await submitJob(jobs, reportJob(handles), memberKey);
    await jobs.runner.idle();

    const progress = await getJob(jobs, `/api/jobs/${created.body.id}`, memberKey);
    expect(progress.body).toMatchObject({
      status: 'done',
      done: 41,
      total: 41,
      creditsSpent: 39,
      errors: 1,
      lastError: 'Row 31: Unknown handle "@no_such_creator_zz" on instagram',
    });
    expect(new Date(progress.body.createdAt).getTime()).toBeLessThanOrEqual(
      new Date(progress.body.updatedAt).getTime(),
    );
    const ledger = await jobs.store.ledger.ofJob(created.body.id);
    expect(ledger.map((row) => row.actualCredits)).toEqual([20, 18, 1]);
    expect(ledger.every((row) => row.userEmail === 'ana@team.com' && row.operation === 'report')).toBe(true);
    expect((await jobs.deps.guard.status('ana@team.com')).user.day).toMatchObject({ pending: 0 });
  });

  it('cancels: the batch in flight commits nothing, nothing more is fetched, and what it paid is in the ledger', async () => {
    const handles = fresh(60);
    let cancelAnswer: request.Response | undefined;
    jobs.restart({
      hooks: {
        beforeCommit: async (jobId, index) => {
          if (index === 0)
            cancelAnswer = await request(jobs.app).delete(`/api/jobs/${jobId}`).set(auth(memberKey));
        },
      },
    });
    const created = await submitJob(jobs, reportJob(handles), memberKey);
    await jobs.runner.idle();

    expect(cancelAnswer?.status).toBe(200);
    expect(cancelAnswer?.body).toMatchObject({ id: created.body.id, status: 'cancelled' });
    const progress = await getJob(jobs, `/api/jobs/${created.body.id}`, memberKey);
    expect(progress.body).toMatchObject({ status: 'cancelled', done: 0, total: 60 });
    expect(callsOf(await jobs.world.stats(), 'report')).toBe(20);
    expect(await allRows(jobs, created.body.id, 7, memberKey)).toEqual([]);
    const ledger = await jobs.store.ledger.ofJob(created.body.id);
    expect(ledger.reduce((sum, row) => sum + row.actualCredits, 0)).toBe(20);

    const again = await request(jobs.app).delete(`/api/jobs/${created.body.id}`).set(auth(memberKey));
    expect(again.status).toBe(200);
    jobs.restart();
  });

  it('refuses to cancel a job that is done', async () => {
    const created = await submitJob(jobs, reportJob(fresh(1)), memberKey);
    await jobs.runner.idle();
    const res = await request(jobs.app).delete(`/api/jobs/${created.body.id}`).set(auth(memberKey));
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'job_ended',
      message: `Job ${created.body.id} has already ended (done); nothing to cancel`,
    });
  });

  it('stops gracefully: the batch in flight commits, and the next runner resumes without paying again', async () => {
    const handles = fresh(50);
    let stopped: Promise<boolean> | undefined;
    await jobs.world.sandboxAdmin('PUT', '/faults', { latencyMs: 20 });
    jobs.restart({
      hooks: {
        beforeCommit: (_jobId, index) => {
          if (index === 1) stopped = jobs.runner.stop();
        },
      },
    });
    const created = await submitJob(jobs, reportJob(handles), memberKey);
    await jobs.runner.idle();
    expect(await stopped).toBe(true);

    const paused = await jobs.store.jobs.get(created.body.id);
    expect(paused?.status).toBe('running');
    expect(paused?.progress.done).toBe(40);
    expect(callsOf(await jobs.world.stats(), 'report')).toBe(40);

    jobs.restart();
    expect(await jobs.runner.resumeUnfinished()).toBe(1);
    await jobs.runner.idle();

    const progress = await getJob(jobs, `/api/jobs/${created.body.id}`, memberKey);
    expect(progress.body).toMatchObject({ status: 'done', done: 50, creditsSpent: 50 });
    expect(callsOf(await jobs.world.stats(), 'report')).toBe(50);
    const rows = await allRows(jobs, created.body.id, 15, memberKey);
    expect(rows.map((r) => r.position)).toEqual(handles.map((_, i) => i));
    expect(rows.map((r) => r.row[0])).toEqual(handles);
    expect(await jobs.store.ledger.ofJob(created.body.id)).toHaveLength(3);
  });
});

describe('upstream trouble', () => {
  /** Polls the job's card until `done` says so (real time: the back-off in these tests is milliseconds). */
  async function until(id: string, done: (view: Record<string, unknown>) => boolean, key = memberKey) {
    for (let waited = 0; waited < 15_000; waited += 20) {
      const view = (await getJob(jobs, `/api/jobs/${id}`, key)).body as Record<string, unknown>;
      if (done(view)) return view;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`job ${id} never got there`);
  }

  const breakAfterFirstCommit = () => ({
    afterCommit: (_job: unknown, index: number) => {
      if (index === 0) void jobs.world.sandboxAdmin('PUT', '/faults', { serverErrorShare: 1 });
    },
  });

  it('a job waits out an API that keeps failing, says so in its card, and goes on when the API is back', async () => {
    const handles = fresh(25);
    await jobs.runner.stop();
    jobs.restart({ backoff: { baseMs: 30, maxMs: 60, maxPauses: 100 }, hooks: breakAfterFirstCommit() });
    const created = await submitJob(jobs, reportJob(handles), memberKey);

    const waiting = await until(created.body.id, (view) => view.waiting !== undefined);
    expect(waiting).toMatchObject({ status: 'running', done: 20, total: 25 });
    expect(waiting.waiting).toMatchObject({ pause: 1, maxPauses: 100 });
    expect(String((waiting.waiting as { reason: string }).reason)).toMatch(/^The Discovery API failed/);
    const paused = await until(created.body.id, (view) => (view.waiting as { pause?: number })?.pause === 3);
    expect(paused.status).toBe('running');

    await jobs.world.sandboxAdmin('PUT', '/faults', { serverErrorShare: 0 });
    const done = await until(created.body.id, (view) => view.status === 'done');
    expect(done).toMatchObject({ done: 25, creditsSpent: 25 });
    expect(done.waiting).toBeUndefined();
    expect(await jobs.store.jobWaits.get(created.body.id)).toBeNull();
    expect((await allRows(jobs, created.body.id, 100, memberKey)).map((r) => r.row[0])).toEqual(handles);
    // Each creator bought once, whatever the pauses: failed calls are not billed.
    expect(callsOf(await jobs.world.stats(), 'report')).toBeGreaterThanOrEqual(25);
    expect((await jobs.world.stats()).credits).toBe(25);
    await jobs.runner.stop();
    jobs.restart();
  });

  it('fails once its pauses run out, keeping the rows done, with a sentence saying how long it waited', async () => {
    const handles = fresh(25);
    await jobs.runner.stop();
    jobs.restart({ backoff: { baseMs: 5, maxMs: 10, maxPauses: 2 }, hooks: breakAfterFirstCommit() });
    const created = await submitJob(jobs, reportJob(handles), memberKey);
    const failed = await until(created.body.id, (view) => view.status === 'failed');
    expect(failed).toMatchObject({ done: 20, total: 25 });
    expect(failed.waiting).toBeUndefined();
    expect(failed.lastError).toMatch(
      /^Stopped: The Discovery API failed.* \(after 2 pauses over 0 min\)\. 20 of 25 rows are done and kept; submit the job again with a new idempotency key/,
    );
    expect((await allRows(jobs, created.body.id, 100, memberKey)).length).toBe(20);
    await jobs.runner.stop();
    jobs.restart();
  });

  it('fails at once on what waiting cannot fix: the API account out of credits', async () => {
    await jobs.world.sandboxAdmin('PUT', `/accounts/${SANDBOX_TOKEN}`, { credits: 0 });
    try {
      await jobs.runner.stop();
      jobs.restart({ backoff: { baseMs: 5, maxMs: 10, maxPauses: 100 } });
      const created = await submitJob(jobs, reportJob(fresh(3)), memberKey);
      const failed = await until(created.body.id, (view) => view.status === 'failed');
      expect(failed.lastError).toMatch(/^Stopped: The API account holds too few credits/);
      expect(await jobs.store.jobWaits.get(created.body.id)).toBeNull();
    } finally {
      await jobs.world.sandboxAdmin('PUT', `/accounts/${SANDBOX_TOKEN}`, { credits: 1000 });
      await jobs.runner.stop();
      jobs.restart();
    }
  });

  it('a pause outlives a restart: the next runner waits it out, then finishes the job', async () => {
    const handles = fresh(25);
    const backoff = { baseMs: 1500, maxMs: 1500, maxPauses: 10 };
    await jobs.runner.stop();
    jobs.restart({ backoff, hooks: breakAfterFirstCommit() });
    const created = await submitJob(jobs, reportJob(handles), memberKey);
    await until(created.body.id, (view) => view.waiting !== undefined);
    await jobs.runner.stop();
    await jobs.world.sandboxAdmin('PUT', '/faults', { serverErrorShare: 0 });
    await jobs.world.resetStats();

    jobs.restart({ backoff });
    const wait = await jobs.store.jobWaits.get(created.body.id);
    expect(await jobs.runner.resumeUnfinished()).toBeGreaterThanOrEqual(1);
    expect(jobs.runner.isActive(created.body.id)).toBe(true);
    // Waiting, not hammering: nothing is asked of the API before the pause it inherited is over.
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (Date.now() < (wait?.until ?? 0)) expect(callsOf(await jobs.world.stats(), 'report')).toBe(0);
    const done = await until(created.body.id, (view) => view.status === 'done');
    expect(done.done).toBe(25);
    expect(callsOf(await jobs.world.stats(), 'report')).toBe(5);
    await jobs.runner.stop();
    jobs.restart();
  });
});

describe('the runner', () => {
  it('runs at most `concurrency` jobs at once, in the order they came', async () => {
    const order: string[] = [];
    jobs.restart({
      concurrency: 1,
      hooks: { afterCommit: (job, index) => order.push(`${job.id}:${index}`) },
    });
    const first = await submitJob(jobs, reportJob(fresh(45)), memberKey);
    const second = await submitJob(jobs, reportJob(fresh(25)), memberKey);
    await jobs.runner.idle();
    jobs.restart();

    expect(order).toEqual([
      `${first.body.id}:0`,
      `${first.body.id}:1`,
      `${first.body.id}:2`,
      `${second.body.id}:0`,
      `${second.body.id}:1`,
    ]);
  });

  it('stops waiting for a batch at the timeout given, and refuses new jobs while stopping', async () => {
    let release: () => void = () => undefined;
    let reached: () => void = () => undefined;
    const atCommit = new Promise<void>((resolve) => (reached = resolve));
    jobs.restart({
      hooks: {
        beforeCommit: () => {
          reached();
          return new Promise<void>((resolve) => (release = resolve));
        },
      },
    });
    const created = await submitJob(jobs, reportJob(fresh(3)), memberKey);
    await atCommit;

    expect(await jobs.runner.stop(30)).toBe(false);
    const refused = await submitJob(jobs, reportJob(fresh(1)), memberKey);
    expect(refused.status).toBe(503);
    release();
    expect(await jobs.runner.stop()).toBe(true);
    expect((await jobs.store.jobs.get(created.body.id))?.progress.done).toBe(3);
    jobs.restart();
    await jobs.runner.resumeUnfinished();
    await jobs.runner.idle();
    expect((await jobs.store.jobs.get(created.body.id))?.status).toBe('done');
  });

  it('is one per worker: the routes and start-up share it', async () => {
    const deps = workerDepsOn(jobs.world, jobs.store);
    expect(deps.jobRunner).not.toBe(jobs.deps.jobRunner);
    // What index.ts stops at shutdown is what the app's routes submit to.
    await deps.jobRunner.stop();
    const refused = await request(createApp(deps))
      .post('/api/jobs')
      .set(auth(memberKey))
      .send(reportJob(fresh(1)));
    expect(refused.status).toBe(503);
  });
});

describe('who sees a job', () => {
  it('shows a job to its owner and to admins only; anyone else gets 404', async () => {
    const created = await submitJob(jobs, reportJob(fresh(2)), memberKey);
    await jobs.runner.idle();
    const path = `/api/jobs/${created.body.id}`;

    expect((await getJob(jobs, path, memberKey)).status).toBe(200);
    expect((await getJob(jobs, path)).status).toBe(200); // the dev key is an admin
    for (const res of [
      await getJob(jobs, path, otherKey),
      await getJob(jobs, `${path}/rows`, otherKey),
      await request(jobs.app).delete(path).set(auth(otherKey)),
      await getJob(jobs, '/api/jobs/job_nosuchjob', memberKey),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('job_not_found');
    }
    const others = await getJob(jobs, '/api/jobs', otherKey);
    expect(others.body.jobs.map((job: { id: string }) => job.id)).not.toContain(created.body.id);
  });
});

describe('GET /api/jobs/:id/rows', () => {
  it('pages finished rows in input order from any position', async () => {
    const handles = fresh(22);
    const created = await submitJob(jobs, reportJob(handles), memberKey);
    await jobs.runner.idle();
    const base = `/api/jobs/${created.body.id}/rows`;

    const page = await getJob(jobs, `${base}?after=5&limit=10`, memberKey);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body.next).toBe(15);
    expect(page.body.rows.map((r: { position: number }) => r.position)).toEqual([
      5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    ]);
    expect(page.body.rows[0].row[0]).toBe(handles[5]);
    const tail = await getJob(jobs, `${base}?after=20`, memberKey);
    expect(tail.body).toMatchObject({ next: 22 });
    expect(tail.body.rows).toHaveLength(2);
    const past = await getJob(jobs, `${base}?after=22`, memberKey);
    expect(past.body).toMatchObject({ rows: [], next: 22 });
    // The job's progress comes with its rows, read before them: one call serves a poll.
    expect(past.body.job).toMatchObject({ status: 'done', done: 22, total: 22 });

    const bad = await getJob(jobs, `${base}?after=-1&limit=0`, memberKey);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/after .*; limit /);
  });
});

describe('a budget', () => {
  let budgeted: JobsWorld;
  beforeAll(async () => {
    budgeted = await startJobsWorld({ env: { BUDGET_USER_DAY: '25' } });
  });
  afterAll(async () => {
    await budgeted.close();
  });

  it('pauses a job before the batch it cannot pay, with the reason and the rows done', async () => {
    const { key } = await budgeted.store.keys.issue('carol@team.com');
    const handles = budgeted.world.handles(45, 'instagram', 300);
    const created = await submitJob(budgeted, reportJob(handles), key);
    await budgeted.runner.idle();

    const progress = await getJob(budgeted, `/api/jobs/${created.body.id}`, key);
    expect(progress.body).toMatchObject({ status: 'failed', done: 20, total: 45, creditsSpent: 20 });
    expect(progress.body.lastError).toBe(
      'Paused by the budget: This would cost up to 20 credits, more than the 5 left of your budget for today. ' +
        '20 of 45 rows are done and kept; when the budget allows, submit the job again with a new idempotency key to go on: ' +
        'what was already fetched is cached and not paid again',
    );
    expect(callsOf(await budgeted.world.stats(), 'report')).toBe(20);
  });
});
