import { SEARCH_COLUMNS } from '../../../../../shared/rows/search-rows';
import { callsOf } from '../../worker-fixture';
import { allRows, getJob, postTo, startJobsWorld, submitJob, type JobsWorld } from '../jobs-fixture';

/** Multi-page search jobs: one batch per page, creators once, the page cache behind a restart. */

let jobs: JobsWorld;
/** Each test searches its own filter, so the page cache of one never answers another. */
let nextMin = 5000;
const broadFilter = () => ({ influencer: { followers: { min: (nextMin += 1) } } });

beforeAll(async () => {
  jobs = await startJobsWorld();
});
afterAll(async () => {
  await jobs.close();
});
beforeEach(async () => {
  await jobs.world.resetStats();
});

describe('a search-pages job', () => {
  it('fetches one page per batch and gives the rows of the same search through /api/search', async () => {
    const filter = broadFilter();
    const created = await submitJob(jobs, {
      kind: 'search-pages',
      input: { platform: 'tiktok', filter, pages: 6 },
    });
    expect(created.body).toMatchObject({ status: 'queued', total: 90 });
    await jobs.runner.idle();

    const progress = await getJob(jobs, `/api/jobs/${created.body.id}`);
    expect(progress.body).toMatchObject({
      status: 'done',
      done: 90,
      total: 90,
      creditsSpent: 0.9,
      header: SEARCH_COLUMNS.map((col) => col.label),
    });
    expect(callsOf(await jobs.world.stats(), 'search')).toBe(6);
    const rows = await allRows(jobs, created.body.id, 40);
    expect(new Set(rows.map((r) => r.row[8])).size).toBe(90);

    await jobs.world.resetStats();
    const direct = await postTo(jobs, '/api/search', { platform: 'tiktok', filter, pages: 6 });
    expect(rows.map((r) => r.row)).toEqual(direct.body.rows);
    expect(callsOf(await jobs.world.stats(), 'search')).toBe(0);
  });

  it('resumes after a stop at the next page, without a creator twice or a page paid twice', async () => {
    const filter = broadFilter();
    let stopped: Promise<boolean> | undefined;
    jobs.restart({
      hooks: {
        afterCommit: (_job, index) => {
          if (index === 2) stopped = jobs.runner.stop();
        },
      },
    });
    const created = await submitJob(jobs, {
      kind: 'search-pages',
      input: { platform: 'youtube', filter, pages: 7 },
    });
    await jobs.runner.idle();
    await stopped;
    expect((await jobs.store.jobs.get(created.body.id))?.progress.done).toBe(45);

    jobs.restart();
    await jobs.runner.resumeUnfinished();
    await jobs.runner.idle();

    expect(callsOf(await jobs.world.stats(), 'search')).toBe(7);
    const rows = await allRows(jobs, created.body.id);
    const direct = await postTo(jobs, '/api/search', { platform: 'youtube', filter, pages: 7 });
    expect(rows.map((r) => r.row)).toEqual(direct.body.rows);
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
  });

  it('ends at the last page the search has, and then shows the rows it has as its total', async () => {
    const filter = { influencer: { followers: { min: 400_000 } } };
    const created = await submitJob(jobs, {
      kind: 'search-pages',
      input: { platform: 'instagram', filter, pages: 50 },
    });
    await jobs.runner.idle();

    const progress = await getJob(jobs, `/api/jobs/${created.body.id}`);
    const calls = callsOf(await jobs.world.stats(), 'search');
    expect(progress.body.status).toBe('done');
    // The API's total says there are 5 pages of matches (the last topped up with lookalikes).
    expect(progress.body).toMatchObject({ done: 75, total: 75 });
    expect(calls).toBe(5);
  });

  it('checks the search body before creating anything', async () => {
    const badFilter = await submitJob(jobs, {
      kind: 'search-pages',
      input: { platform: 'instagram', filter: { influencer: { gender: 'X' } }, pages: 2 },
    });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.error.message).toMatch(/^input: filter\.influencer\.gender /);
    const noPages = await submitJob(jobs, {
      kind: 'search-pages',
      input: { platform: 'instagram', pages: 0 },
    });
    expect(noPages.status).toBe(400);
    expect(noPages.body.error.message).toMatch(/^input\.pages /);
    expect((await jobs.world.stats()).calls).toBe(0);
  });
});
