import { eventually, startOutageCluster, type OutageCluster } from './outage-fixture';

/**
 * Issue 23, item 1 and 2: what a database restart or a lost session does to workers on Postgres
 * while paid calls are in flight. Two instances, one API (a sandbox that answers after 1.5 s), the
 * database stopped and started under them (a maintenance, a failover) or their lock sessions
 * terminated. Every instance stays alive; meanwhile they answer 503 with Retry-After and a
 * sentence, never 500; they are ready again without a restart; and what the API billed was bought
 * once and is in the ledger once.
 */

jest.setTimeout(90_000);

let cluster: OutageCluster;
afterEach(async () => {
  await cluster?.close();
});

async function ready(cluster: OutageCluster, index: number): Promise<number> {
  const worker = cluster.workers[index];
  if (worker === undefined) throw new Error(`no worker ${index}`);
  return (await fetch(`${worker.url}/readyz`)).status;
}

async function alive(cluster: OutageCluster): Promise<boolean> {
  const answers = await Promise.all(cluster.workers.map((worker) => fetch(`${worker.url}/healthz`)));
  return answers.every((answer) => answer.status === 200);
}

/** Waits until at least `count` paid calls are on their way to the API (journaled, not answered). */
async function callsInFlight(cluster: OutageCluster, count: number): Promise<void> {
  await eventually(
    async () => {
      const [row] = await cluster.sql<{ sent: string }>(
        "SELECT COUNT(*) AS sent FROM paid_calls WHERE state = 'sent'",
      );
      return Number(row?.sent ?? 0) >= count;
    },
    10_000,
    `${count} paid calls in flight`,
  );
}

