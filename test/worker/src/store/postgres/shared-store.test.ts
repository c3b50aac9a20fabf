import { randomBytes } from 'node:crypto';
import { chargeOfBody } from '../../../../../worker/src/billing/billed-items';
import { MAX_SCHEDULES_PER_DOCUMENT } from '../../../../../worker/src/schedules/schedule-request';
import { keyPolicyOf } from '../../../../../worker/src/store/rows/worker-key-rules';
import { VERIFIED_KEY_RECHECK_MS } from '../../../../../worker/src/store/postgres/postgres-key-repository';
import { openPostgresStore } from '../../../../../worker/src/store/postgres/postgres-store';
import { ScheduleCapError } from '../../../../../worker/src/store/schedule-repository';
import type { Store } from '../../../../../worker/src/store/store';
import { freshPostgresDatabase } from '../store-engines';
import { hourlyReportsRequest, ManualClock } from '../store-fixtures';

/**
 * Several worker instances on one Postgres store, as behind a load balancer: what SQLite got from
 * having one writer, Postgres must get from its transactions and locks. Each "instance" is a store
 * of its own (its own pool and run) on one database, under the deployment's one secret.
 */

let database: { url: string; drop: () => Promise<void> };
let secret: Buffer;
let clock: ManualClock;
let opened: Store[];

beforeEach(async () => {
  database = await freshPostgresDatabase();
  secret = randomBytes(32);
  clock = new ManualClock();
  opened = [];
});
afterEach(async () => {
  for (const store of opened) await store.close();
  await database.drop();
});

async function instance(options: Partial<Parameters<typeof openPostgresStore>[0]> = {}): Promise<Store> {
  const store = await openPostgresStore({ url: database.url, secret, clock, poolSize: 4, ...options });
  opened.push(store);
  return store;
}

const search = (material: string, jobId?: string) => ({
  material,
  operation: 'search' as const,
  userEmail: 'ana@team.com',
  requestId: 'req-1',
  estimate: { credits: 0.15, rawRequests: 0 },
  ...(jobId === undefined ? {} : { jobId }),
});
const page = JSON.stringify({ error: false, total: 9, directs: [{}, {}] });

