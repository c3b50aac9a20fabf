import { createJobChargeNotes, JOB_CHARGES_NAMESPACE } from '../../../../worker/src/jobs/job-charge-notes';
import type { BatchLedgerRow } from '../../../../worker/src/jobs/job-batch-billing';
import { openStore, type Store } from '../../../../worker/src/store/store';

const row = (credits: number, requestId: string): BatchLedgerRow => ({
  operation: 'report',
  estimatedCredits: credits,
  actualCredits: credits,
  rawRequests: 0,
  cacheHits: 0,
  creditsSaved: 0,
  requestId,
});

describe('job charge notes', () => {
  let store: Store;
  beforeEach(() => {
    store = openStore({ memory: true });
  });
  afterEach(() => store.close());

  it('keeps every batch noted at once, each with its latest rows', async () => {
    const notes = createJobChargeNotes(store.cache);
    await Promise.all([
      notes.note('job_1', '0.a', [row(1, 'r0')]),
      notes.note('job_1', '1.a', [row(2, 'r1')]),
      notes.note('job_1', '0.a', [row(3, 'r0')]),
      notes.note('job_2', '0.b', [row(4, 'r2')]),
    ]);
    expect(await notes.pending('job_1')).toEqual(
      new Map([
        ['0.a', [row(3, 'r0')]],
        ['1.a', [row(2, 'r1')]],
      ]),
    );
    expect([...(await notes.pending('job_2')).keys()]).toEqual(['0.b']);
  });

  it('survives the process: another instance reads what the first noted, and forgetting all removes the entry', async () => {
    await createJobChargeNotes(store.cache).note('job_1', '2.x', [row(1, 'r')]);
    const later = createJobChargeNotes(store.cache);
    expect([...(await later.pending('job_1')).keys()]).toEqual(['2.x']);
    await later.forget('job_1', '2.x');
    expect(await later.pending('job_1')).toEqual(new Map());
    expect(await store.cache.get(JOB_CHARGES_NAMESPACE, 'job_1')).toBeNull();
  });
});
