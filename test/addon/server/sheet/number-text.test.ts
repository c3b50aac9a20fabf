import { creditsText, formatCount, formatCredits, plural } from '../../../../addon/server/sheet/number-text';

describe('number-text', () => {
  it('writes counts with thousands separators and credits with at most three decimals', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
    expect(formatCredits(0.15)).toBe('0.15');
    expect(formatCredits(0.1 + 0.2)).toBe('0.3');
    expect(formatCredits(1234.5)).toBe('1,234.5');
    expect(formatCredits(22)).toBe('22');
    expect(creditsText(1)).toBe('1 credit');
    expect(creditsText(0.02)).toBe('0.02 credits');
    expect(plural(1, 'row')).toBe('1 row');
    expect(plural(2000, 'address', 'addresses')).toBe('2,000 addresses');
  });
});
