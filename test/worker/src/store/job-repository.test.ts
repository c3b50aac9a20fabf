import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { NewJob } from '../../../../worker/src/store/job-repository';
import type { Store } from '../../../../worker/src/store/store';
import { DATABASE_FILE, openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { describeEachEngine } from './store-engines';
import { ManualClock, makeTempDir } from './store-fixtures';

const ADDRESSES = ['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com', 'e@x.com', 'f@x.com'];

const emailJob = (overrides: Partial<NewJob> = {}): NewJob => ({
  kind: 'emailSearch',
  ownerEmail: 'ana@team.com',
  input: { sheet: 'Leads', column: 'B' },
  privateInput: { emails: ADDRESSES },
  total: ADDRESSES.length,
  ...overrides,
});

const rowsFor = (positions: number[]) =>
  positions.map((position) => ({ position, row: [`row ${position}`, position] }));

describeEachEngine('job repository', (engine) => {
  let clock: ManualClock;
  let store: Store;

  beforeEach(async () => {
    clock = new ManualClock();
    store = await engine.open({ clock });
  });

  it('creates a queued job with its input and progress at zero', async () => {
    const { job, created } = await store.jobs.create(
      emailJob({ ownerEmail: 'Ana@Team.com', idempotencyKey: 'k1' }),
    );

    expect(created).toBe(true);
    expect(job).toEqual({
      id: expect.stringMatching(/^job_/),
      kind: 'emailSearch',
      ownerEmail: 'ana@team.com',
      idempotencyKey: 'k1',
      status: 'queued',
      input: { sheet: 'Leads', column: 'B' },
      hasPrivateInput: true,
      progress: { done: 0, total: 6, errors: 0, creditsSpent: 0 },
      lastError: null,
      createdAt: clock.now(),
      updatedAt: clock.now(),
      startedAt: null,
      finishedAt: null,
    });
    expect(await store.jobs.get(job.id)).toEqual(job);
  });

  it('returns the first job when the same owner sends the same idempotency key again', async () => {
    const first = await store.jobs.create(emailJob({ idempotencyKey: 'enrich-B' }));
    const again = await store.jobs.create(emailJob({ idempotencyKey: 'enrich-B', input: { other: true } }));
    const otherOwner = await store.jobs.create(
      emailJob({ idempotencyKey: 'enrich-B', ownerEmail: 'bob@team.com' }),
    );
    const noKey = await store.jobs.create(emailJob());

    expect(again).toEqual({ job: first.job, created: false });
    expect(otherOwner.created).toBe(true);
    expect(otherOwner.job.id).not.toBe(first.job.id);
    expect(noKey.created).toBe(true);
  });

  it('opens the private input while the job runs and deletes it when the job ends', async () => {
    const { job } = await store.jobs.create(emailJob());
    expect(await store.jobs.privateInput(job.id)).toEqual({ emails: ADDRESSES });

    await store.jobs.start(job.id);
    const ended = await store.jobs.finish(job.id, 'cancelled');

    expect(ended.hasPrivateInput).toBe(false);
    expect(await store.jobs.privateInput(job.id)).toBeNull();
  });

  it('moves queued -> running -> done, and refuses to restart or re-end a finished job', async () => {
    const { job } = await store.jobs.create(emailJob());
    clock.advance(1000);
    const running = await store.jobs.start(job.id);
    clock.advance(1000);
    const resumed = await store.jobs.start(job.id);
    clock.advance(1000);
    const done = await store.jobs.finish(job.id, 'done');

    expect(running).toMatchObject({ status: 'running', startedAt: job.createdAt + 1000 });
    expect(resumed.startedAt).toBe(running.startedAt);
    expect(done).toMatchObject({ status: 'done', finishedAt: clock.now() });
    expect(await store.jobs.finish(job.id, 'done')).toEqual(done);
    await expect(store.jobs.finish(job.id, 'failed')).rejects.toThrow(
      `job ${job.id} has already ended (done)`,
    );
    await expect(store.jobs.start(job.id)).rejects.toMatchObject({ code: 'job_conflict' });
    await expect(store.jobs.start('job_nope')).rejects.toMatchObject({
      code: 'job_not_found',
      message: 'no job with id "job_nope"',
    });
  });

  it('keeps the reason a job failed', async () => {
    const { job } = await store.jobs.create(emailJob());
    const failed = await store.jobs.finish(job.id, 'failed', 'The API token was rejected');
    expect(failed).toMatchObject({ status: 'failed', lastError: 'The API token was rejected' });
  });

  it('lists unfinished jobs oldest first, and an owner’s jobs newest first', async () => {
    const a = (await store.jobs.create(emailJob())).job;
    clock.advance(1);
    const b = (await store.jobs.create(emailJob({ ownerEmail: 'bob@team.com' }))).job;
    clock.advance(1);
    const c = (await store.jobs.create(emailJob())).job;
    await store.jobs.start(b.id);
    await store.jobs.finish(c.id, 'done');

    expect((await store.jobs.unfinished()).map((j) => j.id)).toEqual([a.id, b.id]);
    expect((await store.jobs.list('ANA@team.com')).map((j) => j.id)).toEqual([c.id, a.id]);
  });

  it('commits a batch’s rows, checkpoint, progress and ledger row together', async () => {
    const { job } = await store.jobs.create(emailJob());
    const result = await store.jobs.commitBatch(job.id, {
      index: 0,
      rows: rowsFor([0, 1, 2]),
      checkpoint: { submitted: 3 },
      errors: 1,
      lastError: 'c@x.com: malformed address',
      ledger: { operation: 'emailSearch', estimatedCredits: 0.06, actualCredits: 0.04, requestId: 'req-1' },
    });

    expect(result.committed).toBe(true);
    expect(result.job.progress).toEqual({ done: 3, total: 6, errors: 1, creditsSpent: 0.04 });
    expect(result.job.lastError).toBe('c@x.com: malformed address');
    expect(result.ledgerEntry).toMatchObject({
      userEmail: 'ana@team.com',
      jobId: job.id,
      actualCredits: 0.04,
    });
    expect(await store.jobs.checkpoints(job.id)).toEqual(new Map([[0, { submitted: 3 }]]));
    expect(await store.ledger.ofJob(job.id)).toHaveLength(1);
  });

  it('commits a batch once: the same batch again writes nothing and charges nothing', async () => {
    const { job } = await store.jobs.create(emailJob());
    const batch = {
      index: 0,
      rows: rowsFor([0, 1]),
      ledger: {
        operation: 'emailSearch' as const,
        estimatedCredits: 0.04,
        actualCredits: 0.04,
        requestId: 'r',
      },
    };
    await store.jobs.commitBatch(job.id, batch);
    const again = await store.jobs.commitBatch(job.id, batch);

    expect(again.committed).toBe(false);
    expect(again.ledgerEntry).toBeNull();
    expect(again.job.progress).toMatchObject({ done: 2, creditsSpent: 0.04 });
    expect(await store.ledger.ofJob(job.id)).toHaveLength(1);
  });

  it('writes nothing of a batch that fails halfway (rows, checkpoint, progress and ledger roll back)', async () => {
    const { job } = await store.jobs.create(emailJob());
    // The ledger row is the last statement of the transaction; an invalid amount makes it throw
    // after the rows and the checkpoint were inserted.
    const crash = store.jobs.commitBatch(job.id, {
      index: 0,
      rows: rowsFor([0, 1, 2]),
      checkpoint: { submitted: 3 },
      ledger: { operation: 'emailSearch', estimatedCredits: 0.06, actualCredits: Number.NaN, requestId: 'r' },
    });

    await expect(crash).rejects.toThrow('actualCredits must be a number of 0 or more, got NaN');
    expect((await store.jobs.rows(job.id, { limit: 10 })).rows).toEqual([]);
    expect(await store.jobs.checkpoints(job.id)).toEqual(new Map());
    expect((await store.jobs.get(job.id))?.progress).toEqual({
      done: 0,
      total: 6,
      errors: 0,
      creditsSpent: 0,
    });
    expect(await store.ledger.ofJob(job.id)).toEqual([]);

    const retry = await store.jobs.commitBatch(job.id, { index: 0, rows: rowsFor([0, 1, 2]) });
    expect(retry.committed).toBe(true);
  });

  it('refuses a batch overlapping rows already stored, or outside the input, and keeps none of it', async () => {
    const { job } = await store.jobs.create(emailJob());
    await store.jobs.commitBatch(job.id, { index: 0, rows: rowsFor([0, 1]) });

    await expect(store.jobs.commitBatch(job.id, { index: 1, rows: rowsFor([2, 1]) })).rejects.toThrow(
      `job ${job.id} already has a row at position 1 (batch 1 overlaps an earlier one)`,
    );
    await expect(store.jobs.commitBatch(job.id, { index: 1, rows: rowsFor([2, 6]) })).rejects.toThrow(
      `a row position of job ${job.id} must be a whole number from 0 to 5, got 6`,
    );
    const page = await store.jobs.rows(job.id, { limit: 10 });
    expect(page.rows.map((r) => r.position)).toEqual([0, 1]);
    expect((await store.jobs.get(job.id))?.progress.done).toBe(2);
  });

  it('pages rows in input order and stops before a position not written yet', async () => {
    const { job } = await store.jobs.create(emailJob());
    await store.jobs.commitBatch(job.id, { index: 2, rows: rowsFor([5, 4]) });
    await store.jobs.commitBatch(job.id, { index: 0, rows: rowsFor([1, 0]) });

    const first = await store.jobs.rows(job.id, { after: 0, limit: 10 });
    expect(first).toEqual({
      rows: [
        { position: 0, row: ['row 0', 0] },
        { position: 1, row: ['row 1', 1] },
      ],
      next: 2,
    });
    expect(await store.jobs.rows(job.id, { after: 2, limit: 10 })).toEqual({ rows: [], next: 2 });

    await store.jobs.commitBatch(job.id, { index: 1, rows: rowsFor([2, 3]) });
    const pages: number[][] = [];
    for (let after = 0; after < 6;) {
      const page = await store.jobs.rows(job.id, { after, limit: 4 });
      pages.push(page.rows.map((r) => r.position));
      after = page.next;
    }
    expect(pages).toEqual([
      [0, 1, 2, 3],
      [4, 5],
    ]);
  });

  it('rejects a page request it cannot answer, with the reason', async () => {
    const { job } = await store.jobs.create(emailJob());
    await expect(store.jobs.rows(job.id, { after: -1, limit: 5 })).rejects.toThrow(
      'after must be a whole number of 0 or more, got -1',
    );
    await expect(store.jobs.rows(job.id, { limit: 0 })).rejects.toThrow(
      'limit must be a whole number from 1 to 10000, got 0',
    );
    await expect(store.jobs.rows('job_nope', { limit: 5 })).rejects.toMatchObject({ code: 'job_not_found' });
  });

  it('purges ended jobs with their rows and keeps their ledger rows', async () => {
    const { job } = await store.jobs.create(emailJob());
    const live = (await store.jobs.create(emailJob())).job;
    await store.jobs.commitBatch(job.id, {
      index: 0,
      rows: rowsFor([0]),
      ledger: { operation: 'emailSearch', estimatedCredits: 0.02, actualCredits: 0.02, requestId: 'r' },
    });
    await store.jobs.finish(job.id, 'done');
    clock.advance(1000);

    expect(await store.jobs.purgeFinished(clock.now() - 1000)).toBe(0);
    expect(await store.jobs.purgeFinished(clock.now())).toBe(1);
    expect(await store.jobs.get(job.id)).toBeNull();
    expect(await store.jobs.get(live.id)).not.toBeNull();
    expect(await store.ledger.ofJob(job.id)).toHaveLength(1);
    expect(await store.jobs.delete(live.id)).toBe(true);
  });

  it('finds a job, its private input, checkpoints and rows again after a restart', async () => {
    const { job } = await store.jobs.create(emailJob());
    await store.jobs.start(job.id);
    await store.jobs.commitBatch(job.id, {
      index: 0,
      rows: rowsFor([0, 1]),
      checkpoint: { through: 1 },
      lastError: 'b@x.com bounced',
    });
    await store.close();

    const second = await engine.open({ clock });
    expect((await second.jobs.unfinished()).map((j) => j.id)).toEqual([job.id]);
    expect(await second.jobs.privateInput(job.id)).toEqual({ emails: ADDRESSES });
    expect(await second.jobs.checkpoints(job.id)).toEqual(new Map([[0, { through: 1 }]]));
    expect((await second.jobs.rows(job.id, { limit: 10 })).next).toBe(2);
    expect((await second.jobs.get(job.id))?.lastError).toBe('b@x.com bounced');
    await second.close();

    const wrongSecret = await engine.open({ clock, secret: randomBytes(32) });
    expect((await wrongSecret.jobs.get(job.id))?.lastError).toBe(
      "the error text cannot be read: the data directory's secret changed",
    );
    await expect(wrongSecret.jobs.privateInput(job.id)).rejects.toThrow(
      `sealed data for job ${job.id} input cannot be opened: the data directory's secret changed or the data was altered`,
    );
    // The job still lists: its input reads as none, and its checkpoints cannot be opened.
    expect((await wrongSecret.jobs.get(job.id))?.input).toBeNull();
    await expect(wrongSecret.jobs.checkpoints(job.id)).rejects.toThrow(
      `sealed data for job ${job.id} checkpoint 0 cannot be opened`,
    );
  });

  it('seals every input and checkpoint, whatever the kind: the database holds none of their text', async () => {
    const input = { params: { filter: { bio: 'write to Ana.Silva@Example.com' } }, handles: ['@bo'] };
    const { job } = await store.jobs.create({
      kind: 'search-pages',
      ownerEmail: 'ana@team.com',
      input,
      total: 3,
    });
    await store.jobs.commitBatch(job.id, {
      index: 0,
      rows: rowsFor([0]),
      checkpoint: { cursor: 'after-ana.silva@example.com' },
    });
    expect((await store.jobs.get(job.id))?.input).toEqual(input);
    expect(await store.jobs.checkpoints(job.id)).toEqual(
      new Map([[0, { cursor: 'after-ana.silva@example.com' }]]),
    );
    await store.close();

    const stored = JSON.stringify([
      await engine.rows('SELECT input FROM jobs'),
      await engine.rows('SELECT checkpoint FROM job_batches'),
    ]);
    expect(stored.toLowerCase()).not.toContain('example.com');
    expect(stored).not.toContain('@bo');
    expect(stored).toMatch(/sealed/);
    expect((await engine.everything()).toLowerCase()).not.toContain('example.com');
  });
});

describe('job repository: data of an older version (SQLite)', () => {
  const clock = new ManualClock();

  it('seals the plain inputs and checkpoints an older version wrote, and reads them as before', async () => {
    const { dir, cleanup } = makeTempDir();
    try {
      const first = openStore({ dataDir: dir, clock });
      const { job } = await first.jobs.create(emailJob());
      await first.jobs.commitBatch(job.id, { index: 0, rows: rowsFor([0]), checkpoint: { through: 0 } });
      first.close();
      const db = new Database(join(dir, DATABASE_FILE));
      db.prepare('UPDATE jobs SET input = ? WHERE id = ?').run('{"handles":["old@example.com"]}', job.id);
      db.prepare('UPDATE job_batches SET checkpoint = ? WHERE job_id = ?').run('{"through":0}', job.id);
      db.close();

      const second = openStore({ dataDir: dir, clock });
      expect((await second.jobs.get(job.id))?.input).toEqual({ handles: ['old@example.com'] });
      expect(await second.jobs.checkpoints(job.id)).toEqual(new Map([[0, { through: 0 }]]));
      second.close();

      const after = new Database(join(dir, DATABASE_FILE), { readonly: true });
      const input = after.prepare<[], { input: string }>('SELECT input FROM jobs').get()?.input;
      const checkpoint = after
        .prepare<[], { checkpoint: string }>('SELECT checkpoint FROM job_batches')
        .get();
      after.close();
      expect(input).toMatch(/^\{"sealed":"/);
      expect(checkpoint?.checkpoint).toMatch(/^\{"sealed":"/);
    } finally {
      cleanup();
    }
  });
});
