import type { LedgerEntryInput, SavingsInput } from '../../../../worker/src/store/ledger-repository';
import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { ManualClock } from './store-fixtures';

const entry = (overrides: Partial<LedgerEntryInput> = {}): LedgerEntryInput => ({
  userEmail: 'ana@team.com',
  operation: 'report',
  estimatedCredits: 1,
  actualCredits: 1,
  requestId: 'req-1',
  ...overrides,
});

describeEachEngine('ledger repository', (engine) => {
  let clock: ManualClock;
  let store: Store;

  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2025, 4, 14, 12, 0));
    store = await engine.open({ clock });
  });

  it('records one row per call with everything the Account view shows', async () => {
    const recorded = await store.ledger.record(
      entry({
        userEmail: 'Ana@Team.com',
        operation: 'emailSearch',
        estimatedCredits: 20,
        actualCredits: 4.36,
        cacheHits: 12,
        creditsSaved: 0.24,
        jobId: 'job_1',
        requestId: 'req-9',
      }),
    );

    expect(recorded).toEqual({
      id: expect.any(Number),
      at: clock.now(),
      userEmail: 'ana@team.com',
      operation: 'emailSearch',
      estimatedCredits: 20,
      actualCredits: 4.36,
      rawRequests: 0,
      cacheHits: 12,
      creditsSaved: 0.24,
      jobId: 'job_1',
      requestId: 'req-9',
      unconfirmed: false,
    });
    expect(await store.ledger.recent('ana@team.com')).toEqual([recorded]);
    expect(await store.ledger.ofJob('job_1')).toEqual([recorded]);
  });

  it('sums without float drift', async () => {
    for (let i = 0; i < 15; i += 1)
      await store.ledger.record(entry({ operation: 'search', actualCredits: 0.01 }));
    await store.ledger.record(entry({ actualCredits: 0.1 }));
    await store.ledger.record(entry({ actualCredits: 0.2 }));

    const spend = await store.ledger.spend({ period: 'day', email: 'ana@team.com' });
    expect(spend.credits).toBe(0.45);
    expect(spend.calls).toBe(17);
  });

  it('counts today and this month from UTC midnight and the first of the month', async () => {
    const at = (iso: string) => Date.parse(iso);
    await store.ledger.record(entry({ actualCredits: 1, at: at('2025-04-30T23:59:59.999Z') }));
    await store.ledger.record(entry({ actualCredits: 2, at: at('2025-05-01T00:00:00.000Z') }));
    await store.ledger.record(entry({ actualCredits: 4, at: at('2025-05-13T23:59:59.999Z') }));
    await store.ledger.record(entry({ actualCredits: 8, at: at('2025-05-14T00:00:00.000Z') }));
    await store.ledger.record(entry({ actualCredits: 16, userEmail: 'bob@team.com' }));

    expect((await store.ledger.spend({ period: 'day', email: 'ana@team.com' })).credits).toBe(8);
    expect((await store.ledger.spend({ period: 'month', email: 'ana@team.com' })).credits).toBe(14);
    expect((await store.ledger.spend({ period: 'day' })).credits).toBe(24);
    expect((await store.ledger.spend({ period: 'month' })).credits).toBe(30);
    const lastMonth = at('2025-04-30T12:00:00Z');
    expect((await store.ledger.spend({ period: 'month', now: lastMonth })).credits).toBe(1);
  });

  it('sums one request’s credits, its own person’s rows only, without float drift', async () => {
    for (let i = 0; i < 3; i += 1)
      await store.ledger.record(entry({ requestId: 'run-1', actualCredits: 0.1 }));
    await store.ledger.record(entry({ requestId: 'run-1', actualCredits: 0.2, userEmail: 'bob@team.com' }));
    await store.ledger.record(entry({ requestId: 'run-2', actualCredits: 5 }));

    expect(await store.ledger.creditsOfRequest('Ana@Team.com', 'run-1')).toBe(0.3);
    expect(await store.ledger.creditsOfRequest('bob@team.com', 'run-1')).toBe(0.2);
    expect(await store.ledger.creditsOfRequest('ana@team.com', 'run-3')).toBe(0);
  });

  it('reports nothing spent as zeros', async () => {
    expect(await store.ledger.spend({ period: 'month', email: 'new@team.com' })).toEqual({
      credits: 0,
      calls: 0,
      rawRequests: 0,
      cacheHits: 0,
      creditsSaved: 0,
    });
  });

  it('lists a user’s recent rows newest first, up to a limit', async () => {
    for (let i = 0; i < 5; i += 1) {
      await store.ledger.record(entry({ requestId: `req-${i}` }));
      clock.advance(1000);
    }
    await store.ledger.record(entry({ userEmail: 'bob@team.com', requestId: 'bob' }));

    const recent = await store.ledger.recent('ana@team.com', 3);
    expect(recent.map((row) => row.requestId)).toEqual(['req-4', 'req-3', 'req-2']);
  });

  it('groups the team’s usage by user, biggest spender first', async () => {
    await store.ledger.record(
      entry({ userEmail: 'ana@team.com', actualCredits: 1, cacheHits: 3, creditsSaved: 3 }),
    );
    await store.ledger.record(entry({ userEmail: 'bob@team.com', actualCredits: 5 }));
    await store.ledger.record(entry({ userEmail: 'ana@team.com', actualCredits: 2 }));
    await store.ledger.record(
      entry({ userEmail: 'cy@team.com', operation: 'rawIgUserInfo', actualCredits: 0, rawRequests: 1 }),
    );

    expect(await store.ledger.usageByUser('day')).toEqual([
      { email: 'bob@team.com', credits: 5, calls: 1, rawRequests: 0, cacheHits: 0, creditsSaved: 0 },
      { email: 'ana@team.com', credits: 3, calls: 2, rawRequests: 0, cacheHits: 3, creditsSaved: 3 },
      { email: 'cy@team.com', credits: 0, calls: 1, rawRequests: 1, cacheHits: 0, creditsSaved: 0 },
    ]);
  });

  it('sums per UTC day and operation, one person or the team, newest day first, within the window', async () => {
    const day = 24 * 60 * 60 * 1000;
    const today = Date.UTC(2025, 4, 14);
    await store.ledger.record(entry({ at: today + 1, actualCredits: 1 }));
    await store.ledger.record(entry({ at: today + day - 1, actualCredits: 0.1 }));
    await store.ledger.record(entry({ at: today + 5, operation: 'search', actualCredits: 0.2 }));
    await store.ledger.record(entry({ at: today - 1, actualCredits: 2 }));
    await store.ledger.record(
      entry({ at: today - day, operation: 'rawIgUserFeed', actualCredits: 0, rawRequests: 3 }),
    );
    await store.ledger.record(entry({ at: today + 2, userEmail: 'bob@team.com', actualCredits: 7 }));
    // Outside the window asked for: the day before and the day after.
    await store.ledger.record(entry({ at: today - day - 1, actualCredits: 50 }));
    await store.ledger.record(entry({ at: today + day, actualCredits: 50 }));

    const window = { from: today - day, to: today + day };
    const zero = { cacheHits: 0, creditsSaved: 0 };
    expect(await store.ledger.spendByDayAndOperation({ ...window, email: 'Ana@Team.com' })).toEqual([
      { dayStart: today, operation: 'report', credits: 1.1, calls: 2, rawRequests: 0, ...zero },
      { dayStart: today, operation: 'search', credits: 0.2, calls: 1, rawRequests: 0, ...zero },
      { dayStart: today - day, operation: 'rawIgUserFeed', credits: 0, calls: 1, rawRequests: 3, ...zero },
      { dayStart: today - day, operation: 'report', credits: 2, calls: 1, rawRequests: 0, ...zero },
    ]);
    const team = await store.ledger.spendByDayAndOperation(window);
    expect(team[0]).toEqual({
      dayStart: today,
      operation: 'report',
      credits: 8.1,
      calls: 3,
      rawRequests: 0,
      ...zero,
    });
    expect(team).toHaveLength(4);
  });

  it('refuses negative or non-numeric amounts with a readable reason', async () => {
    await expect(store.ledger.record(entry({ actualCredits: -1 }))).rejects.toThrow(
      'actualCredits must be a number of 0 or more, got -1',
    );
    await expect(store.ledger.record(entry({ cacheHits: 1.5 }))).rejects.toThrow(
      'cacheHits must be a whole number of 0 or more, got 1.5',
    );
    expect((await store.ledger.spend({ period: 'day' })).calls).toBe(0);
  });
});

