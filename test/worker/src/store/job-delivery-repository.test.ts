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
});
