import { join } from 'node:path';
import { runKillableChild, type ChildRun } from '../../../support/crash-child';
import { describeEachEngine } from './store-engines';
import type { StoreLocation } from './store-location';

const WRITER = join(__dirname, 'crash-writer.ts');
const CRASH_JOB = { batches: 400, batchSize: 25, costPerBatch: 0.5 };

/** The writer on `location`; with `killOn`, SIGKILLed once it prints that line. */
function runWriter(location: StoreLocation, killOn?: string): Promise<ChildRun> {
  const job = [CRASH_JOB.batches, CRASH_JOB.batchSize, CRASH_JOB.costPerBatch].map(String);
  return runKillableChild(WRITER, {}, [JSON.stringify(location), ...job], killOn);
}

describeEachEngine('a job killed with SIGKILL in the middle of its batches', (engine) => {
  it('keeps whole batches only, and a restart finishes the job without paying for a batch twice', async () => {
    const location = await engine.location();
    const killed = await runWriter(location, 'committed 30');
    expect(killed.stderr).toBe('');
    expect(killed.signal).toBe('SIGKILL');

    const afterCrash = await engine.open();
    const [job] = await afterCrash.jobs.unfinished();
    const batches = (await afterCrash.jobs.checkpoints(job.id)).size;
    const ledger = await afterCrash.ledger.ofJob(job.id);
    const rows = await afterCrash.jobs.rows(job.id, { limit: 10_000 });
    await afterCrash.close();

    expect(batches).toBeGreaterThanOrEqual(31);
    expect(ledger).toHaveLength(batches);
    expect(rows.next).toBe(batches * CRASH_JOB.batchSize);
    expect(job.progress.done).toBe(batches * CRASH_JOB.batchSize);
    expect(job.progress.creditsSpent).toBe(batches * CRASH_JOB.costPerBatch);

    const resumed = await runWriter(location);
    expect(resumed).toMatchObject({ code: 0, signal: null, stderr: '' });

    const final = await engine.open();
    const finished = await final.jobs.get(job.id);
    const total = CRASH_JOB.batches * CRASH_JOB.batchSize;
    expect(finished?.status).toBe('done');
    expect(finished?.progress).toEqual({
      done: total,
      total,
      errors: 0,
      creditsSpent: CRASH_JOB.batches * CRASH_JOB.costPerBatch,
    });
    expect(await final.ledger.ofJob(job.id)).toHaveLength(CRASH_JOB.batches);
    const all = await final.jobs.rows(job.id, { limit: 10_000 });
    expect(all.rows.map((r) => r.position)).toEqual(Array.from({ length: total }, (_, i) => i));
  });
});