describeEachEngine('ledger repository: savings summed in memory', (engine) => {
  let clock: ManualClock;
  let store: Store;
  const saved = (overrides: Partial<SavingsInput> = {}): SavingsInput => ({
    userEmail: 'ana@team.com',
    operation: 'report',
    cacheHits: 1,
    creditsSaved: 1,
    requestId: 'req-1',
    ...overrides,
  });
  /** Rows in the database, read by a second connection: reading through the repository would write first. */
  const rowsOnDisk = async (): Promise<number> => {
    const [row] = await engine.rows<{ n: number | string }>('SELECT COUNT(*) AS n FROM ledger');
    return Number(row?.n ?? -1);
  };

  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2025, 4, 14, 12, 0));
    store = await engine.open({ clock });
    // Timers only: a database client's I/O goes on through the ticks and immediates left real.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('writes one row per user and operation for many cached answers, seen by every read at once', async () => {
    for (let i = 0; i < 100; i += 1) {
      store.ledger.addSavings(saved({ requestId: `req-${i}`, creditsSaved: 0.02 }));
      clock.advance(10);
    }
    store.ledger.addSavings(saved({ userEmail: 'Bob@Team.com', operation: 'emailSearch', requestId: 'b' }));
    expect(await rowsOnDisk()).toBe(0);

    expect(await store.ledger.spend({ period: 'day', email: 'ana@team.com' })).toEqual({
      credits: 0,
      calls: 1,
      rawRequests: 0,
      cacheHits: 100,
      creditsSaved: 2,
    });
    expect(await rowsOnDisk()).toBe(2);
    const [row] = await store.ledger.recent('ana@team.com');
    expect(row).toMatchObject({
      operation: 'report',
      estimatedCredits: 0,
      actualCredits: 0,
      cacheHits: 100,
      requestId: 'req-0 +99',
      at: clock.now() - 10,
    });
    expect((await store.ledger.usageByUser('day')).map((user) => [user.email, user.cacheHits])).toEqual([
      ['ana@team.com', 100],
      ['bob@team.com', 1],
    ]);
  });

  it('writes them on its own within a second, one row for one request adding twice', async () => {
    store.ledger.addSavings(saved({ requestId: 'a' }));
    store.ledger.addSavings(saved({ requestId: 'a', cacheHits: 2 }));

    jest.advanceTimersByTime(999);
    expect(await rowsOnDisk()).toBe(0);
    jest.advanceTimersByTime(1);
    // The write it started, seen from beside the store (on Postgres it takes a round trip or two).
    expect(await eventually(rowsOnDisk, (rows) => rows === 1)).toBe(1);
    expect((await store.ledger.recent('ana@team.com'))[0]).toMatchObject({ cacheHits: 3, requestId: 'a' });
  });

  it('keeps UTC days and jobs apart, so day and month totals stay exact', async () => {
    clock.set(Date.parse('2025-05-14T23:59:59.900Z'));
    store.ledger.addSavings(saved({ requestId: 'late' }));
    clock.set(Date.parse('2025-05-15T00:00:00.100Z'));
    store.ledger.addSavings(saved({ requestId: 'early', cacheHits: 2 }));
    store.ledger.addSavings(saved({ requestId: 'job', cacheHits: 4, jobId: 'job_1' }));

    expect((await store.ledger.spend({ period: 'day', email: 'ana@team.com' })).cacheHits).toBe(6);
    expect((await store.ledger.spend({ period: 'month', email: 'ana@team.com' })).cacheHits).toBe(7);
    expect((await store.ledger.ofJob('job_1')).map((row) => row.cacheHits)).toEqual([4]);
  });

  it('writes what is still summed when the store closes', async () => {
    store.ledger.addSavings(saved({ cacheHits: 5 }));
    await store.close();

    store = await engine.open({ clock });
    expect((await store.ledger.spend({ period: 'day' })).cacheHits).toBe(5);
  });

  it('ignores nothing saved and refuses amounts that are not whole or not credits', async () => {
    store.ledger.addSavings(saved({ cacheHits: 0, creditsSaved: 0 }));
    await store.ledger.flushSavings();
    expect(await rowsOnDisk()).toBe(0);
    expect(() => store.ledger.addSavings(saved({ cacheHits: -1 }))).toThrow(
      'cacheHits must be a whole number of 0 or more, got -1',
    );
    expect(() => store.ledger.addSavings(saved({ creditsSaved: Number.NaN }))).toThrow('creditsSaved');
  });
});

describeEachEngine('ledger rows of a document key (issue 13)', (engine) => {
  it('keeps the spreadsheet whose formulas spent, beside the person who connected it', async () => {
    const store = await engine.open({ clock: new ManualClock(Date.UTC(2025, 4, 14, 12, 0)) });
    await store.ledger.record(entry({ documentId: 'sheet-abc-0123456789' }));
    await store.ledger.record(entry({ requestId: 'req-2' }));
    expect(await engine.rows('SELECT user_email, document_id FROM ledger ORDER BY id')).toEqual([
      { user_email: 'ana@team.com', document_id: 'sheet-abc-0123456789' },
      { user_email: 'ana@team.com', document_id: null },
    ]);
  });
});

/**
 * `read` again until `done` says yes (at most 200 reads; the clock is fake here): for a write the
 * store started in the background, which on Postgres lands a round trip or two later.
 */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    const value = await read();
    if (done(value) || tries >= 200) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
