import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORMS } from '../../../../shared/platforms';
import { creatorEmail } from '../../../../worker/sandbox/data/details';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { runKillableChild, type ChildRun } from '../../../support/crash-child';
import { callsOf, DEV_KEY, SANDBOX_TOKEN, startWorkerWorld, type WorkerWorld } from '../worker-fixture';
import { addressesFoundIn } from './jobs-fixture';

/**
 * A job killed with SIGKILL between fetching a batch and committing it, then started again: every
 * row is there once and in order, and the sandbox (in this process, reached over loopback) counts
 * the same calls and credits as for a run that was never interrupted.
 */

const CHILD = join(__dirname, 'crash-job-child.ts');
const CHILD_ENV = {
  SANDBOX_TOKEN,
  SANDBOX_RATE_DISCOVERY: '200',
  WORKER_DEV_KEY: DEV_KEY,
};

/** Runs the child; with `killOn`, sends SIGKILL once it prints that line. */
function runChild(args: string[], killOn?: string): Promise<ChildRun> {
  return runKillableChild(CHILD, CHILD_ENV, args, killOn);
}

let world: WorkerWorld;
let root: string;
let inputs: (string | null)[];
let uniqueValid: string[];
let matched: string[];

beforeAll(async () => {
  world = await startWorkerWorld();
  root = mkdtempSync(join(tmpdir(), 'job-crash-'));
  const known: string[] = [];
  for (const platform of PLATFORMS) {
    const pc = world.sandbox.state.world.platform(platform);
    for (let i = 0; i < pc.size && known.length < 200; i++) {
      const email = creatorEmail(pc, i);
      if (email !== null && world.sandbox.state.world.findByEmail(email).length > 0 && !known.includes(email))
        known.push(email);
    }
  }
  matched = known;
  uniqueValid = [...matched, ...Array.from({ length: 3800 }, (_, i) => `crash.${i}@nowhere${i % 3}.org`)];
  const duplicates = uniqueValid
    .slice(0, 600)
    .map((email, i) => (i % 2 ? ` ${email.toUpperCase()}` : `${email};`));
  const invalid = Array.from({ length: 200 }, (_, i) => `broken-${i}@`);
  const blanks = Array.from({ length: 200 }, () => null);
  // Interleaved, so that every batch's positions are spread over the whole column.
  const all = [...uniqueValid, ...duplicates, ...invalid, ...blanks];
  inputs = all.map((_, i) => all[(i * 7919) % all.length]);
  writeFileSync(join(root, 'inputs.json'), JSON.stringify(inputs));
}, 60_000);
afterAll(async () => {
  await world.close();
  rmSync(root, { recursive: true, force: true });
});

async function readJob(dataDir: string) {
  const store = openStore({ dataDir });
  try {
    const [job] = await store.jobs.list('dev@localhost');
    const rows = await store.jobs.rows(job.id, { limit: 10_000 });
    const ledger = await store.ledger.ofJob(job.id);
    return { job, rows: rows.rows, ledger };
  } finally {
    store.close();
  }
}

function diskText(dataDir: string): string {
  return readdirSync(dataDir)
    .filter((name) => name.startsWith('creator-sheets.db'))
    .map((name) => readFileSync(join(dataDir, name)).toString('latin1'))
    .join('\n');
}

describe('an e-mail job killed with SIGKILL and started again', () => {
  it('ends with every row once, in order, for the calls and credits of an uninterrupted run', async () => {
    const args = (dir: string, stopAt: number) => [
      dir,
      world.sandboxUrl,
      join(root, 'inputs.json'),
      join(root, 'log.txt'),
      String(stopAt),
    ];
    const expectedCalls = Math.ceil(uniqueValid.length / 1000);

    // An uninterrupted run, for comparison.
    const cleanDir = join(root, 'clean');
    await world.resetStats();
    const clean = await runChild(args(cleanDir, -1));
    expect(clean).toMatchObject({ code: 0, stderr: '' });
    const cleanStats = await world.stats();
    expect(callsOf(cleanStats, 'emailSearch')).toBe(expectedCalls);
    expect(cleanStats.credits).toBe(matched.length * 0.02);

    // Batch 0 is the free rows, 1 the first 1,000 addresses; batch 2 is fetched (and paid) but
    // never committed.
    const crashDir = join(root, 'crash');
    await world.resetStats();
    const killed = await runChild(args(crashDir, 2), 'fetched 2');
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.stdout).toBe('committed 0\ncommitted 1\nfetched 2\n');
    const cut = await readJob(crashDir);
    expect(cut.job.status).toBe('running');
    // Rows read in order stop at the first position still waiting for its address's batch.
    expect(cut.rows.length).toBeGreaterThan(0);
    expect(cut.rows.length).toBeLessThanOrEqual(cut.job.progress.done);
    expect(cut.job.progress.done).toBeLessThan(inputs.length);
    expect(callsOf(await world.stats(), 'emailSearch')).toBe(2);

    const resumed = await runChild(args(crashDir, -1));
    expect(resumed).toMatchObject({ code: 0, stderr: '' });
    const crashStats = await world.stats();
    expect(callsOf(crashStats, 'emailSearch')).toBe(callsOf(cleanStats, 'emailSearch'));
    expect(crashStats.credits).toBe(cleanStats.credits);

    const before = await readJob(cleanDir);
    const after = await readJob(crashDir);
    expect(after.job.status).toBe('done');
    expect(after.job.progress).toEqual(before.job.progress);
    expect(after.rows.map((r) => r.position)).toEqual(inputs.map((_, i) => i));
    expect(after.rows).toEqual(before.rows);
    // What the killed run paid for batch 2 reached the ledger once, from its charge note; the
    // resumed run answered those addresses from the cache.
    const credits = (ledger: { actualCredits: number }[]) =>
      Math.round(ledger.reduce((sum, row) => sum + row.actualCredits, 0) * 1000) / 1000;
    expect(credits(after.ledger)).toBe(credits(before.ledger));
    expect(credits(after.ledger)).toBe(crashStats.credits);

    const everything = [
      diskText(cleanDir),
      diskText(crashDir),
      readFileSync(join(root, 'log.txt'), 'utf8'),
    ].join('\n');
    expect(everything).toContain('job done');
    expect(addressesFoundIn(everything, uniqueValid)).toEqual([]);
  }, 120_000);
});
