import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { describeEachEngine } from './store-engines';
import type { StoreLocation } from './store-location';

const WRITER = join(__dirname, 'crash-writer.ts');
const CRASH_JOB = { batches: 400, batchSize: 25, costPerBatch: 0.5 };

function startWriter(location: StoreLocation): ChildProcess {
  return spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      WRITER,
      JSON.stringify(location),
      ...[CRASH_JOB.batches, CRASH_JOB.batchSize, CRASH_JOB.costPerBatch].map(String),
    ],
    {
      cwd: join(__dirname, '../../../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

/** Resolves with the child's exit once `until` has seen the output it waits for (or the child ends). */
function watch(
  child: ChildProcess,
  until: (line: string) => boolean,
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  let stderr = '';
  let buffered = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    if (lines.some(until)) child.kill('SIGKILL');
  });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
}

describeEachEngine('a job killed with SIGKILL in the middle of its batches', (engine) => {
  it('keeps whole batches only, and a restart finishes the job without paying for a batch twice', async () => {
    const location = await engine.location();
    const killed = await watch(startWriter(location), (line) => line === 'committed 30');
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

    const resumed = await watch(startWriter(location), () => false);
    expect(resumed).toEqual({ code: 0, signal: null, stderr: '' });

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
