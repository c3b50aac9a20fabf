import { STILL_FETCHING } from '../../../../../worker/src/upstream/deadline';
import { emailSupply, matchedEmails, seededShuffle } from '../../../../support/email-supply';
import { callsOf, post, SANDBOX_TOKEN, startWorkerWorld, type WorkerWorld } from '../../worker-fixture';

/** E-mail search through the whole worker, the real sandbox as the upstream over loopback HTTP. */

let world: WorkerWorld;
const supply = emailSupply(
  () => known,
  (n) => `nobody.${n}@nowhere${n % 7}.org`,
);
let known: string[] = [];
const { takeKnown, takeUnknown, submitted } = supply;
const shuffle = <T>(items: T[]): T[] => seededShuffle(items, 42);

beforeAll(async () => {
  world = await startWorkerWorld();
  known = matchedEmails(world.sandbox.state.world);
});
afterAll(async () => {
  await world.close();
});
beforeEach(async () => {
  await world.sandboxAdmin('PUT', '/faults', { latencyMs: 0, serverErrorShare: 0 });
  await world.resetStats();
});

describe('POST /api/email-search', () => {
  let inputs: (string | null)[];
  let first: { rows: (string | number | null)[][] };
  const matchedSet = new Set<string>();

  it('answers 2,500 messy inputs in order, in ceil(unique valid / 1000) calls, paying 0.02 per unique match', async () => {
    const matched = takeKnown(300);
    matched.forEach((email) => matchedSet.add(email));
    const unmatched = takeUnknown(1500);
    const unique = [...matched, ...unmatched];
    const duplicates = Array.from({ length: 500 }, (_, i) => {
      const email = unique[(i * 7) % unique.length];
      return i % 2 === 0 ? `  ${email.toUpperCase()} ` : `${email}\u00a0`;
    });
    const invalid = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0 ? `not-an-email-${i}` : `two@@at${i}.com`,
    );
    const blanks = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? '' : null));
    inputs = shuffle<string | null>([...unique, ...duplicates, ...invalid, ...blanks]);
    unique.forEach((email) => submitted.add(email));
    expect(inputs).toHaveLength(2500);

    const res = await post(world, '/api/email-search', { emails: inputs });

    expect(res.status).toBe(200);
    first = res.body;
    expect(res.body.rows).toHaveLength(2500);
    expect(res.body.pending).toBe(0);
    expect(res.body.counts).toMatchObject({
      unique: 1800,
      cached: 0,
      sent: 1800,
      batches: 2,
      matched: 300,
      failed: 0,
    });
    res.body.rows.forEach((row: (string | number | null)[], index: number) => {
      const input = inputs[index];
      const email = (input ?? '')
        .replace(/\u00a0/g, ' ')
        .trim()
        .toLowerCase();
      if (email === '') expect(row.every((cell) => cell === null)).toBe(true);
      else if (!email.includes('@') || email.includes('@@')) expect(row[1]).toMatch(/^invalid: /);
      else {
        expect(row[0]).toBe(input);
        expect(row[1]).toBe(matchedSet.has(email) ? 'matched' : 'no match');
        if (matchedSet.has(email)) expect(row[5]).toEqual(expect.any(Number));
      }
    });
    const stats = await world.stats();
    expect(callsOf(stats, 'emailSearch')).toBe(2);
    expect(stats.operations.emailSearch?.credits).toBe(6);
    const ledger = (await world.deps.store.ledger.recent('dev@localhost', 10)).filter(
      (entry) => entry.operation === 'emailSearch' && entry.estimatedCredits > 0,
    );
    expect(ledger.map((entry) => entry.estimatedCredits).sort()).toEqual([16, 20]);
    expect(ledger.reduce((sum, entry) => sum + entry.actualCredits, 0)).toBeCloseTo(6, 9);
  });

  it('answers the same inputs again from the cache: no call, no credit', async () => {
    const res = await post(world, '/api/email-search', { emails: inputs });

    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual(first.rows);
    expect(res.body.counts).toMatchObject({ cached: 1800, sent: 0 });
    const stats = await world.stats();
    expect(stats.calls).toBe(0);
    expect(stats.credits).toBe(0);
  });

  it('puts the header first when asked', async () => {
    const res = await post(world, '/api/email-search', { emails: [], withHeader: true });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([res.body.header]);
    expect(res.body.header.slice(0, 2)).toEqual(['E-mail', 'Status']);
  });

  it('sends a batch once for identical requests at once', async () => {
    const emails = [...takeKnown(3), ...takeUnknown(7)];
    emails.forEach((email) => submitted.add(email));
    await world.sandboxAdmin('PUT', '/faults', { latencyMs: 150 });

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(world, '/api/email-search', { emails })),
    );

    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((res) => JSON.stringify(res.body.rows))).size).toBe(1);
    const stats = await world.stats();
    expect(callsOf(stats, 'emailSearch')).toBe(1);
    expect(stats.credits).toBe(0.06);
  });

  it('answers at the deadline and lets the batches land in the cache', async () => {
    const emails = [...takeKnown(5), ...takeUnknown(5)];
    emails.forEach((email) => submitted.add(email));
    await world.sandboxAdmin('PUT', '/faults', { latencyMs: 600 });

    const res = await post(world, '/api/email-search', { emails, deadlineMs: 100 });

    expect(res.status).toBe(200);
    expect(res.body.pending).toBe(10);
    expect(res.body.rows.map((row: unknown[]) => row[1])).toEqual(Array(10).fill(STILL_FETCHING));
    expect(await world.deps.background.drain(10_000)).toBe(true);
    await world.resetStats();
    const later = await post(world, '/api/email-search', { emails });
    expect(later.body.rows.map((row: unknown[]) => row[1])).toEqual([
      ...Array(5).fill('matched'),
      ...Array(5).fill('no match'),
    ]);
    expect((await world.stats()).calls).toBe(0);
  });

  it("turns the API's not_enough_credits into a readable 402", async () => {
    const emails = takeUnknown(1000);
    emails.forEach((email) => submitted.add(email));
    await world.sandboxAdmin('PUT', `/accounts/${SANDBOX_TOKEN}`, { credits: 5 });
    try {
      const res = await post(world, '/api/email-search', { emails });

      expect(res.status).toBe(402);
      expect(res.body.error).toEqual({
        code: 'not_enough_credits',
        message: 'The API account holds too few credits for 1000 addresses (needs 20)',
      });
      expect((await world.stats()).credits).toBe(0);
    } finally {
      await world.sandboxAdmin('PUT', `/accounts/${SANDBOX_TOKEN}`, { credits: 1000 });
    }
  });

  it('never writes a submitted address or the API token to the logs', () => {
    const logs = world.logs().toLowerCase();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('emailsearch');
    for (const email of submitted) expect(logs).not.toContain(email);
    expect(logs).not.toContain(SANDBOX_TOKEN);
  });
});

