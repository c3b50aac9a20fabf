import { BudgetExceededError } from '../../../../worker/src/request-io/budget-exceeded-error';
import {
  createBudgetGuard,
  type BudgetDefaults,
  type BudgetGuard,
} from '../../../../worker/src/budgets/budget-guard';
import { createFormulaAllowances } from '../../../../worker/src/budgets/formula-allowance';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { ManualClock } from '../store/store-fixtures';

const ana = { email: 'ana@team.com' };
const bob = { email: 'bob@team.com' };

describe('budget guard', () => {
  let clock: ManualClock;
  let store: Store;

  beforeEach(() => {
    clock = new ManualClock(Date.UTC(2025, 4, 14, 10, 0));
    store = openStore({ memory: true, clock });
  });
  afterEach(() => store.close());

  const guardWith = (defaults?: BudgetDefaults): BudgetGuard =>
    createBudgetGuard({ budgets: store.budgets, ledger: store.ledger, clock, defaults });

  const spend = (who: { email: string }, credits: number, at = clock.now()) =>
    store.ledger.record({
      userEmail: who.email,
      operation: 'report',
      estimatedCredits: credits,
      actualCredits: credits,
      requestId: 'r',
      at,
    });

  async function refusal(
    guard: BudgetGuard,
    who: { email: string },
    estimate: number,
  ): Promise<BudgetExceededError> {
    const error: unknown = await guard.check(who, estimate).then(
      () => new Error('the estimate was allowed'),
      (reason: unknown) => reason,
    );
    if (!(error instanceof BudgetExceededError)) throw error;
    return error;
  }

  it('allows anything when no budget is set', async () => {
    await spend(ana, 1_000_000);
    await expect(guardWith().check(ana, 1_000_000)).resolves.toBeUndefined();
  });

  it('says the day is used up once the daily budget is reached', async () => {
    const guard = guardWith({ user: { day: 50 } });
    await spend(ana, 50);

    const error = await refusal(guard, ana, 1);
    expect(error.message).toBe('Budget for today reached (50 credits)');
    expect(error).toMatchObject({
      status: 402,
      code: 'budget_exceeded',
      scope: 'user',
      period: 'day',
      limit: 50,
      left: 0,
      resetsAt: Date.UTC(2025, 4, 15),
    });
  });

  it('says how much is left when the estimate is more than that', async () => {
    const guard = guardWith({ user: { day: 50 } });
    await spend(ana, 46.8);

    const error = await refusal(guard, ana, 12.5);
    expect(error.message).toBe(
      'This would cost up to 12.5 credits, more than the 3.2 left of your budget for today',
    );
  });

  it('allows an estimate of exactly what is left, and refuses a thousandth more', async () => {
    const guard = guardWith({ user: { day: 1 } });
    await spend(ana, 0.7);
    await spend(ana, 0.1);

    await expect(guard.check(ana, 0.2)).resolves.toBeUndefined();
    expect((await refusal(guard, ana, 0.201)).message).toBe(
      'This would cost up to 0.201 credits, more than the 0.2 left of your budget for today',
    );
  });

  it('never refuses a free call, even past the budget', async () => {
    const guard = guardWith({ user: { day: 5 } });
    await spend(ana, 5);
    await expect(guard.check(ana, 0)).resolves.toBeUndefined();
    await expect(guard.check(ana, { credits: 0, rawRequests: 1 })).resolves.toBeUndefined();
  });

  it('starts a new day at UTC midnight and a new month on the first', async () => {
    const guard = guardWith({ user: { day: 10, month: 25 } });
    await spend(ana, 10, Date.UTC(2025, 4, 13, 23, 59));
    await spend(ana, 10, Date.UTC(2025, 4, 1, 0, 0));

    await expect(guard.check(ana, 5)).resolves.toBeUndefined();
    expect((await refusal(guard, ana, 6)).message).toBe(
      'This would cost up to 6 credits, more than the 5 left of your budget for this month',
    );

    clock.set(Date.UTC(2025, 5, 1, 0, 0));
    await expect(guard.check(ana, 10)).resolves.toBeUndefined();
  });

  it("counts everyone's spend against the team budget", async () => {
    const guard = guardWith({ user: { day: 100 }, team: { day: 30, month: 40 } });
    await spend(bob, 25);
    expect((await refusal(guard, ana, 6)).message).toBe(
      "This would cost up to 6 credits, more than the 5 left of the team's budget for today",
    );
    await spend(ana, 5);
    const reached = await refusal(guard, ana, 1);
    expect(reached.message).toBe('Team budget for today reached (30 credits)');
    expect(reached.scope).toBe('team');

    clock.advance(24 * 60 * 60 * 1000);
    expect((await refusal(guard, bob, 11)).message).toBe(
      "This would cost up to 11 credits, more than the 10 left of the team's budget for this month",
    );
  });

  it("follows an admin's override over the default: a number, unlimited, or back to the default", async () => {
    const guard = guardWith({ user: { day: 10 } });
    await spend(ana, 10);
    await store.budgets.set({ scope: 'user', email: 'ana@team.com' }, 'day', 20, 'boss@team.com');
    await expect(guard.check(ana, 10)).resolves.toBeUndefined();
    expect((await refusal(guard, bob, 11)).message).toBe(
      'This would cost up to 11 credits, more than the 10 left of your budget for today',
    );

    await store.budgets.set({ scope: 'user', email: 'ana@team.com' }, 'day', null, 'boss@team.com');
    await expect(guard.check(ana, 1000)).resolves.toBeUndefined();
    expect(await guard.limits('ANA@team.com')).toEqual({
      user: { day: null, month: null },
      team: { day: null, month: null },
      userRaw: { day: null, month: null },
      teamRaw: { day: null, month: null },
    });

    await store.budgets.clear({ scope: 'user', email: 'ana@team.com' }, 'day');
    expect((await refusal(guard, ana, 1)).message).toBe('Budget for today reached (10 credits)');
  });

  it('holds the estimate of a call under way, so two calls at once cannot both take the last credits', async () => {
    const guard = guardWith({ user: { day: 10 } });
    const first = await guard.reserve(ana, 6);
    expect((await refusal(guard, ana, 6)).message).toBe(
      'This would cost up to 6 credits, more than the 4 left of your budget for today',
    );
    await expect(guard.check(bob, 6)).resolves.toBeUndefined();

    const entry = await first.record({ operation: 'emailSearch', actual: 2.5, requestId: 'req-1' });
    expect(entry).toMatchObject({ userEmail: 'ana@team.com', estimatedCredits: 6, actualCredits: 2.5 });
    await expect(guard.check(ana, 7.5)).resolves.toBeUndefined();

    const second = await guard.reserve(ana, 7.5);
    second.release();
    second.release();
    await expect(guard.check(ana, 7.5)).resolves.toBeUndefined();
  });

  it('lets 10 of 20 parallel one-credit holds through against a 10-credit budget', async () => {
    const guard = guardWith({ user: { day: 10 } });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        guard.reserve(ana, 1).then(
          () => 'held',
          (error: unknown) => (error instanceof BudgetExceededError ? 'refused' : error),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'held')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(10);
    expect((await guard.status(ana.email)).user.day).toMatchObject({ pending: 10, left: 0 });
  });

  it('reports each budget with what is spent, held and left', async () => {
    const guard = guardWith({ user: { day: 10 }, team: { month: 100 } });
    await spend(ana, 4);
    await spend(bob, 30);
    await guard.reserve(ana, 1.5);

    const status = await guard.status('ana@team.com');
    expect(status.user.day).toEqual({
      limit: 10,
      spent: 4,
      pending: 1.5,
      left: 4.5,
      resetsAt: Date.UTC(2025, 4, 15),
    });
    expect(status.user.month).toMatchObject({ limit: null, left: null });
    expect(status.team.month).toEqual({
      limit: 100,
      spent: 34,
      pending: 1.5,
      left: 64.5,
      resetsAt: Date.UTC(2025, 5, 1),
    });
  });

  it('records the actual cost, raw requests and cache savings in the ledger', async () => {
    const guard = guardWith();
    const entry = await guard.record({
      identity: ana,
      operation: 'rawIgUserInfo',
      estimated: { credits: 0, rawRequests: 1 },
      actual: { credits: 0, rawRequests: 1 },
      requestId: 'req-raw',
    });
    await guard.record({
      identity: ana,
      operation: 'emailSearch',
      estimated: 20,
      actual: 4,
      cacheHits: 300,
      creditsSaved: 6,
      jobId: 'job_1',
      requestId: 'req-2',
    });

    expect(entry).toMatchObject({ rawRequests: 1, actualCredits: 0 });
    expect(await store.ledger.spend({ period: 'day', email: 'ana@team.com' })).toEqual({
      credits: 4,
      calls: 2,
      rawRequests: 1,
      cacheHits: 300,
      creditsSaved: 6,
    });
  });

  describe('raw requests', () => {
    const raw = (units: number) => ({ credits: 0, rawRequests: units });
    const spendRaw = (who: { email: string }, units: number) =>
      store.ledger.record({
        userEmail: who.email,
        operation: 'rawIgUserFeed',
        estimatedCredits: 0,
        actualCredits: 0,
        rawRequests: units,
        requestId: 'r',
      });

    it('a raw budget of 0 stops raw requests, whatever the credit budgets say', async () => {
      const guard = guardWith({ user: { day: 100 }, userRaw: { day: 0 } });
      const refused = await guard.reserve(ana, raw(1)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BudgetExceededError);
      expect(refused).toMatchObject({ unit: 'rawRequests', scope: 'user', period: 'day' });
      expect((refused as Error).message).toBe('Raw request budget for today reached (0 raw requests)');
      // Credits are another budget.
      await expect(guard.check(ana, 5)).resolves.toBeUndefined();
    });

    it('counts what the ledger spent and what calls under way hold, per user and for the team', async () => {
      const guard = guardWith({ userRaw: { day: 20 }, teamRaw: { month: 25 } });
      await spendRaw(ana, 15);
      const held = await guard.reserve(ana, raw(4));
      const over = await guard.reserve(ana, raw(2)).catch((error: unknown) => error);
      expect((over as Error).message).toBe(
        'This would use up to 2 raw requests, more than the 1 left of your raw request budget for today',
      );
      const team = await guard.reserve(bob, raw(7)).catch((error: unknown) => error);
      expect((team as Error).message).toBe(
        "This would use up to 7 raw requests, more than the 6 left of the team's raw request budget for this month",
      );
      const status = await guard.status(ana.email);
      expect(status.userRaw.day).toMatchObject({ limit: 20, spent: 15, pending: 4, left: 1 });
      expect(status.teamRaw.month).toMatchObject({ limit: 25, spent: 15, pending: 4, left: 6 });
      held.release();
      expect((await guard.status(ana.email)).userRaw.day).toMatchObject({ pending: 0, left: 5 });
    });
  });
});

