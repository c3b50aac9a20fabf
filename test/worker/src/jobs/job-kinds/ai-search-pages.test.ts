import { AI_SEARCH_COLUMNS } from '../../../../../shared/rows/ai-search-rows';
import { callsOf } from '../../worker-fixture';
import { allRows, getJob, postTo, startJobsWorld, submitJob, type JobsWorld } from '../jobs-fixture';
import { startImageTestServer, type ImageTestServer } from '../../operations/ai-search/image-test-server';

/** AI search page jobs: one batch per page, profiles once, the depth rule checked up front. */

let jobs: JobsWorld;
let images: ImageTestServer;

beforeAll(async () => {
  // The API's one AI call a second would make these tests slow; the worker paces at the sandbox's rate.
  jobs = await startJobsWorld({ env: { SANDBOX_RATE_AI: '50' } });
  images = await startImageTestServer();
});
afterAll(async () => {
  await jobs.close();
  await images.close();
});
beforeEach(async () => {
  await jobs.world.resetStats();
});

describe('an ai-search-pages job', () => {
  it('fetches one page per batch, resumes after a stop, and gives the rows of /api/ai/search', async () => {
    const input = {
      mode: 'text',
      platform: 'instagram',
      query: 'home workouts and healthy food',
      pageSize: 10,
      pages: 4,
    };
    let stopped: Promise<boolean> | undefined;
    jobs.restart({
      hooks: {
        afterCommit: (_job, index) => {
          if (index === 1) stopped = jobs.runner.stop();
        },
      },
    });
    const created = await submitJob(jobs, { kind: 'ai-search-pages', input });
    expect(created.body).toMatchObject({ status: 'queued', total: 40 });
    await jobs.runner.idle();
    await stopped;
    jobs.restart();
    await jobs.runner.resumeUnfinished();
    await jobs.runner.idle();

    const progress = await getJob(jobs, `/api/jobs/${created.body.id}`);
    expect(progress.body).toMatchObject({
      status: 'done',
      header: AI_SEARCH_COLUMNS.map((col) => col.label),
    });
    const stats = await jobs.world.stats();
    expect(callsOf(stats, 'aiTextSearch')).toBe(4);
    expect(progress.body.creditsSpent).toBe(stats.credits);
    const rows = await allRows(jobs, created.body.id);
    expect(rows).toHaveLength(progress.body.done);
    expect(rows.length).toBeGreaterThan(30);
    expect(new Set(rows.map((r) => r.row[13])).size).toBe(rows.length);

    await jobs.world.resetStats();
    const direct = await postTo(jobs, '/api/ai/search', input);
    expect(direct.status).toBe(200);
    expect(rows.map((r) => r.row)).toEqual(direct.body.rows);
    expect((await jobs.world.stats()).calls).toBe(0);
  });

  it('refuses pages past the depth rule before anything is created or spent', async () => {
    const res = await submitJob(jobs, {
      kind: 'ai-search-pages',
      input: { mode: 'text', platform: 'instagram', query: 'vegan recipes', pageSize: 100, pages: 16 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'input: (page + 1) * pageSize must be at most 1500, got (15 + 1) * 100 = 1600 (with pageSize 100 the last page is 14)',
    );
    expect((await jobs.world.stats()).calls).toBe(0);
    expect(await jobs.store.jobs.list('dev@localhost')).toHaveLength(1);
  });

  it('fetches a linked image once per job, however many pages and restarts', async () => {
    const input = {
      mode: 'image',
      platform: 'youtube',
      imageUrl: images.url('/cat.png'),
      pageSize: 5,
      pages: 3,
    };
    let stopped: Promise<boolean> | undefined;
    jobs.restart({
      hooks: {
        afterCommit: (_job, index) => {
          if (index === 0) stopped = jobs.runner.stop();
        },
      },
    });
    const created = await submitJob(jobs, { kind: 'ai-search-pages', input });
    expect(created.status).toBe(202);
    await jobs.runner.idle();
    await stopped;
    jobs.restart();
    await jobs.runner.resumeUnfinished();
    await jobs.runner.idle();

    const progress = await getJob(jobs, `/api/jobs/${created.body.id}`);
    expect(progress.body.status).toBe('done');
    expect(images.hits('/cat.png')).toBe(1);
    const calls = callsOf(await jobs.world.stats(), 'aiImageSearch');
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(calls).toBeLessThanOrEqual(3);
    expect((await allRows(jobs, created.body.id)).length).toBe(progress.body.done);

    const refused = await submitJob(jobs, {
      kind: 'ai-search-pages',
      input: { ...input, imageUrl: images.url('/gone.png') },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toContain('answered HTTP 404');
  });
});
