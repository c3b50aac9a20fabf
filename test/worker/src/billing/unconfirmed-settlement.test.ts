import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { systemClock } from '../../../../worker/common/clock';
import { parseSandboxConfig } from '../../../../worker/sandbox/config';
import { createSandbox } from '../../../../worker/sandbox/server';
import { readBalance } from '../../../../worker/src/billing/balance-reconciliation';
import { settleUnconfirmed } from '../../../../worker/src/billing/unconfirmed-settlement';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { createUpstreamClient } from '../../../../worker/src/upstream/request-core';
import { startTsProcess, type StartedProcess } from '../../../bench/child-process';
import { matchedEmails } from '../../../support/email-supply';
import { describeEachEngine } from '../store/store-engines';
import { makeTempDir, ManualClock } from '../store/store-fixtures';

/**
 * Issue 23, item 4: an unconfirmed call settles. The real worker (its own process, SQLite in a
 * data directory) sends one e-mail search of 40 addresses, 10 of them known (estimate 0.8 credits,
 * billed 0.2 if billed), and is killed with SIGKILL while the API holds the call (its latency).
 * Restarted, it counts the call at its estimate, unconfirmed. The next balance reading settles it:
 * against a sandbox that bills on receipt, at what was billed (0.2); against one that bills on
 * answer (nobody was left to answer), at 0. The ledger then equals what the API billed, and so do
 * the budgets that count it.
 */

jest.setTimeout(120_000);

const TOKEN = 'settle-test-token';
const EMAIL = 'ops@settle.test';
const LATENCY_MS = 1500;
/** Each attempt's timeout (one attempt): the longest a call can still be billed after its sending. */
const TIMEOUT_MS = 3000;

interface Run {
  dataDir: string;
  cleanup: () => void;
  sandbox: ReturnType<typeof createSandbox>;
  server: Server;
  url: string;
  /** SIGKILLs the armed worker this long after the API received its first e-mail search. */
  arm(child: ChildProcess, afterMs: number): Promise<void>;
}

const runs: Run[] = [];
afterEach(async () => {
  for (const run of runs.splice(0)) {
    await new Promise<void>((resolve) => {
      run.server.close(() => resolve());
      run.server.closeAllConnections();
    });
    run.cleanup();
  }
});