describe('a document key and its formula allowance', () => {
  const DOC = 'doc_guard_1234567890';
  const formulas = { email: 'ana@team.com', documentId: DOC };
  let clock: ManualClock;
  let store: Store;
  let guard: BudgetGuard;

  beforeEach(() => {
    clock = new ManualClock(Date.UTC(2025, 4, 14, 10, 0));
    store = openStore({ memory: true, clock });
    guard = createBudgetGuard({
      budgets: store.budgets,
      ledger: store.ledger,
      clock,
      allowances: createFormulaAllowances({ repository: store.formulaAllowances, defaultPerDay: 5 }),
    });
  });
  afterEach(() => store.close());

  it('lets two formulas at once hold no more than the allowance between them', async () => {
    const first = await guard.reserve(formulas, 3);
    await expect(guard.reserve(formulas, 3)).rejects.toMatchObject({ scope: 'document', left: 2 });
    // The person's own key is not held to the document's allowance.
    await expect(guard.check({ email: 'ana@team.com' }, 3)).resolves.toBeUndefined();
    expect(await guard.documentStatus(DOC)).toMatchObject({ spent: 0, pending: 3, left: 2 });
    first.release();
    expect(await guard.documentStatus(DOC)).toMatchObject({ pending: 0, left: 5 });
  });

  it('counts what the document spent today, approvals on top, and starts afresh at UTC midnight', async () => {
    await store.ledger.record({
      userEmail: 'ana@team.com',
      operation: 'report',
      estimatedCredits: 4,
      actualCredits: 4,
      documentId: DOC,
      requestId: 'r1',
    });
    await expect(guard.check(formulas, 2)).rejects.toMatchObject({ scope: 'document', period: 'day' });
    await store.formulaAllowances.approve(DOC, 1, 'ana@team.com');
    await expect(guard.check(formulas, 2)).resolves.toBeUndefined();
    expect(await guard.documentStatus(DOC)).toMatchObject({
      allowance: { perDay: 5, isDefault: true, approved: 1, cap: 6 },
      spent: 4,
      left: 2,
    });

    clock.set(Date.UTC(2025, 4, 15, 0, 0));
    expect(await guard.documentStatus(DOC)).toMatchObject({
      allowance: { approved: 0, cap: 5 },
      spent: 0,
      left: 5,
    });
  });

  it('never refuses what costs nothing, and has no cap once the document says so', async () => {
    await store.formulaAllowances.set(DOC, 0, 'ana@team.com');
    await expect(guard.check(formulas, 0)).resolves.toBeUndefined();
    await expect(guard.check(formulas, 0.02)).rejects.toMatchObject({ scope: 'document' });
    await store.formulaAllowances.set(DOC, null, 'ana@team.com');
    await expect(guard.check(formulas, 500)).resolves.toBeUndefined();
  });
});
