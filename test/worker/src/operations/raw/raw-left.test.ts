import type { BudgetLine, BudgetStatus } from '../../../../../worker/src/budgets/budget-guard';
import { pickRawLeft } from '../../../../../worker/src/operations/raw/raw-left';

const line = (left: number | null): BudgetLine => ({
  limit: left,
  spent: 0,
  pending: 0,
  left,
  resetsAt: 0,
});

const status = (raw: { userDay?: number; userMonth?: number; teamMonth?: number } = {}): BudgetStatus => ({
  user: { day: line(null), month: line(null) },
  team: { day: line(null), month: line(null) },
  userRaw: { day: line(raw.userDay ?? null), month: line(raw.userMonth ?? null) },
  teamRaw: { day: line(null), month: line(raw.teamMonth ?? null) },
});

describe('pickRawLeft', () => {
  it("gives the account's allowance when no budget is smaller", () => {
    expect(pickRawLeft(900, status())).toEqual({ left: 900, of: 'account' });
    expect(pickRawLeft(900, status({ userMonth: 5000 }))).toEqual({ left: 900, of: 'account' });
  });

  it("gives the smallest budget line, the team's included, when it is smaller or the account is unknown", () => {
    expect(pickRawLeft(900, status({ userDay: 40, userMonth: 300, teamMonth: 12 }))).toEqual({
      left: 12,
      of: 'budget',
    });
    expect(pickRawLeft(null, status({ userMonth: 300 }))).toEqual({ left: 300, of: 'budget' });
  });

  it('says nothing limits the caller when neither is known', () => {
    expect(pickRawLeft(null, status())).toEqual({ left: null, of: null });
  });
});
