import { createPaidCalls, type PaidCalls } from '../../../../worker/src/billing/paid-call';
import { BudgetExceededError } from '../../../../worker/src/request-io/budget-exceeded-error';
import { createBudgetGuard, type BudgetGuard } from '../../../../worker/src/budgets/budget-guard';
import { createLogger } from '../../../../worker/src/logging/logger';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { UpstreamError } from '../../../../worker/src/upstream/upstream-error';
import { actualCredits, estimateCredits } from '../../../../shared/pricing';
import { ManualClock } from '../store/store-fixtures';

const ana = { email: 'ana@team.com' };
const context = { identity: ana, requestId: 'req-1' };
const report = { platform: 'instagram' as const, userId: 'someone' };

let store: Store;
let guard: BudgetGuard;
let paid: PaidCalls;
let logs: string[];

beforeEach(() => {
  const clock = new ManualClock();
  store = openStore({ memory: true, clock });
  guard = createBudgetGuard({
    budgets: store.budgets,
    ledger: store.ledger,
    clock,
    defaults: { user: { day: 3 } },
  });
  logs = [];
  paid = createPaidCalls({
    guard,
    logger: createLogger({ destination: { write: (line: string) => logs.push(line) } }),
    unreadableAnswers: store.unreadableAnswers,
    journal: store.paidCalls,
    clock,
  });
});
afterEach(() => store.close());

describe('paid calls', () => {
  it('records a successful call with its estimate, actual cost, request and job', async () => {
    const result = await paid.run(
      { ...context, jobId: 'job-7' },
      {
        operation: 'emailSearch',
        estimate: estimateCredits('emailSearch', { emails: ['a@x.org', 'b@x.org'] }),
        call: async () => ({ matched: 1 }),
        actual: (answer) => actualCredits('emailSearch', { emails: ['a@x.org', 'b@x.org'] }, answer.matched),
      },
    );

    expect(result).toEqual({ matched: 1 });
    const [row] = await store.ledger.recent(ana.email);
    expect(row).toMatchObject({
      operation: 'emailSearch',
      estimatedCredits: 0.04,
      actualCredits: 0.02,
      requestId: 'req-1',
      jobId: 'job-7',
    });
    expect((await guard.status(ana.email)).user.day).toMatchObject({ spent: 0.02, pending: 0 });
  });

  it('refuses before calling when the budget would be passed', async () => {
    const call = jest.fn(async () => 'never');
    await paid.run(context, {
      operation: 'report',
      estimate: estimateCredits('report', report),
      call,
      actual: () => actualCredits('report', report),
    });
    await paid.run(context, {
      operation: 'report',
      estimate: estimateCredits('report', report),
      call,
      actual: () => actualCredits('report', report),
    });
    call.mockClear();

    const two = { credits: 2, rawRequests: 0 };
    await expect(
      paid.run(context, { operation: 'report', estimate: two, call, actual: () => two }),
    ).rejects.toThrow(BudgetExceededError);
    expect(call).not.toHaveBeenCalled();
  });

  it('records nothing for a failed call and lets go of the credits it held', async () => {
    const failure = new UpstreamError({ status: 500, code: 'internal_server_error', message: 'down' });
    await expect(
      paid.run(context, {
        operation: 'report',
        estimate: estimateCredits('report', report),
        call: () => Promise.reject(failure),
        actual: () => actualCredits('report', report),
      }),
    ).rejects.toBe(failure);

    expect(await store.ledger.recent(ana.email)).toEqual([]);
    expect((await guard.status(ana.email)).user.day).toMatchObject({ spent: 0, pending: 0 });
  });

  it('holds one reservation for several calls, each with its own ledger row', async () => {
    const budget = await paid.reserve(context, { credits: 3, rawRequests: 0 });
    expect((await guard.status(ana.email)).user.day.pending).toBe(3);
    // A second request cannot spend what the first holds.
    await expect(
      paid.reserve({ ...context, requestId: 'req-2' }, { credits: 1, rawRequests: 0 }),
    ).rejects.toThrow(BudgetExceededError);

    for (const userId of ['a', 'b']) {
      await budget.run({
        operation: 'report',
        estimate: estimateCredits('report', { platform: 'tiktok', userId }),
        call: async () => userId,
        actual: () => actualCredits('report', { platform: 'tiktok', userId }),
      });
    }
    budget.release();
    budget.release();

    expect(await store.ledger.recent(ana.email)).toHaveLength(2);
    expect((await guard.status(ana.email)).user.day).toMatchObject({ spent: 2, pending: 0, left: 1 });
  });

  it('records cache hits as credits saved, and nothing when there were none', async () => {
    await paid.recordSavings(context, 'report', { cacheHits: 0, creditsSaved: 0 });
    expect(await store.ledger.recent(ana.email)).toEqual([]);

    await paid.recordSavings(context, 'report', { cacheHits: 4, creditsSaved: 4 });
    const [row] = await store.ledger.recent(ana.email);
    expect(row).toMatchObject({ estimatedCredits: 0, actualCredits: 0, cacheHits: 4, creditsSaved: 4 });
    expect((await store.ledger.spend({ period: 'day', email: ana.email })).credits).toBe(0);
  });

  it('sums the savings of many cached answers into one row, without failing an answer over it', async () => {
    for (let i = 0; i < 50; i += 1)
      await paid.recordSavings({ ...context, requestId: `req-${i}` }, 'report', {
        cacheHits: 1,
        creditsSaved: 1,
      });
    await paid.recordSavings(context, 'report', { cacheHits: 1, creditsSaved: Number.NaN });

    const rows = await store.ledger.recent(ana.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cacheHits: 50, creditsSaved: 50, requestId: 'req-0 +49' });
    expect(logs.join('')).toContain('cache savings could not be recorded');
  });

  it('returns a paid answer even when the ledger cannot take its row, and says so in the log', async () => {
    store.close();
    const answer = await paid.run(context, {
      operation: 'userInfo',
      estimate: { credits: 0, rawRequests: 0 },
      call: async () => 'data',
      actual: () => ({ credits: 0, rawRequests: 0 }),
    });
    expect(answer).toBe('data');
    expect(logs.join('')).toContain('a paid call could not be recorded in the ledger');
    store = openStore({ memory: true });
  });
});

