import Database from 'better-sqlite3';
import { chargeOfBody } from '../../../../worker/src/billing/billed-items';
import { openStore, type Store } from '../../../../worker/src/store/store';
import { makeTempDir, ManualClock } from './store-fixtures';

/**
 * The paid-call journal: every paid call written before it is sent and its answer as it arrives,
 * so a worker killed anywhere in between neither loses what the API billed nor buys it twice.
 * "A restart" here is a second store opened on the same data directory: a new run.
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

let dir: ReturnType<typeof makeTempDir>;
let clock: ManualClock;
const open = () => openStore({ dataDir: dir.dir, clock });
beforeEach(() => {
  dir = makeTempDir();
  clock = new ManualClock();
});
afterEach(() => dir.cleanup());

async function ledgerOf(store: Store) {
  return store.ledger.recent('ana@team.com', 100);
}

describe('the paid-call journal', () => {
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
    const store = open();
    const first = store.paidCalls.begin(intent('search A'));
    expect(first.replay).toBeNull();
    store.paidCalls.answered(first.id, 200, page(3));
    record(store, first.id);
    // Killed after the ledger row, before the answer reached the cache: the next run gets it back.
    store.close();
    const next = open();
    expect(next.paidCalls.recover(new Set(), chargeOfBody)).toMatchObject({ unconfirmed: 0, recovered: 0 });
    expect(next.paidCalls.begin(intent('search A')).replay).toEqual({
      status: 200,
      text: page(3),
      ledgered: true,
    });
    expect(next.paidCalls.begin(intent('search A')).replay).toBeNull();
    expect(await ledgerOf(next)).toHaveLength(1);
    next.close();

    // Past the keeping time, a settled answer is gone: asking again is a new purchase.
    const later = open();
    const second = later.paidCalls.begin(intent('search F'));
    later.paidCalls.answered(second.id, 200, page(1));
    record(later, second.id);
    later.close();
    clock.advance(16 * 60 * 1000);
    const muchLater = open();
    muchLater.paidCalls.purge();
    expect(muchLater.paidCalls.begin(intent('search F')).replay).toBeNull();
    muchLater.close();
  });

  it('a call a run sent and never heard back from is counted at its estimate, unconfirmed', async () => {
    const store = open();
    store.paidCalls.begin(intent('search B'));
    store.close();
    const next = open();
    const report = next.paidCalls.recover(new Set(), chargeOfBody);
    expect(report).toMatchObject({ unconfirmed: 1, unconfirmedCredits: 0.15 });
    expect(await ledgerOf(next)).toEqual([
      expect.objectContaining({ operation: 'search', actualCredits: 0.15, unconfirmed: true }),
    ]);
    // Nothing to replay: the answer never came.
    expect(next.paidCalls.begin(intent('search B')).replay).toBeNull();
    next.close();
  });

  it('an answer a run got and never recorded is recorded at what it was billed, and replayed once instead of bought again', async () => {
    const store = open();
    const { id } = store.paidCalls.begin(intent('search C'));
    store.paidCalls.answered(id, 200, page(4));
    store.close();

    const next = open();
    expect(next.paidCalls.recover(new Set(), chargeOfBody)).toMatchObject({
      recovered: 1,
      recoveredCredits: 0.04,
    });
    expect(await ledgerOf(next)).toEqual([
      expect.objectContaining({ actualCredits: 0.04, unconfirmed: false }),
    ]);
    const again = next.paidCalls.begin(intent('search C'));
    expect(again.replay).toEqual({ status: 200, text: page(4), ledgered: true });
    // Once: the next identical call is a new purchase.
    expect(next.paidCalls.begin(intent('search C')).replay).toBeNull();
    next.close();
  });

  it("a document's formula call recovered after a crash still counts against the document's allowance", async () => {
    const store = open();
    const sent = store.paidCalls.begin({ ...intent('report D'), documentId: 'doc_recovered_123456' });
    const answered = store.paidCalls.begin({ ...intent('report E'), documentId: 'doc_recovered_123456' });
    store.paidCalls.answered(answered.id, 200, page(2));
    expect(sent.replay).toBeNull();
    store.close();

    const next = open();
    next.paidCalls.recover(new Set(), chargeOfBody);
    const spend = await next.ledger.spend({ period: 'day', documentId: 'doc_recovered_123456' });
    expect(spend.calls).toBe(2);
    expect(spend.credits).toBeCloseTo(0.15 + 0.02);
    next.close();
  });

  it("a job's answered calls wait for the job; its resume counts them once and may still replay them", async () => {
    const store = open();
    const { id } = store.paidCalls.begin(intent('search D', { jobId: 'job_1' }));
    store.paidCalls.answered(id, 200, page(2));
    store.close();

    const next = open();
    expect(next.paidCalls.recover(new Set(['job_1']), chargeOfBody)).toMatchObject({
      leftForJobs: 1,
      recovered: 0,
    });
    const left = next.paidCalls.unrecordedOfJob('job_1', chargeOfBody);
    expect(left).toEqual({
      callIds: [id],
      charges: [{ operation: 'search', estimatedCredits: 0.15, actualCredits: 0.02, rawRequests: 0 }],
    });
    next.paidCalls.markRecovered(left.callIds);
    expect(next.paidCalls.unrecordedOfJob('job_1', chargeOfBody).callIds).toEqual([]);
    expect(next.paidCalls.begin(intent('search D', { jobId: 'job_1' })).replay).toMatchObject({
      ledgered: true,
    });
    next.close();
  });

  it("an answered call is this run's own until it is recorded: never claimed by another call of the same run", () => {
    const store = open();
    const first = store.paidCalls.begin(intent('search E'));
    store.paidCalls.answered(first.id, 200, page(1));
    const second = store.paidCalls.begin(intent('search E'));
    expect(second.replay).toBeNull();
    expect(second.id).not.toBe(first.id);
    store.close();
  });

  it('a failed call leaves nothing; answers are sealed and call keys are HMACs, so no request or address is readable', async () => {
    const store = open();
    const failed = store.paidCalls.begin(intent('emailSearch ana@example.com'));
    store.paidCalls.failed(failed.id);
    const kept = store.paidCalls.begin(intent('emailSearch bo@example.com'));
    store.paidCalls.answered(kept.id, 200, '{"matchedEmails":[{"email":"bo@example.com"}]}');
    store.close();
    const db = new Database(`${dir.dir}/creator-sheets.db`, { readonly: true });
    const rows = db.prepare('SELECT * FROM paid_calls').all() as Record<string, unknown>[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows.map((row) => ({ ...row, sealed_body: String(row.sealed_body) })))).not.toMatch(
      /example\.com/,
    );
  });
});
