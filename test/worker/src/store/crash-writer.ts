/**
 * Run as a child process by job-crash.test.ts: works through one job's batches as fast as it can,
 * each batch a commit of rows + checkpoint + ledger row, printing "committed <index>" after each,
 * until it is killed or the job is done. Started again, it resumes from the checkpoints.
 */
import { openStoreAt, type StoreLocation } from './store-location';

/** argv: the store's location (JSON: store-engines.ts), batches, rows per batch, credits per batch. */
async function main(
  location: StoreLocation,
  batches: number,
  batchSize: number,
  costPerBatch: number,
): Promise<void> {
  const store = await openStoreAt(location);
  const { job } = await store.jobs.create({
    kind: 'report',
    ownerEmail: 'crash@team.com',
    idempotencyKey: 'crash-test',
    input: { handles: batches * batchSize },
    total: batches * batchSize,
  });
  await store.jobs.start(job.id);
  const done = await store.jobs.checkpoints(job.id);
  for (let index = 0; index < batches; index += 1) {
    if (done.has(index)) continue;
    const rows = Array.from({ length: batchSize }, (_, i) => {
      const position = index * batchSize + i;
      return { position, row: [`creator-${position}`, position * 7] };
    });
    await store.jobs.commitBatch(job.id, {
      index,
      rows,
      checkpoint: { through: index * batchSize + batchSize - 1 },
      ledger: {
        operation: 'report',
        estimatedCredits: costPerBatch,
        actualCredits: costPerBatch,
        requestId: `b${index}`,
      },
    });
    process.stdout.write(`committed ${index}\n`);
  }
  await store.jobs.finish(job.id, 'done');
  await store.close();
  process.stdout.write('finished\n');
}

const [location, batches, batchSize, costPerBatch] = process.argv.slice(2);
main(JSON.parse(location) as StoreLocation, Number(batches), Number(batchSize), Number(costPerBatch)).catch(
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  },
);
