import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORMS } from '../../../../shared/platforms';
import { creatorEmail } from '../../../../worker/sandbox/data/details';
import type { Store } from '../../../../worker/src/store/store';
import { runKillableChild, type ChildRun } from '../../../support/crash-child';
import { instancesOnOneDatabase } from '../store/postgres/instances-on-one-database';
import { ManualClock } from '../store/store-fixtures';
import { callsOf, DEV_KEY, SANDBOX_TOKEN, startWorkerWorld, type WorkerWorld } from '../worker-fixture';
import { addressesFoundIn } from './jobs-fixture';

/**
 * Jobs leased by one instance at a time on a shared Postgres store: several stores on one
 * database stand for instances behind a load balancer, and child processes for instances that
 * can be killed with SIGKILL.
 */

const postgres = instancesOnOneDatabase();

function instance(clock?: ManualClock): Promise<Store> {
  return postgres().instance({ poolSize: 3, ...(clock === undefined ? {} : { clock }) });
}

const newJob = { kind: 'email-enrichment', ownerEmail: 'ana@team.com', input: {}, total: 4 };
const batch = (index: number, positions: number[], leaseOwner: string) => ({
  index,
  rows: positions.map((position) => ({ position, row: [position] })),
  leaseOwner,
});

describe('job leases on one Postgres store shared by instances', () => {
  it('give a job to one instance when several ask at the same moment', async () => {
    const clock = new ManualClock();
    const stores = [await instance(clock), await instance(clock), await instance(clock)];
    const { job } = await stores[0].jobs.create(newJob);
    const now = clock.now();
    const won = await Promise.all(
      stores.map((store, i) => store.jobs.lease(job.id, `i${i}`, now, now + 30_000)),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await stores[1].jobs.leasable(now)).toEqual([]);
  });

  it('let another instance take a job whose lease ran out, and commit nothing more from the first', async () => {
    const clock = new ManualClock();
    const [a, b] = [await instance(clock), await instance(clock)];
    const { job } = await a.jobs.create(newJob);
    expect(await a.jobs.lease(job.id, 'a', clock.now(), clock.now() + 30_000)).toBe(true);
    await a.jobs.commitBatch(job.id, batch(0, [0, 1], 'a'));

    clock.advance(29_999);
    expect(await b.jobs.lease(job.id, 'b', clock.now(), clock.now() + 30_000)).toBe(false);
    expect(await b.jobs.leasable(clock.now())).toEqual([]);
    clock.advance(1);
    expect((await b.jobs.leasable(clock.now())).map((found) => found.id)).toEqual([job.id]);
    expect(await b.jobs.lease(job.id, 'b', clock.now(), clock.now() + 30_000)).toBe(true);

    await expect(a.jobs.commitBatch(job.id, batch(1, [2], 'a'))).rejects.toMatchObject({
      code: 'job_conflict',
      message: expect.stringContaining('is run by another worker instance now'),
    });
    expect(await a.jobs.renewLease(job.id, 'a', clock.now() + 30_000)).toBe(false);
    await b.jobs.commitBatch(job.id, batch(1, [2, 3], 'b'));
    expect((await b.jobs.get(job.id))?.progress.done).toBe(4);
  });

  it('commit nothing of a job cancelled through another instance, and refuse its heartbeat', async () => {
    const clock = new ManualClock();
    const [a, b] = [await instance(clock), await instance(clock)];
    const { job } = await a.jobs.create(newJob);
    await a.jobs.lease(job.id, 'a', clock.now(), clock.now() + 30_000);
    await a.jobs.start(job.id);
    await b.jobs.finish(job.id, 'cancelled');

    await expect(a.jobs.commitBatch(job.id, batch(0, [0, 1], 'a'))).rejects.toMatchObject({
      code: 'job_conflict',
      message: `job ${job.id} has already ended (cancelled)`,
    });
    expect(await a.jobs.renewLease(job.id, 'a', clock.now() + 30_000)).toBe(false);
    expect(await b.jobs.rows(job.id, { limit: 10 })).toMatchObject({ rows: [] });
    expect(await b.jobs.leasable(clock.now())).toEqual([]);
  });

  it('let the holder renew and release its lease, freeing the job at once', async () => {
    const clock = new ManualClock();
    const [a, b] = [await instance(clock), await instance(clock)];
    const { job } = await a.jobs.create(newJob);
    await a.jobs.lease(job.id, 'a', clock.now(), clock.now() + 30_000);
    clock.advance(20_000);
    expect(await a.jobs.renewLease(job.id, 'a', clock.now() + 30_000)).toBe(true);
    clock.advance(20_000);
    expect(await b.jobs.lease(job.id, 'b', clock.now(), clock.now() + 30_000)).toBe(false);
    await a.jobs.releaseLease(job.id, 'a');
    expect(await b.jobs.lease(job.id, 'b', clock.now(), clock.now() + 30_000)).toBe(true);
  });
});