describe('a paid 2xx this version could not read', () => {
  /** What the request core throws for such an answer: the body travels with the error. */
  const unreadable = (json: unknown, text = JSON.stringify(json)) =>
    new UpstreamError({
      status: 200,
      code: 'unreadable_answer',
      message:
        'the Discovery API answered search in a shape this version could not read (directs: Invalid input)',
      attempts: 1,
      answer: { status: 200, text, json, problems: ['directs: Invalid input'] },
    });
  const page = { platform: 'instagram' as const, filter: { followers: { min: 1000 } } };

  it('is billed and recorded once, counted from its body, kept for an admin, and returned as a marker', async () => {
    const body = { error: false, directs: { a: 1 }, lookalikes: [{}, {}, {}] };
    const result = await paid.run(context, {
      operation: 'search',
      estimate: estimateCredits('search', page),
      call: async () => {
        throw unreadable(body);
      },
      actual: () => actualCredits('search', page, 15),
    });

    expect(result).toMatchObject({ unreadable: true, operation: 'search', credits: 0.03, rawRequests: 0 });
    const rows = await store.ledger.recent(ana.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operation: 'search', estimatedCredits: 0.15, actualCredits: 0.03 });
    const kept = await store.unreadableAnswers.get((result as { answerId: string }).answerId);
    expect(kept).toMatchObject({ operation: 'search', status: 200, credits: 0.03, userEmail: ana.email });
    expect(JSON.parse(kept?.body ?? '')).toEqual(body);
    expect(logs.join('')).toContain('a paid answer could not be read');
  });

  it('is recorded at its estimate (the most it could cost) when its body cannot be counted', async () => {
    const result = await paid.run(context, {
      operation: 'report',
      estimate: estimateCredits('report', report),
      call: async () => {
        throw unreadable(undefined, '<html>oops</html>');
      },
      actual: () => actualCredits('report', report),
    });
    expect(result).toMatchObject({ unreadable: true, credits: 1 });
    expect((await guard.status(ana.email)).user.day).toMatchObject({ spent: 1, pending: 0 });
  });

  it('keeps no submitted e-mail address in plain text, and no more than the kept size', async () => {
    const emails = { emails: ['Jane.Doe@Example.com'] };
    const text = JSON.stringify({ matched: ['Jane.Doe@Example.com'], pad: 'x'.repeat(70_000) });
    const result = await paid.run(context, {
      operation: 'emailSearch',
      estimate: estimateCredits('emailSearch', emails),
      call: async () => {
        throw unreadable(JSON.parse(text), text);
      },
      actual: () => actualCredits('emailSearch', emails, 1),
    });
    const kept = await store.unreadableAnswers.get((result as { answerId: string }).answerId);
    expect(kept?.body).not.toMatch(/jane/i);
    expect(kept?.body).toContain(`[e-mail ${store.emailCacheKey('jane.doe@example.com').slice(0, 12)}]`);
    expect(kept).toMatchObject({ truncated: true, bodyChars: text.length });
    expect(kept?.body.length).toBe(64 * 1024);
  });

  it('other failures are thrown and cost nothing', async () => {
    await expect(
      paid.run(context, {
        operation: 'report',
        estimate: estimateCredits('report', report),
        call: async () => {
          throw new UpstreamError({ status: 200, code: 'handle_not_found', message: 'No such handle' });
        },
        actual: () => actualCredits('report', report),
      }),
    ).rejects.toMatchObject({ code: 'handle_not_found' });
    expect(await store.ledger.recent(ana.email)).toEqual([]);
    expect(await store.unreadableAnswers.list()).toEqual([]);
  });
});

