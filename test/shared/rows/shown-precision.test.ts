import { column } from '../../../shared/rows/columns';
import { roundAsShown, roundRowsAsShown, shownDecimals } from '../../../shared/rows/shown-precision';

describe('shownDecimals', () => {
  it('reads the places from the number format each column gets', () => {
    expect(shownDecimals('percent')).toBe(4);
    expect(shownDecimals('decimal')).toBe(2);
    expect(shownDecimals('integer')).toBe(0);
    for (const format of ['text', 'url', 'date', 'boolean'] as const)
      expect(shownDecimals(format)).toBeNull();
  });
});

describe('roundAsShown', () => {
  it('rounds an engagement rate to what 0.00% shows, as a number', () => {
    expect(roundAsShown(0.0415944540727903, 'percent')).toBe(0.0416);
    expect(roundAsShown(0.9977, 'percent')).toBe(0.9977);
    expect(roundAsShown(0.99775, 'percent')).toBe(0.9978);
  });

  it('rounds counts to whole numbers and decimals to two places, halves away from zero', () => {
    expect(roundAsShown(1234.5, 'integer')).toBe(1235);
    expect(roundAsShown(-2.5, 'integer')).toBe(-3);
    expect(roundAsShown(3.14159, 'decimal')).toBe(3.14);
    // 1.005 is 1.00499999... in binary; Sheets shows 1.01, and so does the rounded number.
    expect(roundAsShown(1.005, 'decimal')).toBe(1.01);
    expect(Object.is(roundAsShown(-0.00001, 'percent'), 0)).toBe(true);
  });

  it('leaves numbers in text and id columns as they are', () => {
    expect(roundAsShown(123456789.123, 'text')).toBe(123456789.123);
  });
});

describe('roundRowsAsShown', () => {
  it('rounds each number by its column and leaves headers, messages and empty cells alone', () => {
    const columns = [
      column('handle', 'Handle', 'text'),
      column('followers', 'Followers', 'integer'),
      column('engagement_rate', 'Engagement rate', 'percent'),
    ];
    expect(
      roundRowsAsShown(
        [
          ['Handle', 'Followers', 'Engagement rate'],
          ['nasa', 1000.4, 0.041594454],
          ['Unknown handle "@x" on instagram', null, null],
        ],
        columns,
      ),
    ).toEqual([
      ['Handle', 'Followers', 'Engagement rate'],
      ['nasa', 1000, 0.0416],
      ['Unknown handle "@x" on instagram', null, null],
    ]);
  });
});