describe('an instance killed with SIGKILL mid-job', () => {
  const CHILD = join(__dirname, 'leased-job-child.ts');
  const CHILD_ENV = { SANDBOX_TOKEN, SANDBOX_RATE_DISCOVERY: '200', WORKER_DEV_KEY: DEV_KEY };
  const LEASE_MS = 1500;
  let world: WorkerWorld;
  let root: string;
  let inputs: string[];
  let matched: string[];

  beforeAll(async () => {
    world = await startWorkerWorld();
    root = mkdtempSync(join(tmpdir(), 'job-lease-'));
    matched = [];
    for (const platform of PLATFORMS) {
      const pc = world.sandbox.state.world.platform(platform);
      for (let i = 0; i < pc.size && matched.length < 100; i++) {
        const email = creatorEmail(pc, i);
        if (
          email !== null &&
          world.sandbox.state.world.findByEmail(email).length > 0 &&
          !matched.includes(email)
        )
          matched.push(email);
      }
    }
    const all = [...matched, ...Array.from({ length: 2900 }, (_, i) => `lease.${i}@nowhere${i % 3}.org`)];
    // Interleaved, so that every batch holds some addresses the sandbox knows.
    inputs = all.map((_, i) => all[(i * 7919) % all.length]);
    writeFileSync(join(root, 'inputs.json'), JSON.stringify(inputs));
  }, 60_000);
  afterAll(async () => {
    await world.close();
    rmSync(root, { recursive: true, force: true });
  });

  const runChild = (mode: 'submit' | 'join', stopAt: number, killOn?: string): Promise<ChildRun> =>
    runKillableChild(
      CHILD,
      CHILD_ENV,
      [
        mode,
        postgres().url,
        postgres().secret.toString('hex'),
        world.sandboxUrl,
        join(root, 'inputs.json'),
        join(root, 'log.txt'),
        String(LEASE_MS),
        String(stopAt),
      ],
      killOn,
    );

  it('is taken over by another instance once its lease runs out, with every row once and nothing paid twice', async () => {
    await world.resetStats();
    // Batch 0 holds no address to look up, 1 the first 1,000; batch 2 is fetched (and paid) and
    // never committed: the instance is killed while it still renews its lease.
    const killed = await runChild('submit', 2, 'fetched 2');
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.stdout).toBe('committed 0\ncommitted 1\nfetched 2\n');

    const joined = await runChild('join', -1);
    expect(joined).toMatchObject({ code: 0, stderr: '' });
    // It went on from the last commit (batch 2's addresses answered by what the dead instance paid).
    expect(joined.stdout).toMatch(/^resumed [01]\n(committed \d+\n)+ended done\n$/);
    expect(joined.stdout).not.toContain('committed 1\n');

    const stats = await world.stats();
    expect(callsOf(stats, 'emailSearch')).toBe(Math.ceil((matched.length + 2900) / 1000));
    expect(stats.credits).toBe(matched.length * 0.02);

    const reader = await instance();
    const [job] = await reader.jobs.list('dev@localhost');
    expect(job).toMatchObject({ status: 'done', progress: { done: inputs.length, total: inputs.length } });
    const { rows } = await reader.jobs.rows(job.id, { limit: 10_000 });
    expect(rows.map((row) => row.position)).toEqual(inputs.map((_, i) => i));
    const ledger = await reader.ledger.ofJob(job.id);
    const credits = Math.round(ledger.reduce((sum, row) => sum + row.actualCredits, 0) * 1000) / 1000;
    expect(credits).toBe(stats.credits);
    expect(addressesFoundIn(readFileSync(join(root, 'log.txt'), 'utf8'), inputs)).toEqual([]);
  }, 120_000);
});