describe('workers on Postgres through a database restart', () => {
  it('stay alive, answer 503 with Retry-After meanwhile, come back by themselves, and buy nothing twice', async () => {
    cluster = await startOutageCluster({ instances: 2, latencyMs: 1500 });
    const [first, second] = cluster.workers;
    if (first === undefined || second === undefined) throw new Error('two workers expected');
    const mine = cluster.handles(6, 0);
    const theirs = cluster.handles(6, 6);
    const known = cluster.handles(3, 40);
    // Bought, then read once more (a recalculation): held in the first instance's memory.
    for (let i = 0; i < 2; i++) expect((await cluster.reports(first, known)).status).toBe(200);
    const asked = [cluster.reports(first, mine), cluster.reports(second, theirs)];
    await callsInFlight(cluster, 8);

    await cluster.postgres.shutDown();
    for (const answer of await Promise.all(asked)) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe('5');
      expect(answer.body.error?.code).toBe('store_unavailable');
      expect(answer.body.error?.message).toMatch(/^The worker's database is not answering just now/);
    }
    const during = await cluster.reports(second, mine);
    expect([during.status, during.retryAfter]).toEqual([503, '5']);
    // What needs no write is still served from memory: reports this instance holds, for a key it
    // verified within the last minute.
    const fromMemory = await cluster.reports(first, known);
    expect(fromMemory.status).toBe(200);
    expect(fromMemory.body.counts).toMatchObject({ creators: 3, failed: 0 });
    expect(await ready(cluster, 0)).toBe(503);
    expect(await alive(cluster)).toBe(true);

    await cluster.postgres.startAgain();
    await eventually(async () => (await ready(cluster, 0)) === 200, 20_000, 'the first ready again');
    await eventually(async () => (await ready(cluster, 1)) === 200, 20_000, 'the second ready again');

    // Each asks for what the other was buying: the answers bought during the outage are served.
    const again = await Promise.all([cluster.reports(first, theirs), cluster.reports(second, mine)]);
    for (const answer of again) {
      expect(answer.status).toBe(200);
      expect(answer.body.counts).toMatchObject({ creators: 6, failed: 0 });
    }
    // 15 creators, 15 calls: those answered during the outage were kept and served to the retry.
    const stats = await cluster.stats();
    expect(stats.operations.report?.calls).toBe(15);
    expect(await cluster.ledger()).toEqual({ milli: stats.credits * 1000, unconfirmed: 0 });
    const kept = await cluster.sql("SELECT id FROM paid_calls WHERE state = 'reused'");
    expect(kept.length).toBeGreaterThan(0);
    const open = await cluster.sql("SELECT id FROM paid_calls WHERE state IN ('sent', 'answered')");
    expect(open).toEqual([]);
    expect(await alive(cluster)).toBe(true);
  });

  it('take their run locks again when their sessions are terminated, and go on buying each call once', async () => {
    cluster = await startOutageCluster({ instances: 2, latencyMs: 1000 });
    const [first, second] = cluster.workers;
    if (first === undefined || second === undefined) throw new Error('two workers expected');
    const runLocks = () =>
      cluster.sql<{ pid: number }>(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 7316 AND granted",
      );
    expect(await runLocks()).toHaveLength(2);
    const mine = cluster.handles(6, 20);
    const theirs = cluster.handles(6, 26);
    const asked = [cluster.reports(first, mine), cluster.reports(second, theirs)];
    await callsInFlight(cluster, 8);

    const sessions = await runLocks();
    await cluster.sql('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [
      sessions.map((session) => session.pid),
    ]);
    // The calls under way are answered and recorded; those after them wait for the lock (a second).
    for (const answer of await Promise.all(asked)) {
      expect(answer.status).toBe(200);
      expect(answer.body.counts).toMatchObject({ creators: 6, failed: 0 });
    }
    await eventually(async () => (await runLocks()).length === 2, 10_000, 'both run locks held again');
    const fresh = await runLocks();
    expect(fresh.map((lock) => lock.pid)).not.toEqual(expect.arrayContaining(sessions.map((s) => s.pid)));

    const again = await Promise.all([cluster.reports(first, theirs), cluster.reports(second, mine)]);
    for (const answer of again) expect(answer.status).toBe(200);
    const stats = await cluster.stats();
    expect(stats.operations.report?.calls).toBe(12);
    expect(await cluster.ledger()).toEqual({ milli: stats.credits * 1000, unconfirmed: 0 });
    expect(await alive(cluster)).toBe(true);
  });

  it('go on with a job whose batch met the outage, from its last commit, buying no batch twice', async () => {
    cluster = await startOutageCluster({ instances: 1, latencyMs: 1500 });
    const [worker] = cluster.workers;
    if (worker === undefined) throw new Error('one worker expected');
    const known = cluster.knownEmails(1500);
    expect(known).toHaveLength(1500);
    const emails = [
      ...known,
      ...Array.from({ length: 1500 }, (_, i) => `person.${i}@outage-job.example.com`),
    ];
    const started = await cluster.call<{ id: string }>(worker, 'POST', '/api/jobs', {
      kind: 'email-enrichment',
      input: { emails },
    });
    expect(started.status).toBe(202);
    const progress = async () =>
      (await cluster.call<{ status: string; done: number }>(worker, 'GET', `/api/jobs/${started.body.id}`))
        .body;
    // The first batch committed, the second on its way to the API.
    await eventually(async () => (await progress()).done >= 1000, 30_000, 'the first batch');
    await callsInFlight(cluster, 1);
    await cluster.postgres.shutDown();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await cluster.postgres.startAgain();
    await eventually(async () => (await progress()).status === 'done', 60_000, 'the job done');
    expect((await progress()).done).toBe(3000);
    // Three batches of 1,000 addresses, three calls: the one answered during the outage was kept.
    const stats = await cluster.stats();
    expect(stats.operations.emailSearch?.calls).toBe(3);
    expect(stats.credits).toBeGreaterThan(0);
    expect(await cluster.ledger()).toEqual({ milli: Math.round(stats.credits * 1000), unconfirmed: 0 });
    expect(await cluster.sql("SELECT id FROM paid_calls WHERE state IN ('sent', 'answered')")).toEqual([]);
  });
});
