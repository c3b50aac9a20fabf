import { closestName, editDistance } from '../../shared/closest-name';

describe('closestName', () => {
  const names = ['SANDBOX_CREDITS', 'SANDBOX_TOKEN', 'BUDGET_USER_DAY'];

  it('suggests the name a typo was meant to be', () => {
    expect(closestName('SANDBOX_CREDIT', names)).toBe('SANDBOX_CREDITS');
    expect(closestName('BUDGET_USER_DAYS', names)).toBe('BUDGET_USER_DAY');
  });

  it('suggests nothing when no name is within two edits', () => {
    expect(closestName('SANDBOX_SIZE', names)).toBeUndefined();
  });

  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});
