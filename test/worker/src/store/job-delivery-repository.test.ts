import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { ManualClock } from './store-fixtures';

/** Where the worker writes a job's rows itself, and how far it got. */

const target = { spreadsheetId: 'sheet_123456789012345', sheetName: 'Leads', firstRow: 2, firstColumn: 3 };

describeEachEngine('job delivery repository', (engine) => {
  let store: Store;
  let jobId: string;

  beforeEach(async () => {
    store = await engine.open({ clock: new ManualClock() });
    ({
      job: { id: jobId },
    } = await store.jobs.create({ kind: 'bulk-reports', ownerEmail: 'ana@team.com', input: {}, total: 10 }));
  });

  it('stores one server delivery per job and keeps the first', async () => {
    const first = await store.jobDeliveries.create(jobId, target);
    const again = await store.jobDeliveries.create(jobId, { ...target, sheetName: 'Other' });
    expect(first).toMatchObject({
      created: true,
      delivery: { ...target, jobId, rowsWritten: 0, mode: 'server' },
    });
    expect(again).toMatchObject({ created: false, delivery: { sheetName: 'Leads' } });
    expect((await store.jobDeliveries.pending()).map((d) => d.jobId)).toEqual([jobId]);
  });

  it('moves the rows written on only from where the writer left them', async () => {
    await store.jobDeliveries.create(jobId, target);
    expect(await store.jobDeliveries.advance(jobId, 0, 5)).toBe(true);
    expect(await store.jobDeliveries.advance(jobId, 0, 5)).toBe(false);
    expect(await store.jobDeliveries.advance(jobId, 5, 10)).toBe(true);
    await store.jobDeliveries.markDelivered(jobId);
    expect(await store.jobDeliveries.get(jobId)).toMatchObject({ rowsWritten: 10, delivered: true });
    expect(await store.jobDeliveries.pending()).toEqual([]);
  });

  it('hands over to the add-on with a reason, and goes with its job', async () => {
    await store.jobDeliveries.create(jobId, target);
    expect(await store.jobDeliveries.fallBack(jobId, 'The sheet is not shared')).toMatchObject({
      mode: 'sidebar',
      reason: 'The sheet is not shared',
    });
    expect(await store.jobDeliveries.pending()).toEqual([]);
    await store.jobs.delete(jobId);
    expect(await store.jobDeliveries.get(jobId)).toBeNull();
  });

  it('is leased to one writer at a time: renewed by it, taken over once it runs out, handed back at once', async () => {
    await store.jobDeliveries.create(jobId, target);
    const at = 1_000_000;
    expect(await store.jobDeliveries.lease(jobId, 'a', at, at + 5000)).toBe(true);
    expect(await store.jobDeliveries.lease(jobId, 'b', at + 1000, at + 6000)).toBe(false);
    expect(await store.jobDeliveries.renewLease(jobId, 'a', at + 8000)).toBe(true);
    expect(await store.jobDeliveries.renewLease(jobId, 'b', at + 8000)).toBe(false);
    expect(await store.jobDeliveries.abandoned(at + 7000)).toEqual([]);
    expect(await store.jobDeliveries.nextLeaseEnd(at + 7000)).toBe(at + 8000);
    // The writer died: its lease runs out, another takes it over, and the dead one's renewal fails.
    expect((await store.jobDeliveries.abandoned(at + 8000)).map((d) => d.jobId)).toEqual([jobId]);
    expect(await store.jobDeliveries.lease(jobId, 'b', at + 8000, at + 13_000)).toBe(true);
    expect(await store.jobDeliveries.renewLease(jobId, 'a', at + 9000)).toBe(false);
    // Handed back (the worker stops): anyone's at once, long before it would have run out.
    await store.jobDeliveries.releaseLease(jobId, 'b', true);
    expect((await store.jobDeliveries.abandoned(at + 8001)).map((d) => d.jobId)).toEqual([jobId]);
    expect(await store.jobDeliveries.lease(jobId, 'c', at + 8001, at + 13_001)).toBe(true);
    // Let go with nothing left: free, and nobody's to take over.
    await store.jobDeliveries.releaseLease(jobId, 'c', false);
    expect(await store.jobDeliveries.abandoned(at + 8002)).toEqual([]);
    // Delivered: no lease is taken any more.
    await store.jobDeliveries.markDelivered(jobId);
    expect(await store.jobDeliveries.lease(jobId, 'd', at + 9000, at + 14_000)).toBe(false);
  });

  it('frees every lease at once (SQLite at start: they are an earlier run of the one process)', async () => {
    await store.jobDeliveries.create(jobId, target);
    await store.jobDeliveries.lease(jobId, 'killed', 1000, 1_000_000);
    expect(await store.jobDeliveries.freeLeases()).toBe(1);
    expect(await store.jobDeliveries.lease(jobId, 'restarted', 2000, 7000)).toBe(true);
  });
});