describe('POST /api/email-search through a failing API', () => {
  let faulty: WorkerWorld;
  beforeAll(async () => {
    // One batch at a time, so the sandbox's seeded dice fall the same way on every run.
    faulty = await startWorkerWorld({
      env: { SANDBOX_FAULT_5XX: '0.5', EMAIL_BATCH_CONCURRENCY: '1', UPSTREAM_MAX_ATTEMPTS: '8' },
    });
  });
  afterAll(async () => {
    await faulty.close();
  });

  it('completes every row through injected 5xx answers, retrying them', async () => {
    const emails = [...known.slice(-50), ...Array.from({ length: 2150 }, (_, i) => `flaky.${i}@nowhere.org`)];

    const res = await post(faulty, '/api/email-search', { emails });

    expect(res.status).toBe(200);
    const statuses = res.body.rows.map((row: unknown[]) => row[1]);
    expect(statuses.filter((status: string) => status === 'matched')).toHaveLength(50);
    expect(statuses.filter((status: string) => status === 'no match')).toHaveLength(2150);
    const stats = await faulty.stats();
    expect(stats.operations.emailSearch?.byStatus['200']).toBe(3);
    expect(stats.operations.emailSearch?.byStatus['500'] ?? 0).toBeGreaterThan(0);
    expect(stats.operations.emailSearch?.credits).toBe(1);
    expect(faulty.logs()).not.toContain('flaky.');
  });
});

