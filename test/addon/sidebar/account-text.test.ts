import { balanceFacts, balanceText, budgetText, spendFacts } from '../../../addon/sidebar/account-text';

describe('account text', () => {
  it('shows spend against the budget, or that there is none', () => {
    expect(budgetText(12, 50)).toBe('12 of 50 credits (24%)');
    expect(budgetText(1250, 1000)).toBe('1,250 of 1,000 credits (125%)');
    expect(budgetText(7, null)).toBe('7 credits (no budget set)');
    expect(budgetText(0, 0)).toBe('0 credits of a budget of 0: paid actions are blocked');
  });

  it('shows an unreported balance as unknown, never as zero', () => {
    expect(balanceText(null, 'credit')).toBe('Unknown');
    expect(balanceText(0, 'credit')).toBe('0 credits');
    expect(balanceText(12500, 'request')).toBe('12,500 requests');
  });

  it("shows admins the API account's balance, and members the sentence why they see none", () => {
    expect(balanceFacts({ creditsLeft: 1234.5, rawRequestsLeft: null, balanceNote: null })).toEqual([
      { label: 'Credits left', value: '1,234.5 credits' },
      { label: 'Raw requests left', value: 'Unknown' },
    ]);
    expect(
      balanceFacts({ creditsLeft: null, rawRequestsLeft: null, balanceNote: 'Only admins see it' }),
    ).toEqual([{ label: 'API balance', value: 'Only admins see it' }]);
  });

  it('lists credits, calls, cache hits and credits saved', () => {
    expect(spendFacts({ credits: 1.5, calls: 1200, cacheHits: 800, creditsSaved: 640 })).toEqual([
      { label: 'Credits', value: '1.5' },
      { label: 'Calls', value: '1,200' },
      { label: 'Cache hits', value: '800' },
      { label: 'Credits saved', value: '640' },
    ]);
  });
});
