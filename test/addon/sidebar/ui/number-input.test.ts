import { parseOptionalNumber, percentToFraction } from '../../../../addon/sidebar/ui/number-input';

const FOLLOWERS = { label: 'Followers, min', min: 0, integer: true, allowSuffix: true };

describe('parseOptionalNumber', () => {
  it('reads a blank field as no filter', () => {
    expect(parseOptionalNumber('  ', FOLLOWERS)).toEqual({ ok: true, value: undefined });
  });

  it('reads separators, k and m as people write follower counts', () => {
    expect(
      ['25000', '25,000', '25 000', '25k', '25K', '1.1m'].map((text) => parseOptionalNumber(text, FOLLOWERS)),
    ).toEqual([
      { ok: true, value: 25000 },
      { ok: true, value: 25000 },
      { ok: true, value: 25000 },
      { ok: true, value: 25000 },
      { ok: true, value: 25000 },
      { ok: true, value: 1100000 },
    ]);
  });

  it('takes suffixes only where they are allowed, and a trailing % anywhere', () => {
    expect(parseOptionalNumber('2k', { label: 'Pages', integer: true }).ok).toBe(false);
    expect(parseOptionalNumber('2.5%', { label: 'Rate', min: 0, max: 100 })).toEqual({
      ok: true,
      value: 2.5,
    });
  });

  it('names the field, the rule and what was typed', () => {
    expect(parseOptionalNumber('1.5', FOLLOWERS)).toEqual({
      ok: false,
      message: 'Followers, min must be a whole number of 0 or more, got "1.5"',
    });
    expect(parseOptionalNumber('-3', { label: 'Rate', min: 0, max: 100 })).toEqual({
      ok: false,
      message: 'Rate must be a number from 0 to 100, got "-3"',
    });
    expect(parseOptionalNumber('abc', { label: 'Cap', max: 5 })).toEqual({
      ok: false,
      message: 'Cap must be a number of 5 or less, got "abc"',
    });
  });
});

describe('percentToFraction', () => {
  it('gives the fraction without floating-point noise', () => {
    expect([2.5, 7, 35, 100, 0.1].map(percentToFraction)).toEqual([0.025, 0.07, 0.35, 1, 0.001]);
  });
});
