import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { ManualClock } from './store-fixtures';

/** Jobs waiting out upstream trouble: one wait per job, the reason sealed, gone with the job. */

describeEachEngine('job waits', (engine) => {
  let store: Store;
  let jobId: string;
  beforeEach(async () => {
    store = await engine.open({ clock: new ManualClock() });
    ({
      job: { id: jobId },
    } = await store.jobs.create({ kind: 'bulk-reports', ownerEmail: 'ana@team.com', input: {}, total: 3 }));
  });

  const wait = (pauses: number) => ({
    jobId,
    until: 1_000 * pauses,
    pauses,
    code: 'upstream_failed',
    reason: 'The Discovery API failed: ada@example.com timed out',
    since: 500,
  });

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
    await store.jobWaits.set(wait(1));
    await store.close();
    const [row] = await engine.rows<{ sealed_reason: Buffer }>('SELECT sealed_reason FROM job_waits');
    expect(row.sealed_reason.toString('latin1')).not.toContain('ada@example.com');
    expect(await engine.everything()).not.toContain('ada@example.com');
  });
});
