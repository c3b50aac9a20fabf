import { chargeOfBody } from '../../../../worker/src/billing/billed-items';
import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { ManualClock } from './store-fixtures';

/**
 * The paid-call journal: every paid call written before it is sent and its answer as it arrives,
 * so a worker killed anywhere in between neither loses what the API billed nor buys it twice.
 * "A restart" here is a second store opened on the same database: a new run (the first one closed).
 */

const search = { credits: 0.15, rawRequests: 0 };
const intent = (material: string, extra: { jobId?: string } = {}) => ({
  material,
  operation: 'search' as const,
  userEmail: 'ana@team.com',
  requestId: 'req-1',
  estimate: search,
  ...extra,
});
const page = (items: number) =>
  JSON.stringify({ error: false, total: 99, directs: Array.from({ length: items }, () => ({})) });

async function ledgerOf(store: Store) {
  return store.ledger.recent('ana@team.com', 100);
}

describeEachEngine('the paid-call journal', (engine) => {
  let clock: ManualClock;
  const open = () => engine.open({ clock });
  beforeEach(() => {
    clock = new ManualClock();
  });

  it('records a call once with its ledger row; a restart soon after may replay it once, with no new charge', async () => {
    const record = (store: Store, id: string) =>
      store.paidCalls.record(
        {
          userEmail: 'ana@team.com',
          operation: 'search',
          estimatedCredits: 0.15,
          actualCredits: 0.03,
          requestId: 'req-1',
        },
        [id],
      );
    const store = await open();
    const first = await store.paidCalls.begin(intent('search A'));
    expect(first.replay).toBeNull();
    await store.paidCalls.answered(first.id, 200, page(3));
    await record(store, first.id);
    // Killed after the ledger row, before the answer reached the cache: the next run gets it back.
    await store.close();
    const next = await open();
    expect(await next.paidCalls.recover(new Set(), chargeOfBody)).toMatchObject({
      unconfirmed: 0,
      recovered: 0,
    });
    expect((await next.paidCalls.begin(intent('search A'))).replay).toEqual({
      status: 200,
      text: page(3),
      ledgered: true,
    });
    expect((await next.paidCalls.begin(intent('search A'))).replay).toBeNull();
    expect(await ledgerOf(next)).toHaveLength(1);
    await next.close();

    // Past the keeping time, a settled answer is gone: asking again is a new purchase.
    const later = await open();
    const second = await later.paidCalls.begin(intent('search F'));
    await later.paidCalls.answered(second.id, 200, page(1));
    await record(later, second.id);
    await later.close();
    clock.advance(16 * 60 * 1000);
    const muchLater = await open();
    await muchLater.paidCalls.purge();
    expect((await muchLater.paidCalls.begin(intent('search F'))).replay).toBeNull();
    await muchLater.close();
  });

  it('a call a run sent and never heard back from is counted at its estimate, unconfirmed', async () => {
    const store = await open();
    await store.paidCalls.begin(intent('search B'));
    await store.close();
    const next = await open();
    const report = await next.paidCalls.recover(new Set(), chargeOfBody);
    expect(report).toMatchObject({ unconfirmed: 1, unconfirmedCredits: 0.15 });
    expect(await ledgerOf(next)).toEqual([
      expect.objectContaining({ operation: 'search', actualCredits: 0.15, unconfirmed: true }),
    ]);
    // Nothing to replay: the answer never came.
    expect((await next.paidCalls.begin(intent('search B'))).replay).toBeNull();
    await next.close();
  });

  it('an answer a run got and never recorded is recorded at what it was billed, and replayed once instead of bought again', async () => {
    const store = await open();
    const { id } = await store.paidCalls.begin(intent('search C'));
    await store.paidCalls.answered(id, 200, page(4));
    await store.close();

    const next = await open();
    expect(await next.paidCalls.recover(new Set(), chargeOfBody)).toMatchObject({
      recovered: 1,
      recoveredCredits: 0.04,
    });
    expect(await ledgerOf(next)).toEqual([
      expect.objectContaining({ actualCredits: 0.04, unconfirmed: false }),
    ]);
    const again = await next.paidCalls.begin(intent('search C'));
    expect(again.replay).toEqual({ status: 200, text: page(4), ledgered: true });
    // Once: the next identical call is a new purchase.
    expect((await next.paidCalls.begin(intent('search C'))).replay).toBeNull();
    await next.close();
  });

  it("a document's formula call recovered after a crash still counts against the document's allowance", async () => {
    const store = await open();
    const sent = await store.paidCalls.begin({ ...intent('report D'), documentId: 'doc_recovered_123456' });
    const answered = await store.paidCalls.begin({
      ...intent('report E'),
      documentId: 'doc_recovered_123456',
    });
    await store.paidCalls.answered(answered.id, 200, page(2));
    expect(sent.replay).toBeNull();
    await store.close();

    const next = await open();
    await next.paidCalls.recover(new Set(), chargeOfBody);
    const spend = await next.ledger.spend({ period: 'day', documentId: 'doc_recovered_123456' });
    expect(spend.calls).toBe(2);
    expect(spend.credits).toBeCloseTo(0.15 + 0.02);
    await next.close();
  });

  it("a job's answered calls wait for the job; its resume counts them once and may still replay them", async () => {
    const store = await open();
    const { job } = await store.jobs.create({
      kind: 'search-pages',
      ownerEmail: 'ana@team.com',
      input: {},
      total: 1,
    });
    const { id } = await store.paidCalls.begin(intent('search D', { jobId: job.id }));
    await store.paidCalls.answered(id, 200, page(2));
    await store.close();

    const next = await open();
    expect(await next.paidCalls.recover(new Set([job.id]), chargeOfBody)).toMatchObject({
      leftForJobs: 1,
      recovered: 0,
    });
    const left = await next.paidCalls.unrecordedOfJob(job.id, chargeOfBody);
    expect(left).toEqual({
      callIds: [id],
      charges: [{ operation: 'search', estimatedCredits: 0.15, actualCredits: 0.02, rawRequests: 0 }],
    });
    // The resume commits them as a batch without rows, the calls marked recovered with it.
    await next.jobs.commitBatch(job.id, {
      index: 0,
      rows: [],
      ledger: { ...left.charges[0], requestId: 'resume' },
      calls: { ids: left.callIds, as: 'recovered' },
    });
    expect((await next.paidCalls.unrecordedOfJob(job.id, chargeOfBody)).callIds).toEqual([]);
    expect((await next.ledger.ofJob(job.id)).map((row) => row.actualCredits)).toEqual([0.02]);
    expect((await next.paidCalls.begin(intent('search D', { jobId: job.id }))).replay).toMatchObject({
      ledgered: true,
    });
  });

  it("an answered call is this run's own until it is recorded: never claimed by another call of the same run", async () => {
    const store = await open();
    const first = await store.paidCalls.begin(intent('search E'));
    await store.paidCalls.answered(first.id, 200, page(1));
    const second = await store.paidCalls.begin(intent('search E'));
    expect(second.replay).toBeNull();
    expect(second.id).not.toBe(first.id);
    await store.close();
  });

  it('a failed call leaves nothing; answers are sealed and call keys are HMACs, so no request or address is readable', async () => {
    const store = await open();
    const failed = await store.paidCalls.begin(intent('emailSearch ana@example.com'));
    await store.paidCalls.failed(failed.id);
    const kept = await store.paidCalls.begin(intent('emailSearch bo@example.com'));
    await store.paidCalls.answered(kept.id, 200, '{"matchedEmails":[{"email":"bo@example.com"}]}');
    await store.close();
    const rows = await engine.rows<Record<string, unknown>>('SELECT * FROM paid_calls');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows.map((row) => ({ ...row, sealed_body: String(row.sealed_body) })))).not.toMatch(
      /example\.com/,
    );
    expect(await engine.everything()).not.toMatch(/example\.com/);
  });

  describe('recordLate: a call answered while the store was down, recorded once it is back', () => {
    const entry = {
      userEmail: 'ana@team.com',
      operation: 'search' as const,
      estimatedCredits: 0.15,
      actualCredits: 0.03,
      requestId: 'req-1',
    };

    it('writes its row and keeps its answer for the retry of any run, once', async () => {
      const store = await open();
      const { id } = await store.paidCalls.begin(intent('search late'));
      expect(await store.paidCalls.recordLate(entry, [{ id, status: 200, text: page(3) }])).toBe('recorded');
      expect((await ledgerOf(store)).map((row) => row.actualCredits)).toEqual([0.03]);
      // No cache entry was written for it: the retry, here or in another instance, replays it.
      expect((await store.paidCalls.begin(intent('search late'))).replay).toEqual({
        status: 200,
        text: page(3),
        ledgered: true,
      });
      expect(await ledgerOf(store)).toHaveLength(1);
      await store.close();
    });

    it('adds nothing for a call whose commit went through after all', async () => {
      const store = await open();
      const { id } = await store.paidCalls.begin(intent('search committed'));
      await store.paidCalls.record(entry, [id]);
      expect(await store.paidCalls.recordLate(entry, [{ id, status: 200, text: page(3) }])).toBe('already');
      expect(await ledgerOf(store)).toHaveLength(1);
      await store.close();
    });

    it('corrects the unconfirmed row of a call another run recovered at its estimate meanwhile', async () => {
      const gone = await open();
      const { id } = await gone.paidCalls.begin(intent('search recovered'));
      await gone.close();
      const other = await open();
      await other.paidCalls.recover(new Set(), chargeOfBody);
      expect((await ledgerOf(other)).map((row) => [row.actualCredits, row.unconfirmed])).toEqual([
        [0.15, true],
      ]);
      expect(await other.paidCalls.recordLate(entry, [{ id, status: 200, text: page(3) }])).toBe('corrected');
      expect((await ledgerOf(other)).map((row) => [row.actualCredits, row.unconfirmed])).toEqual([
        [0.03, false],
      ]);
      await other.close();
    });
  });
});
