import type { PaidCallJournal } from '../../../../worker/src/store/paid-call-journal';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import {
  createAvailabilityState,
  StoreUnavailableError,
  type AvailabilityState,
} from '../../../../worker/src/store/store-availability';
import {
  isRecordingDeferred,
  keepUnrecordedAnswers,
  type UnrecordedAnswersJournal,
} from '../../../../worker/src/store/unrecorded-answers';
import { ManualClock } from './store-fixtures';

/**
 * The outage memory over a real journal (SQLite in memory). The store "goes down" the way Postgres
 * does for the worker: every statement of the journal throws StoreUnavailableError and the
 * availability says why, until it is back.
 */

const intent = (material: string) => ({
  material,
  operation: 'report' as const,
  userEmail: 'ana@team.com',
  requestId: `req ${material}`,
  estimate: { credits: 1, rawRequests: 0 },
});
const entry = (material: string) => ({
  userEmail: 'ana@team.com',
  operation: 'report' as const,
  estimatedCredits: 1,
  actualCredits: 1,
  requestId: `req ${material}`,
});
const REPORT = JSON.stringify({ error: false, profile: { username: 'ada' } });

/** The journal as the worker sees it when its database may be cut off. */
function cutOff(journal: PaidCallJournal, availability: AvailabilityState): PaidCallJournal {
  const up = () => {
    if (availability.problem !== null) throw new StoreUnavailableError('connect ECONNREFUSED');
  };
  const guarded =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      up();
      return work(...args);
    };
  return {
    ...journal,
    runId: journal.runId,
    ready: async () => availability.check(),
    begin: guarded(journal.begin),
    answered: guarded(journal.answered),
    failed: guarded(journal.failed),
    record: guarded(journal.record),
    recordLate: guarded(journal.recordLate),
  };
}

let store: Store;
let availability: AvailabilityState;
let journal: UnrecordedAnswersJournal;
const down = () => availability.failing('database', 'the database connection failed: ECONNREFUSED');
const back = () => availability.fine('database');

beforeEach(() => {
  store = openStore({ memory: true, clock: new ManualClock() });
  availability = createAvailabilityState();
  journal = keepUnrecordedAnswers(cutOff(store.paidCalls, availability), {
    availability,
    clock: new ManualClock(),
    maxChars: 3 * REPORT.length,
  });
});
afterEach(async () => {
  journal.stop();
  await store.close();
});

/** A call begun while the store was up and answered once it was down. */
async function answeredDuringOutage(material: string): Promise<string> {
  const { id } = await journal.begin(intent(material));
  down();
  await journal.answered(id, 200, REPORT).catch(() => undefined);
  return id;
}

describe('keepUnrecordedAnswers', () => {
  it('keeps an answer the store could not record, serves it to the retry, and records it once when the store is back', async () => {
    const id = await answeredDuringOutage('ada');
    const deferred = await journal.record(entry('ada'), [id]).catch((error: unknown) => error);
    expect(isRecordingDeferred(deferred)).toBe(true);
    expect(journal.waiting).toBe(1);

    // The retry of the very same call is answered from memory: nothing bought, nothing to record.
    expect(await journal.begin(intent('ada'))).toEqual({
      id,
      replay: { status: 200, text: REPORT, ledgered: true },
    });
    // Another call is not sent while the store could not record it.
    await expect(journal.ready()).rejects.toThrow("The worker's database is not answering just now");

    back();
    await journal.flush();
    expect(journal.waiting).toBe(0);
    const rows = await store.ledger.recent('ana@team.com');
    expect(rows.map((row) => [row.requestId, row.actualCredits, row.unconfirmed])).toEqual([
      ['req ada', 1, false],
    ]);
    // Recorded: no recovery counts it again, and the retry still gets it without a new row.
    expect(
      (await store.paidCalls.recover(new Set(), () => ({ credits: 1, rawRequests: 0 }))).unconfirmed,
    ).toBe(0);
    expect((await journal.begin(intent('ada'))).replay?.ledgered).toBe(true);
    expect(await store.ledger.recent('ana@team.com')).toHaveLength(1);
  });

  it('lets go of a call that failed while the store was down, so that nobody counts it as spent', async () => {
    const { id } = await journal.begin(intent('bob'));
    down();
    await journal.failed(id);
    back();
    await journal.flush();
    const recovered = await store.paidCalls.recover(new Set(), () => ({ credits: 1, rawRequests: 0 }));
    expect(recovered.unconfirmed).toBe(0);
  });

  it('keeps only as much as its memory holds, and sends nothing new while that is full', async () => {
    const ids = [];
    for (const name of ['c1', 'c2', 'c3', 'c4']) {
      back();
      ids.push(await answeredDuringOutage(name));
    }
    const outcomes = [];
    for (const [i, id] of ids.entries())
      outcomes.push(await journal.record(entry(`c${i + 1}`), [id]).catch((error: unknown) => error));
    // Three fit; the fourth falls back on the journal (recovery counts it at its estimate later).
    expect(outcomes.map((outcome) => isRecordingDeferred(outcome))).toEqual([true, true, true, false]);
    await expect(journal.ready()).rejects.toThrow('fill the memory kept for them');
    back();
    await journal.flush();
    await expect(journal.ready()).resolves.toBeUndefined();
    expect(await store.ledger.recent('ana@team.com')).toHaveLength(3);
  });
});
