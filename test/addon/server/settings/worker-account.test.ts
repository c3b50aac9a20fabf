import { toAccountView } from '../../../../addon/server/settings/worker-account';

const spend = (credits: number) => ({ credits, calls: 3, rawRequests: 0, cacheHits: 2, creditsSaved: 1.5 });

describe('toAccountView', () => {
  it("combines the account and the usage answers; admins see the team's spend per user", () => {
    const view = toAccountView(
      {
        email: 'ana@team.com',
        role: 'admin',
        api: { billing: { credits: 1234.5, rawRequests: 900 } },
        spend: { today: spend(2), month: spend(20) },
        team: { today: spend(5), month: spend(50) },
      },
      {
        email: 'ana@team.com',
        role: 'admin',
        today: spend(2),
        month: spend(20),
        budgets: {
          user: { day: { limit: 50, spent: 2 }, month: { limit: null, spent: 20 } },
          team: { day: { limit: null }, month: { limit: 1000 } },
        },
        team: {
          today: spend(5),
          month: spend(50),
          byUser: {
            today: [{ email: 'bo@team.com', ...spend(3) }],
            month: [
              { email: 'ana@team.com', ...spend(20) },
              { email: 'bo@team.com', ...spend(30) },
            ],
          },
        },
      },
    );
    expect(view).toEqual({
      email: 'ana@team.com',
      role: 'admin',
      creditsLeft: 1234.5,
      rawRequestsLeft: 900,
      balanceNote: null,
      spendToday: { credits: 2, calls: 3, cacheHits: 2, creditsSaved: 1.5 },
      spendMonth: { credits: 20, calls: 3, cacheHits: 2, creditsSaved: 1.5 },
      budgets: { day: 50, month: null },
      team: {
        today: { credits: 5, calls: 3, cacheHits: 2, creditsSaved: 1.5 },
        month: { credits: 50, calls: 3, cacheHits: 2, creditsSaved: 1.5 },
        users: [
          { email: 'bo@team.com', today: 3, month: 30 },
          { email: 'ana@team.com', today: 0, month: 20 },
        ],
      },
    });
  });

  it("gives members the worker's sentence instead of the balance, and their own budget lines", () => {
    const view = toAccountView(
      {
        email: 'bo@team.com',
        role: 'member',
        api: null,
        apiNote: "Only admins see the API account's balance; your own spending and budget are shown instead",
        spend: { today: spend(1), month: spend(4) },
        budgets: { day: { limit: 5, spent: 1 }, month: { limit: null, spent: 4 } },
      },
      { email: 'bo@team.com', role: 'member', budgets: { user: { day: { limit: 99 } } } },
    );
    expect(view).toEqual({
      email: 'bo@team.com',
      role: 'member',
      creditsLeft: null,
      rawRequestsLeft: null,
      balanceNote:
        "Only admins see the API account's balance; your own spending and budget are shown instead",
      spendToday: { credits: 1, calls: 3, cacheHits: 2, creditsSaved: 1.5 },
      spendMonth: { credits: 4, calls: 3, cacheHits: 2, creditsSaved: 1.5 },
      budgets: { day: 5, month: null },
      team: null,
    });
    // A member's answer without a sentence of its own still says why there is no balance.
    expect(
      toAccountView({ email: 'bo@team.com', role: 'member', api: null }, { budgets: {} }).balanceNote,
    ).toBe("Only admins see the API account's balance");
  });

  it('gives members no team view and unknown counters as null', () => {
    const view = toAccountView(
      {
        email: 'bo@team.com',
        role: 'member',
        api: { billing: { credits: 10 } },
        spend: { today: spend(1), month: spend(1) },
      },
      { email: 'bo@team.com', role: 'member', budgets: {} },
    );
    expect(view).toMatchObject({
      role: 'member',
      creditsLeft: 10,
      rawRequestsLeft: null,
      balanceNote: null,
      budgets: { day: null, month: null },
      team: null,
    });
  });
});
