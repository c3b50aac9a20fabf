import { createApp } from '../../../../../worker/src/app';
import { proveEditAccess } from '../../../../support/edit-proof';
import type { AppDeps } from '../../../../../worker/src/app';
import { createWorkerDeps } from '../../../../../worker/src/app-deps';
import { Client } from 'pg';
import { instancesOnOneDatabase } from '../../store/postgres/instances-on-one-database';
import { auth, type WorkerWorld } from '../../worker-fixture';
import {
  addresses,
  jobRowsAsCells,
  putDelivery,
  settled,
  SHEET_ID,
  startDeliveryWorld,
  startEmailJob,
  TAB,
  type DeliveryWorld,
} from './server-delivery-fixture';

/**
 * Issue 23, item 3: a server delivery is leased like a job across the instances of one Postgres
 * store. Two instances (stores of their own on one database, the worker's deps on each) write into
 * the Sheets API emulator: the one holding the lease writes; a dead one's delivery is taken over
 * by the live one once its lease runs out (within one lease), a stopped one's (SIGTERM) at once;
 * each row lands once, at its place.
 */

jest.setTimeout(120_000);

const LEASE_MS = 4000;
/** 5 Sheets calls a second: a block (a read and a write) every 0.4 s, so a delivery lasts seconds. */
const SLOW_PACE = { perAccountPerMinute: 300, perSpreadsheetPerMinute: 300 };
const ROWS = 1200;

let env: DeliveryWorld;
const postgres = instancesOnOneDatabase();

beforeAll(async () => {
  env = await startDeliveryWorld({
    quotas: {
      readsPerMinutePerUser: 100_000,
      writesPerMinutePerUser: 100_000,
      readsPerMinutePerProject: 100_000,
      writesPerMinutePerProject: 100_000,
    },
  });
});
afterAll(async () => {
  await env.close();
});

/** One instance: its own store on the database, the worker's deps on it, its name in the leases. */
async function instance(owner: string): Promise<{ deps: AppDeps; world: WorkerWorld }> {
  const store = await postgres().instance();
  const { world } = env;
  const deps = createWorkerDeps({
    config: { ...world.config, sheetsLeaseMs: LEASE_MS },
    store,
    upstream: world.deps.upstream,
    upstreamMonitor: world.deps.upstreamMonitor,
    logger: world.deps.logger,
    devKey: world.config.devKey,
    delivery: { pace: SLOW_PACE, blocks: { maxCells: 900 }, lease: { ms: LEASE_MS, owner } },
  });
  return { deps, world: { ...world, deps, app: createApp(deps) } };
}

/** The delivery's lease holder, as the database has it. */
async function ownerOf(jobId: string): Promise<string | null> {
  const client = new Client({ connectionString: postgres().url });
  await client.connect();
  try {
    const { rows } = await client.query<{ lease_owner: string | null }>(
      'SELECT lease_owner FROM job_deliveries WHERE job_id = $1',
      [jobId],
    );
    return rows[0]?.lease_owner ?? null;
  } finally {
    await client.end();
  }
}

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

/** A finished e-mail job of ROWS rows on `a`, and the rows every test expects in the sheet. */
async function finishedJob(a: WorkerWorld, prefix: string): Promise<{ jobId: string; rows: unknown[][] }> {
  const jobId = await startEmailJob(a, addresses(ROWS, prefix));
  await until(
    async () => {
      const job = await a.deps.store.jobs.get(jobId);
      return job?.status === 'done';
    },
    60_000,
    'the job',
  );
  return { jobId, rows: await jobRowsAsCells(a, jobId) };
}

function sheetRows(firstRow: number, width: number): unknown[][] {
  return env.fakes.spreadsheet.requireSheet(TAB).getRange(firstRow, 1, ROWS, width).getValues();
}

describe('a server delivery across instances on one Postgres', () => {
  it('goes on in a live instance once a dead one’s lease runs out: within one lease, each row once', async () => {
    const a = await instance('instance-a');
    const b = await instance('instance-b');
    const { jobId, rows } = await finishedJob(a.world, 'dead');
    // Instance a set the delivery up and died right after renewing its lease.
    await a.deps.store.jobDeliveries.create(jobId, {
      spreadsheetId: SHEET_ID,
      sheetName: TAB,
      firstRow: 2,
      firstColumn: 1,
    });
    const killedAt = Date.now();
    expect(await a.deps.store.jobDeliveries.lease(jobId, 'instance-a', killedAt, killedAt + LEASE_MS)).toBe(
      true,
    );

    await b.deps.jobDeliveries.resume();
    const takeoverMs = await until(
      async () => (await ownerOf(jobId)) === 'instance-b',
      2 * LEASE_MS,
      'the takeover',
    );
    // Not before the lease ran out, and within one lease of the death (a margin for the looks).
    expect(takeoverMs).toBeGreaterThanOrEqual(LEASE_MS - 100);
    expect(takeoverMs).toBeLessThan(LEASE_MS + 600);
    await settled(b.world, jobId);
    expect((await b.deps.store.jobDeliveries.get(jobId))?.delivered).toBe(true);
    expect(sheetRows(2, rows[0]?.length ?? 0)).toEqual(rows);
    await b.deps.jobDeliveries.stop();
  });

  it('is handed back at once when its instance stops (SIGTERM), and finished by another, each row once', async () => {
    const a = await instance('instance-a');
    const b = await instance('instance-b');
    const { jobId, rows } = await finishedJob(a.world, 'stopped');
    await b.deps.jobDeliveries.resume();
    const firstRow = ROWS + 10;
    // The delivery's target needs proof that its caller edits the sheet (issue 22), kept in the store.
    await proveEditAccess(a.world.app, auth(), env.fakes.spreadsheet);
    const answer = await putDelivery(a.world, jobId, {
      spreadsheetId: SHEET_ID,
      sheetName: TAB,
      firstRow,
      firstColumn: 1,
    });
    expect(answer.body).toMatchObject({ mode: 'server' });
    await until(
      async () => ((await a.deps.store.jobDeliveries.get(jobId))?.rowsWritten ?? 0) >= 300,
      30_000,
      'a few blocks written by the first instance',
    );
    expect(await ownerOf(jobId)).toBe('instance-a');
    const stopping = performance.now();
    await a.deps.jobDeliveries.stop();
    const leftAt = (await a.deps.store.jobDeliveries.get(jobId))?.rowsWritten ?? 0;
    expect(leftAt).toBeLessThan(ROWS);
    await until(async () => (await ownerOf(jobId)) === 'instance-b', LEASE_MS, 'the takeover');
    const takeoverMs = performance.now() - stopping;
    // A quarter lease at most (how often live instances look), not a whole lease.
    expect(takeoverMs).toBeLessThan(LEASE_MS / 4 + 500);
    await settled(b.world, jobId);
    expect(sheetRows(firstRow, rows[0]?.length ?? 0)).toEqual(rows);
    await b.deps.jobDeliveries.stop();
  });
});
