import { Client } from 'pg';
import pino from 'pino';
import { recoverPaidCalls, startPaidCallRecovery } from '../../../../worker/src/billing/paid-call-recovery';
import { ADVISORY_LOCKS, lockKeyOf } from '../../../../worker/src/store/postgres/advisory-locks';
import type { Store } from '../../../../worker/src/store/store';
import { instancesOnOneDatabase } from '../store/postgres/instances-on-one-database';
import { ManualClock } from '../store/store-fixtures';

/**
 * Recovery of paid calls on a store several instances share (issue 16). A run looks gone to the
 * others while its lock's connection is away (a database restart, a network cut): its calls under
 * way are still its own to record, so recovery leaves calls younger than the grace alone; and an
 * instance killed while no other starts has its calls recovered by a live one within a minute.
 */

const GRACE_MS = 3 * 60_000;
const quiet = pino({ level: 'silent' });
const intent = (material: string) => ({
  material,
  operation: 'search' as const,
  userEmail: 'ana@team.com',
  requestId: `req-${material}`,
  estimate: { credits: 0.15, rawRequests: 0 },
});

const postgres = instancesOnOneDatabase();
let clock: ManualClock;

beforeEach(() => {
  clock = new ManualClock();
});

function instance(): Promise<Store> {
  return postgres().instance({ clock, poolSize: 3 });
}

async function sql<T extends object>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: postgres().url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Ends the session holding the run's lock, as a database restart would: the run looks gone. */
async function dropRunLock(runId: string): Promise<void> {
  const [ended] = await sql<{ n: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_locks
     WHERE locktype = 'advisory' AND granted AND classid = $1 AND objid::bigint = ($2::int::bigint & 4294967295)`,
    [ADVISORY_LOCKS.run, lockKeyOf(`run ${runId}`)],
  );
  expect(ended?.n).toBe(1);
}

const ledgerRows = async () =>
  sql<{ actual_milli: string; request_id: string }>(
    'SELECT actual_milli, request_id FROM ledger ORDER BY id',
  );

describe('paid-call recovery across instances', () => {
  it("leaves a live instance's call under way alone while its lock is away: one ledger row, not two", async () => {
    const [a, b] = [await instance(), await instance()];
    const { id } = await a.paidCalls.begin(intent('a'));
    await dropRunLock(a.paidCalls.runId);
    // b starts, or makes its minute's pass: a looks gone, but its call is younger than the grace.
    await recoverPaidCalls(b, quiet, clock.now() - GRACE_MS);
    await a.paidCalls.answered(id, 200, '{"error":false,"total":0,"directs":[]}');
    await a.paidCalls.record(
      {
        userEmail: 'ana@team.com',
        operation: 'search',
        estimatedCredits: 0.15,
        actualCredits: 0.03,
        requestId: 'req-a',
      },
      [id],
    );
    clock.advance(2 * GRACE_MS);
    await recoverPaidCalls(b, quiet, clock.now() - GRACE_MS);
    expect(await ledgerRows()).toEqual([{ actual_milli: '30', request_id: 'req-a' }]);
  });

  it("takes a stopped instance's unanswered call once it is older than the grace, at its estimate", async () => {
    const [a, b] = [await instance(), await instance()];
    await a.paidCalls.begin(intent('killed'));
    await a.close();
    await recoverPaidCalls(b, quiet, clock.now() - GRACE_MS);
    expect(await ledgerRows()).toEqual([]);
    clock.advance(GRACE_MS);
    await recoverPaidCalls(b, quiet, clock.now() - GRACE_MS);
    await recoverPaidCalls(b, quiet, clock.now() - GRACE_MS);
    expect(await ledgerRows()).toEqual([{ actual_milli: '150', request_id: 'req-killed' }]);
  });

  it('looks for them every minute in a live instance, with no start needed', async () => {
    const [a, b] = [await instance(), await instance()];
    await a.paidCalls.begin(intent('left'));
    await a.close();
    clock.advance(GRACE_MS);
    const recovery = startPaidCallRecovery(b, quiet, { clock, graceMs: GRACE_MS, everyMs: 20 });
    try {
      const started = Date.now();
      while ((await ledgerRows()).length === 0 && Date.now() - started < 5_000)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      recovery.stop();
    }
    expect(await ledgerRows()).toEqual([{ actual_milli: '150', request_id: 'req-left' }]);
  });
});
