import { BudgetExceededError } from '../../../../worker/src/request-io/budget-exceeded-error';
import { createBudgetGuard, type BudgetGuard } from '../../../../worker/src/budgets/budget-guard';
import { HOLD_TTL_MS } from '../../../../worker/src/store/postgres/budget-holds';
import type { Store } from '../../../../worker/src/store/store';
import { instancesOnOneDatabase } from '../store/postgres/instances-on-one-database';
import { ManualClock } from '../store/store-fixtures';

/**
 * Budget holds on one Postgres store shared by instances: each instance's guard counts what the
 * others hold, so parallel requests through several instances never overspend.
 */

const ana = { email: 'ana@team.com' };
const bob = { email: 'bob@team.com' };

const postgres = instancesOnOneDatabase();
let clock: ManualClock;

beforeEach(() => {
  clock = new ManualClock(Date.UTC(2025, 4, 14, 10, 0));
});

async function instanceGuard(): Promise<{ store: Store; guard: BudgetGuard }> {
  const store = await postgres().instance({ clock });
  const guard = createBudgetGuard({
    budgets: store.budgets,
    ledger: store.ledger,
    clock,
    defaults: { user: { day: 10 }, team: { day: 15 } },
    shared: store.budgetHolds,
  });
  return { store, guard };
}

const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'held',
    (error: unknown) => (error instanceof BudgetExceededError ? 'refused' : error),
  );

describe('budget holds shared by instances', () => {
  it('let 10 of 20 parallel one-credit holds through three instances against a 10-credit budget', async () => {
    const guards = [await instanceGuard(), await instanceGuard(), await instanceGuard()];
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => outcome(guards[i % 3].guard.reserve(ana, 1))),
    );
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(10);
    expect((await guards[1].guard.status(ana.email)).user.day).toMatchObject({ pending: 10, left: 0 });
  });

  it('count one person’s holds in the team’s budget, in every instance', async () => {
    const [a, b] = [await instanceGuard(), await instanceGuard()];
    await a.guard.reserve(ana, 9);
    await expect(b.guard.reserve(bob, 7)).rejects.toThrow(BudgetExceededError);
    await expect(b.guard.reserve(bob, 6)).resolves.toBeDefined();
  });

  it('free a hold for every instance once its call is in the ledger, with no double count', async () => {
    const [a, b] = [await instanceGuard(), await instanceGuard()];
    const hold = await a.guard.reserve(ana, 10);
    await expect(b.guard.reserve(ana, 1)).rejects.toThrow(BudgetExceededError);
    await hold.record({ operation: 'report', actual: 4, requestId: 'r1' });
    expect((await b.guard.status(ana.email)).user.day).toMatchObject({ spent: 4, pending: 0, left: 6 });
    await expect(b.guard.reserve(ana, 6)).resolves.toBeDefined();
  });

  it('let a killed instance’s holds run out after 15 minutes, not before', async () => {
    expect(HOLD_TTL_MS).toBe(15 * 60_000);
    const [a, b] = [await instanceGuard(), await instanceGuard()];
    await a.guard.reserve(ana, 10);
    await expect(b.guard.reserve(ana, 1)).rejects.toThrow(BudgetExceededError);
    clock.advance(HOLD_TTL_MS - 1);
    await expect(b.guard.reserve(ana, 1)).rejects.toThrow(BudgetExceededError);
    clock.advance(1);
    await expect(b.guard.reserve(ana, 1)).resolves.toBeDefined();
  });
});