describe('POST /api/email-search with a budget', () => {
  let budgeted: WorkerWorld;
  beforeAll(async () => {
    budgeted = await startWorkerWorld({ env: { BUDGET_TEAM_DAY: '1' } });
  });
  afterAll(async () => {
    await budgeted.close();
  });

  it('checks the budget once, at 0.02 per unique uncached address, before any call', async () => {
    const emails = Array.from({ length: 60 }, (_, i) => `budget.${i}@nowhere.org`);

    const res = await post(budgeted, '/api/email-search', {
      emails: [...emails, ...emails.map((e) => e.toUpperCase())],
    });

    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({
      code: 'budget_exceeded',
      message: "This would cost up to 1.2 credits, more than the 1 left of the team's budget for today",
    });
    expect((await budgeted.stats()).calls).toBe(0);
  });
});

/**
 * A list longer than one call is held at the most it could cost while it is looked up, so that its
 * first call leaves at once (issue 28); the hold must come down to what its new addresses may cost,
 * and a budget must let through whatever the exact hold would have.
 */
describe('POST /api/email-search: a long list under a budget', () => {
  let held: WorkerWorld;
  const pendingOfTeam = async () => (await held.deps.guard.status('dev@localhost')).team.day.pending;
  const unknown = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}.${i}@nowhere${i % 5}.org`);
  const cached = unknown('primed', 1200);

  beforeAll(async () => {
    held = await startWorkerWorld({ env: { BUDGET_TEAM_DAY: '60' } });
    // Addresses that match nothing cost nothing: the cache learns them for free.
    const primed = await post(held, '/api/email-search', { emails: cached });
    expect(primed.body.counts).toMatchObject({ sent: 1200, failed: 0 });
  });
  afterAll(async () => {
    await held.close();
  });
  afterEach(async () => {
    await held.sandboxAdmin('PUT', '/faults', { latencyMs: 0 });
  });

  it('holds only what its new addresses may cost once they are known, so a teammate still fits', async () => {
    await held.sandboxAdmin('PUT', '/faults', { latencyMs: 1500 });
    await held.resetStats();
    // 2,600 addresses (52 credits at most), of which 1,400 are new: 28 credits at most.
    // supertest sends on `then`: started now, awaited at the end.
    const long = post(held, '/api/email-search', { emails: [...cached, ...unknown('new', 1400)] }).then(
      (res) => res,
    );
    let pending = await pendingOfTeam();
    while (pending !== 28) {
      expect(pending === 0 || pending === 52).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 5));
      pending = await pendingOfTeam();
    }
    // 28 held and 32 asked: the day's 60 exactly. Held at 52, it would be refused.
    const teammate = await post(held, '/api/email-search', { emails: unknown('teammate', 1600) });
    expect(teammate.status).toBe(200);
    const res = await long;
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ unique: 2600, cached: 1200, sent: 1400, batches: 2, failed: 0 });
    expect(callsOf(await held.stats(), 'emailSearch')).toBe(4);
    expect(await pendingOfTeam()).toBe(0);
  });

  it('is looked up exactly when the whole list would not fit but its new addresses do', async () => {
    await held.resetStats();
    // 1,200 cached + 2,900 new: 82 credits for the list, 58 for what is new, 60 a day.
    const res = await post(held, '/api/email-search', { emails: [...unknown('fresh', 2900), ...cached] });
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ unique: 4100, cached: 1200, sent: 2900, batches: 3, failed: 0 });
    expect(callsOf(await held.stats(), 'emailSearch')).toBe(3);
    expect(await pendingOfTeam()).toBe(0);
  });

  it('refuses, sending nothing, when even its new addresses would not fit', async () => {
    await held.resetStats();
    const res = await post(held, '/api/email-search', { emails: [...cached, ...unknown('toomany', 3100)] });
    expect(res.status).toBe(402);
    expect(res.body.error.message).toContain('up to 62 credits');
    expect((await held.stats()).calls).toBe(0);
    expect(await pendingOfTeam()).toBe(0);
  });
});
