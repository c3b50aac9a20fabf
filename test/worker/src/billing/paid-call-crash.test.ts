import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { runKillableChild, type ChildRun } from '../../../support/crash-child';
import { callsOf, DEV_KEY, SANDBOX_TOKEN, startWorkerWorld, type WorkerWorld } from '../worker-fixture';

/**
 * A worker killed with SIGKILL at each step of a paid call (a report, 1 credit), then started
 * again and asked the same thing: the report arrives, and the ledger equals what the sandbox (in
 * this process, over loopback) charged. Where the crash hid whether the API billed the call, the
 * ledger counts it at its estimate, marked unconfirmed, for the reconciliation to settle.
 */

const CHILD = join(__dirname, 'paid-call-crash-child.ts');
const CHILD_ENV = { SANDBOX_TOKEN, SANDBOX_RATE_DISCOVERY: '200', WORKER_DEV_KEY: DEV_KEY };

/** Runs the child; with `killOn`, sends SIGKILL once it prints that line. */
function runChild(args: string[], killOn?: string): Promise<ChildRun> {
  return runKillableChild(CHILD, CHILD_ENV, args, killOn);
}

let world: WorkerWorld;
let root: string;
beforeAll(async () => {
  world = await startWorkerWorld();
  root = mkdtempSync(join(tmpdir(), 'paid-call-crash-'));
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await world.close();
});

/** Each step: what the sandbox charged in all, and what the ledger says (confirmed and not). */
const STEPS = [
  // Never sent: nothing charged for it; counted (unconfirmed) until reconciled; the retry pays.
  { step: 'before-send', calls: 1, charged: 1, confirmed: 1, unconfirmed: 1 },
  // Billed, and the answer lost with the process before a byte of it was kept: the one window left.
  { step: 'answered-unread', calls: 2, charged: 2, confirmed: 1, unconfirmed: 1 },
  // Kept at arrival: recovery records it, the retry replays it. Bought once.
  { step: 'journaled', calls: 1, charged: 1, confirmed: 1, unconfirmed: 0 },
  // Recorded, not cached: the retry replays the kept answer, records nothing more.
  { step: 'recorded', calls: 1, charged: 1, confirmed: 1, unconfirmed: 0 },
] as const;

describe.each(STEPS)('a worker killed at $step', ({ step, calls, charged, confirmed, unconfirmed }) => {
  it('loses no report, and its ledger equals what the API charged', async () => {
    const dataDir = join(root, step);
    const log = join(root, `${step}.log`);
    const [handle] = world.handles(1, 'instagram', 500 + STEPS.findIndex((entry) => entry.step === step));
    await world.resetStats();

    const killed = await runChild([dataDir, world.sandboxUrl, handle, log, step], `at ${step}`);
    expect(killed.stdout).toContain(`at ${step}`);
    const again = await runChild([dataDir, world.sandboxUrl, handle, log, 'none']);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^row \\["${handle.replace('.', '\\.')}",`, 'm'));

    const stats = await world.stats();
    expect(callsOf(stats, 'report')).toBe(calls);
    expect(stats.credits).toBe(charged);
    const store = openStore({ dataDir });
    try {
      const rows = await store.ledger.recent('dev@localhost', 20);
      const sum = (list: typeof rows) => list.reduce((total, row) => total + row.actualCredits, 0);
      expect(sum(rows.filter((row) => !row.unconfirmed))).toBe(confirmed);
      expect(sum(rows.filter((row) => row.unconfirmed))).toBe(unconfirmed);
      // Nothing left behind for a later start to find.
      expect(await store.paidCalls.recover(new Set(), () => ({ credits: 0, rawRequests: 0 }))).toMatchObject({
        unconfirmed: 0,
        recovered: 0,
      });
    } finally {
      store.close();
    }
  }, 60_000);
});