describe('holds that cover every paid call', () => {
  it('a call the reservation did not count holds the difference first, and is refused when the budget cannot', async () => {
    // The budget is 3 credits a day (beforeEach). A request reserves for 1 report, then makes 4:
    // as when the creators another request was fetching come back to it after that fetch failed.
    const calls: string[] = [];
    const spec = (name: string) => ({
      operation: 'report' as const,
      estimate: estimateCredits('report', report),
      call: async () => {
        calls.push(name);
        return name;
      },
      actual: () => actualCredits('report', report),
    });
    const budget = await paid.reserve(context, estimateCredits('report', report));
    try {
      await expect(budget.run(spec('first'))).resolves.toBe('first');
      await expect(budget.run(spec('second'))).resolves.toBe('second');
      await expect(budget.run(spec('third'))).resolves.toBe('third');
      await expect(budget.run(spec('fourth'))).rejects.toThrow(BudgetExceededError);
      expect(budget.credits).toBe(3);
    } finally {
      budget.release();
    }
    expect(calls).toEqual(['first', 'second', 'third']);
    expect((await guard.status(ana.email)).user.day).toMatchObject({ spent: 3, pending: 0, left: 0 });
  });

  it('raw requests are held like credits', async () => {
    const rawGuard = createBudgetGuard({
      budgets: store.budgets,
      ledger: store.ledger,
      clock: new ManualClock(),
      defaults: { userRaw: { day: 2 } },
    });
    const rawPaid = createPaidCalls({
      guard: rawGuard,
      logger: createLogger({ destination: { write: () => undefined } }),
      unreadableAnswers: store.unreadableAnswers,
      journal: store.paidCalls,
      clock: new ManualClock(),
    });
    const one = { credits: 0, rawRequests: 1 };
    const spec = {
      operation: 'rawIgUserFeed' as const,
      estimate: one,
      call: async () => 'page',
      actual: () => one,
    };
    await rawPaid.run(context, spec);
    await rawPaid.run(context, spec);
    await expect(rawPaid.run(context, spec)).rejects.toMatchObject({
      code: 'budget_exceeded',
      unit: 'rawRequests',
    });
  });
});
