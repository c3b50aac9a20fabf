import pino from 'pino';
import { BudgetExceededError } from '../../../../worker/src/request-io/budget-exceeded-error';
import { createBudgetGuard, type BudgetGuard } from '../../../../worker/src/budgets/budget-guard';
import { createBatchBilling } from '../../../../worker/src/jobs/job-batch-billing';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { UpstreamError } from '../../../../worker/src/upstream/upstream-error';

const identity = { email: 'ana@team.com' };
const context = { identity, requestId: 'job:job_1', jobId: 'job_1' };
const charge = (credits: number) => ({ credits, rawRequests: 0 });

describe('the paid calls of a job batch', () => {
  let store: Store;
  let guard: BudgetGuard;
  beforeEach(() => {
    store = openStore({ memory: true });
    guard = createBudgetGuard({
      budgets: store.budgets,
      ledger: store.ledger,
      clock: { now: () => Date.now() },
      defaults: { user: { day: 10 } },
    });
  });
  afterEach(() => store.close());

  const billingWith = () =>
    createBatchBilling({
      guard,
      context,
      requestId: 'job:job_1#0.run',
      logger: pino({ level: 'silent' }),
      unreadableAnswers: store.unreadableAnswers,
      journal: store.paidCalls,
      clock: { now: () => Date.now() },
    });

  it('adds the calls up for the commit, writing nothing to the ledger itself, and holds the budget until released', async () => {
    const billing = billingWith();
    const budget = await billing.paid.reserve(context, charge(6));
    let calls = 0;
    for (const actual of [1, 0.5]) {
      await budget.run({
        operation: 'report',
        estimate: charge(1),
        call: async () => (calls += 1),
        actual: () => charge(actual),
      });
    }
    await billing.paid.recordSavings(context, 'report', { cacheHits: 3, creditsSaved: 3 });
    budget.release(); // the operation is done with it; the batch is not committed yet

    expect(billing.ledgerRows()).toEqual([
      {
        operation: 'report',
        estimatedCredits: 2,
        actualCredits: 1.5,
        rawRequests: 0,
        cacheHits: 3,
        creditsSaved: 3,
        requestId: 'job:job_1#0.run',
      },
    ]);
    expect(await store.ledger.ofJob('job_1')).toEqual([]);
    expect((await guard.status(identity.email)).user.day.pending).toBe(6);

    await expect(
      billing.paid.run(context, {
        operation: 'report',
        estimate: charge(5),
        call: async () => (calls += 1),
        actual: () => charge(5),
      }),
    ).rejects.toBeInstanceOf(BudgetExceededError);
    expect(calls).toBe(2);

    billing.release();
    expect((await guard.status(identity.email)).user.day.pending).toBe(0);
  });

  it('writes what a batch paid straight to the ledger when the batch will not commit', async () => {
    const billing = billingWith();
    await billing.paid.run(context, {
      operation: 'report',
      estimate: charge(1),
      call: async () => 'answer',
      actual: () => charge(1),
    });
    await billing.recordUncommitted();
    billing.release();

    const ledger = await store.ledger.ofJob('job_1');
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      userEmail: 'ana@team.com',
      actualCredits: 1,
      requestId: 'job:job_1#0.run',
    });
    expect((await guard.status(identity.email)).user.day).toMatchObject({ spent: 1, pending: 0 });
  });

  it('bills nothing for a call that failed', async () => {
    const billing = billingWith();
    await expect(
      billing.paid.run(context, {
        operation: 'report',
        estimate: charge(1),
        call: async () => {
          throw new Error('upstream down');
        },
        actual: () => charge(1),
      }),
    ).rejects.toThrow('upstream down');
    expect(billing.ledgerRows()).toEqual([]);
    billing.release();
  });

  it('tallies a billed answer it could not read like any answer, and hands back the marker', async () => {
    const billing = billingWith();
    const budget = await billing.paid.reserve(context, charge(1));
    const result = await budget.run({
      operation: 'report',
      estimate: charge(1),
      call: async () => {
        throw new UpstreamError({
          status: 200,
          code: 'unreadable_answer',
          message:
            'the Discovery API answered report in a shape this version could not read (profile: Invalid input)',
          answer: {
            status: 200,
            text: '{"error":false}',
            json: { error: false },
            problems: ['profile: Invalid input'],
          },
        });
      },
      actual: () => charge(1),
    });
    expect(result).toMatchObject({ unreadable: true, operation: 'report', credits: 1 });
    expect(billing.ledgerRows()).toEqual([
      expect.objectContaining({ operation: 'report', actualCredits: 1 }),
    ]);
    expect(await store.unreadableAnswers.list()).toEqual([
      expect.objectContaining({ operation: 'report', jobId: 'job_1' }),
    ]);
    billing.release();
  });
});
