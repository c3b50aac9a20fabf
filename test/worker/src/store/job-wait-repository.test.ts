import Database from 'better-sqlite3';
import { openStore, type Store } from '../../../../worker/src/store/store';
import { makeTempDir, ManualClock } from './store-fixtures';

/** Jobs waiting out upstream trouble: one wait per job, the reason sealed, gone with the job. */

let store: Store;
let jobId: string;
beforeEach(async () => {
  store = openStore({ memory: true, clock: new ManualClock() });
  ({
    job: { id: jobId },
  } = await store.jobs.create({ kind: 'bulk-reports', ownerEmail: 'ana@team.com', input: {}, total: 3 }));
});
afterEach(() => store.close());

const wait = (pauses: number) => ({
  jobId,
  until: 1_000 * pauses,
  pauses,
  code: 'upstream_failed',
  reason: 'The Discovery API failed: ada@example.com timed out',
  since: 500,
});

describe('job waits', () => {
  it('keeps one wait per job, replaced by the next pause, cleared on demand', async () => {
    expect(await store.jobWaits.get(jobId)).toBeNull();
    await store.jobWaits.set(wait(1));
    await store.jobWaits.set(wait(2));
    expect(await store.jobWaits.get(jobId)).toEqual(wait(2));
    expect(await store.jobWaits.all()).toEqual([wait(2)]);
    await store.jobWaits.clear(jobId);
    expect(await store.jobWaits.all()).toEqual([]);
  });

  it('goes with its job', async () => {
    await store.jobWaits.set(wait(1));
    await store.jobs.delete(jobId);
    expect(await store.jobWaits.get(jobId)).toBeNull();
  });

  it('seals the reason at rest: it may quote an input', async () => {
    const dir = makeTempDir();
    try {
      const onDisk = openStore({ dataDir: dir.dir });
      const { job } = await onDisk.jobs.create({
        kind: 'bulk-reports',
        ownerEmail: 'a@b.co',
        input: {},
        total: 1,
      });
      await onDisk.jobWaits.set({ ...wait(1), jobId: job.id });
      onDisk.close();
      const db = new Database(`${dir.dir}/creator-sheets.db`, { readonly: true });
      const row = db.prepare('SELECT sealed_reason FROM job_waits').get() as { sealed_reason: Buffer };
      db.close();
      expect(row.sealed_reason.toString('latin1')).not.toContain('ada@example.com');
    } finally {
      dir.cleanup();
    }
  });
});