describe('instances sharing one Postgres store', () => {
  it('stay under a person’s key cap when they issue keys at the same moment', async () => {
    const keyPolicy = keyPolicyOf({ workerKeyDays: 90, workerKeysPerUser: 3 });
    const [a, b] = [await instance({ keyPolicy }), await instance({ keyPolicy })];
    const issued = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).keys.issue('ana@team.com')),
    );
    const live = (await a.keys.list('ana@team.com')).filter((key) => key.revokedAt === null);
    expect(live).toHaveLength(3);
    expect(issued.map((key) => key.info.id)).toEqual(expect.arrayContaining(live.map((key) => key.id)));
  });

  it('stop accepting a key another instance revoked within 5 s (the re-check time)', async () => {
    expect(VERIFIED_KEY_RECHECK_MS).toBe(5_000);
    const [a, b] = [await instance(), await instance()];
    const { key, info } = await a.keys.issue('ana@team.com');
    expect(await a.keys.verify(key)).not.toBeNull();
    await b.keys.revoke(info.id);
    expect(await b.keys.verify(key)).toBeNull();
    clock.advance(VERIFIED_KEY_RECHECK_MS);
    expect(await a.keys.verify(key)).toBeNull();
  });

  it('commit a job’s batch once when two of them commit it at the same moment', async () => {
    const [a, b] = [await instance(), await instance()];
    const { job } = await a.jobs.create({ kind: 'report', ownerEmail: 'ana@team.com', input: {}, total: 4 });
    const batch = {
      index: 0,
      rows: [0, 1].map((position) => ({ position, row: [position] })),
      ledger: { operation: 'report' as const, estimatedCredits: 2, actualCredits: 2, requestId: 'b0' },
    };
    const results = await Promise.all([a.jobs.commitBatch(job.id, batch), b.jobs.commitBatch(job.id, batch)]);
    expect(results.map((result) => result.committed).sort()).toEqual([false, true]);
    expect((await b.jobs.get(job.id))?.progress).toMatchObject({ done: 2, creditsSpent: 2 });
    expect(await a.ledger.ofJob(job.id)).toHaveLength(1);
  });

  it('create one job for one idempotency key sent through two of them at once', async () => {
    const [a, b] = [await instance(), await instance()];
    const job = {
      kind: 'report',
      ownerEmail: 'ana@team.com',
      idempotencyKey: 'enrich-B',
      input: {},
      total: 1,
    };
    const [first, second] = await Promise.all([a.jobs.create(job), b.jobs.create(job)]);
    expect(first.job.id).toBe(second.job.id);
    expect([first.created, second.created].sort()).toEqual([false, true]);
  });

  it('give a due schedule to one of them only', async () => {
    const [a, b] = [await instance(), await instance()];
    const schedule = await a.schedules.create(
      'doc-1',
      hourlyReportsRequest({ timeZone: 'UTC' }),
      'ana@team.com',
      clock.now(),
    );
    const leases = await Promise.all(
      [a, b, a, b].map((store) => store.schedules.take(schedule.id, clock.now(), 60_000)),
    );
    expect(leases.filter((lease) => lease !== null)).toHaveLength(1);
  });

  it('leave an instance at work its paid calls: one starting meanwhile neither recovers nor replays them', async () => {
    const a = await instance();
    const sent = await a.paidCalls.begin(search('search A'));
    const answered = await a.paidCalls.begin(search('search B'));
    await a.paidCalls.answered(answered.id, 200, page);

    const b = await instance();
    expect(await b.paidCalls.recover(new Set(), chargeOfBody)).toEqual({
      unconfirmed: 0,
      unconfirmedCredits: 0,
      recovered: 0,
      recoveredCredits: 0,
      leftForJobs: 0,
    });
    // The very same call through the other instance is a call of its own, not a replay of a's.
    expect((await b.paidCalls.begin(search('search B'))).replay).toBeNull();

    await a.paidCalls.record(
      {
        userEmail: 'ana@team.com',
        operation: 'search',
        estimatedCredits: 0.15,
        actualCredits: 0.02,
        requestId: 'r',
      },
      [sent.id, answered.id],
    );
    expect(await b.ledger.recent('ana@team.com')).toHaveLength(1);
  });

  it('settle what a gone instance left exactly once, however many recover at once', async () => {
    const gone = await instance();
    await gone.paidCalls.begin(search('search C'));
    const answered = await gone.paidCalls.begin(search('search D'));
    await gone.paidCalls.answered(answered.id, 200, page);
    await gone.close();

    const survivors = await Promise.all([instance(), instance(), instance()]);
    const reports = await Promise.all(
      survivors.map((store) => store.paidCalls.recover(new Set(), chargeOfBody)),
    );
    expect(reports.reduce((sum, report) => sum + report.unconfirmed, 0)).toBe(1);
    expect(reports.reduce((sum, report) => sum + report.recovered, 0)).toBe(1);
    const ledger = await survivors[0].ledger.recent('ana@team.com');
    expect(ledger.map((row) => [row.actualCredits, row.unconfirmed]).sort()).toEqual([
      [0.02, false],
      [0.15, true],
    ]);
    // Its recorded answer is replayed once, by whichever instance asks first.
    const replays = await Promise.all(survivors.map((store) => store.paidCalls.begin(search('search D'))));
    expect(replays.filter((call) => call.replay !== null)).toHaveLength(1);
  });

  it('add up the savings and drift each of them counted', async () => {
    const [a, b] = [await instance(), await instance()];
    for (const store of [a, b]) {
      store.ledger.addSavings({
        userEmail: 'ana@team.com',
        operation: 'report',
        cacheHits: 2,
        creditsSaved: 2,
        requestId: 'r',
      });
      store.drift.record('report', [{ kind: 'missing', path: 'profile.bio' }], false);
    }
    await Promise.all([a.ledger.flushSavings(), a.drift.summary(), b.drift.summary()]);
    expect((await b.ledger.spend({ period: 'day' })).cacheHits).toBe(4);
    expect((await a.drift.summary()).drifting[0]).toMatchObject({ answers: 2 });
  });

  it('stay at a document’s schedule cap when 40 creates arrive through two of them at once (issue 22)', async () => {
    const [a, b] = [await instance(), await instance()];
    const outcomes = await Promise.all(
      Array.from({ length: 2 * MAX_SCHEDULES_PER_DOCUMENT }, (_, i) =>
        (i % 2 === 0 ? a : b).schedules
          .create(
            'doc-1',
            hourlyReportsRequest({ name: `S${i}` }),
            'ana@team.com',
            clock.now(),
            MAX_SCHEDULES_PER_DOCUMENT,
          )
          .then(
            () => 'created',
            (error: unknown) => (error instanceof ScheduleCapError ? 'refused' : error),
          ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(MAX_SCHEDULES_PER_DOCUMENT);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(MAX_SCHEDULES_PER_DOCUMENT);
    expect(await a.schedules.ofDocument('doc-1')).toHaveLength(MAX_SCHEDULES_PER_DOCUMENT);
  });

  it('issue one document key when two of them connect a document with none at the same moment', async () => {
    const [a, b] = [await instance(), await instance()];
    const documents = Array.from({ length: 10 }, (_, i) => `doc-${i}`);
    for (const documentId of documents) {
      const outcomes = await Promise.all([
        a.keys.issueDocumentKey('ana@team.com', documentId, () => false),
        b.keys.issueDocumentKey('bob@team.com', documentId, () => false),
      ]);
      const issued = outcomes.flatMap((outcome) => ('issued' in outcome ? [outcome.issued.info.id] : []));
      const kept = outcomes.flatMap((outcome) => ('kept' in outcome ? [outcome.kept.id] : []));
      expect({ documentId, issued: issued.length, kept }).toEqual({ documentId, issued: 1, kept: issued });
    }
    expect(await liveDocumentKeys(a)).toEqual(new Map(documents.map((documentId) => [documentId, 1])));
  });

  it('never leave two live keys for one document, however many connects and reconnects race', async () => {
    const [a, b] = [await instance(), await instance()];
    const people = ['ana@team.com', 'bob@team.com', 'cy@team.com', 'dee@team.com'];
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        // Each person may replace only their own key, as a connect without take-over may.
        (i % 2 === 0 ? a : b).keys.issueDocumentKey(
          people[i % 4],
          'doc-1',
          (current) => current.email === people[i % 4],
        ),
      ),
    );
    expect(await liveDocumentKeys(b)).toEqual(new Map([['doc-1', 1]]));
  });
});

/** How many live keys each document has. */
async function liveDocumentKeys(store: Store): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const key of await store.keys.list()) {
    if (key.documentId !== null && key.revokedAt === null) {
      counts.set(key.documentId, (counts.get(key.documentId) ?? 0) + 1);
    }
  }
  return counts;
}