async function apiThatBillsOn(billOn: 'answer' | 'receipt'): Promise<Run> {
  const sandbox = createSandbox(
    parseSandboxConfig({
      SANDBOX_TOKEN: TOKEN,
      SANDBOX_CREATORS: '500',
      SANDBOX_CREDITS: '100',
      SANDBOX_LATENCY_MS: String(LATENCY_MS),
      SANDBOX_BILL_ON: billOn,
    }),
  );
  let armed: { child: ChildProcess; afterMs: number; killed: () => void } | null = null;
  const server = createServer((req, res) => {
    if (armed !== null && (req.url ?? '').includes('/email')) {
      const { child, afterMs, killed } = armed;
      armed = null;
      setTimeout(() => {
        child.once('exit', () => killed());
        child.kill('SIGKILL');
      }, afterMs);
    }
    sandbox.app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { dir, cleanup } = makeTempDir('creator-sheets-settle-');
  const run: Run = {
    dataDir: dir,
    cleanup,
    sandbox,
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arm: (child, afterMs) => new Promise((resolve) => (armed = { child, afterMs, killed: resolve })),
  };
  runs.push(run);
  return run;
}

function startWorkerProcess(run: Run): Promise<StartedProcess> {
  return startTsProcess(
    'worker/start.ts',
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: run.dataDir,
      DISCOVERY_API_URL: `${run.url}/v1`,
      DISCOVERY_API_TOKEN: TOKEN,
      ALLOWED_EMAILS: EMAIL,
      LOG_LEVEL: 'warn',
      UPSTREAM_MAX_ATTEMPTS: '1',
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    },
    /Creator Sheets worker on (http:\/\/\S+)/,
  );
}

const workerUrl = (started: StartedProcess) =>
  /Creator Sheets worker on (http:\/\/\S+)/.exec(started.output.join(''))?.[1] ?? '';

/** Waits until the worker has read the account's balance `count` times (the reconciler, at its start). */
async function readingsTaken(run: Run, count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const store = openStore({ dataDir: run.dataDir });
    const readings = await store.accountReadings.latest(count);
    await store.close();
    if (readings.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the worker never read the balance');
}

/** The store of the stopped worker, with the account's balance read now (the reconciler's next reading). */
async function storeWithReading(run: Run): Promise<Store> {
  const store = openStore({ dataDir: run.dataDir });
  const upstream = createUpstreamClient({ baseUrl: `${run.url}/v1`, token: TOKEN });
  await readBalance({ store, upstream, clock: systemClock });
  return store;
}

describe.each([
  ['receipt', 0.2],
  ['answer', 0],
] as const)('a call killed during the latency, against an API that bills on %s', (billOn, billed) => {
  it(`is counted at its estimate until the balance shows what was billed, then charged ${billed}`, async () => {
    const run = await apiThatBillsOn(billOn);
    const known = matchedEmails(run.sandbox.state.world).slice(0, 10);
    const emails = [...known, ...Array.from({ length: 30 }, (_, i) => `nobody.${i}@unknown.example.com`)];
    const seed = openStore({ dataDir: run.dataDir });
    const { key } = await seed.keys.issue(EMAIL);
    await seed.close();

    // Its first balance reading comes at start; then one search, killed during the API's latency.
    const first = await startWorkerProcess(run);
    await readingsTaken(run, 1);
    const killed = run.arm(first.child, LATENCY_MS / 3);
    void fetch(`${workerUrl(first)}/api/email-search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ emails }),
    }).catch(() => undefined);
    await killed;
    // Past the call's timeout: whatever the API bills for it, it has billed by now.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS));
    const charged = 100 - (run.sandbox.state.accounts.get(TOKEN)?.credits ?? 0);
    expect(Math.round(charged * 1000) / 1000).toBe(billed);

    // Restarted: the call is in the ledger at its estimate, unconfirmed, and counts against budgets.
    const second = await startWorkerProcess(run);
    await second.stop();
    const store = await storeWithReading(run);
    try {
      const [row] = await store.ledger.recent(EMAIL);
      expect(row).toMatchObject({ estimatedCredits: 0.8, actualCredits: 0.8, unconfirmed: true });
      expect((await store.ledger.spend({ period: 'day', email: EMAIL })).credits).toBe(0.8);

      // The reading after the call settles it: charged what the account was billed.
      const settled = await settleUnconfirmed({ store, billingWindowMs: TIMEOUT_MS });
      expect(settled).toEqual([{ callId: expect.any(String), estimatedCredits: 0.8, billedCredits: billed }]);
      const [after] = await store.ledger.recent(EMAIL);
      expect(after).toMatchObject({ actualCredits: billed, unconfirmed: false });
      expect((await store.ledger.spend({ period: 'day', email: EMAIL })).credits).toBe(billed);
      // Settled once: the next reading changes nothing.
      expect(await settleUnconfirmed({ store, billingWindowMs: TIMEOUT_MS })).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describeEachEngine('settleUnconfirmed', (engine) => {
  const intent = (material: string) => ({
    material,
    operation: 'report' as const,
    userEmail: 'ana@team.com',
    requestId: `req ${material}`,
    estimate: { credits: 1, rawRequests: 0 },
  });

  /** Calls sent at these times by a run that then died, recovered at their estimate by the next. */
  async function unconfirmedAt(clock: ManualClock, times: number[]): Promise<Store> {
    const dying = await engine.open({ clock });
    for (const [i, at] of times.entries()) {
      clock.set(at);
      await dying.paidCalls.begin(intent(`call ${i}`));
    }
    await dying.close();
    const next = await engine.open({ clock });
    await next.paidCalls.recover(new Set(), () => ({ credits: 1, rawRequests: 0 }));
    return next;
  }

  it('shares what the balance says was billed among the window’s calls in their order, each at most its estimate', async () => {
    const clock = new ManualClock();
    const store = await unconfirmedAt(clock, [10_000, 20_000]);
    await store.ledger.record({
      userEmail: 'ana@team.com',
      operation: 'search',
      estimatedCredits: 1.5,
      actualCredits: 1.5,
      requestId: 'confirmed',
      at: 30_000,
    });
    await store.accountReadings.add({ at: 0, credits: 100, rawRequests: null });
    await store.accountReadings.add({ at: 100_000, credits: 97.5, rawRequests: null });
    // 2.5 billed, 1.5 of it recorded: the first call was billed its 1, the second nothing.
    const settled = await settleUnconfirmed({ store, billingWindowMs: 30_000 });
    expect(settled.map((call) => call.billedCredits)).toEqual([1, 0]);
    expect((await store.ledger.spendBetween(0, 10 ** 12)).credits).toBe(2.5);
    await store.close();
  });

  it('leaves the estimate standing while the window has no reading after it, or credits were added in it', async () => {
    const clock = new ManualClock();
    const store = await unconfirmedAt(clock, [150_000]);
    await store.accountReadings.add({ at: 100_000, credits: 97.5, rawRequests: null });
    expect(await settleUnconfirmed({ store, billingWindowMs: 30_000 })).toEqual([]);
    await store.accountReadings.add({ at: 200_000, credits: 150, rawRequests: null });
    expect(await settleUnconfirmed({ store, billingWindowMs: 30_000 })).toEqual([]);
    expect((await store.ledger.recent('ana@team.com'))[0]).toMatchObject({
      actualCredits: 1,
      unconfirmed: true,
    });
    await store.close();
  });
});
