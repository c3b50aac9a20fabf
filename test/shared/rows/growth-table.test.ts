import { growthPoints, growthTable } from '../../../shared/rows/growth-table';
import { serialOfCell } from '../../../worker/src/schedules/run/sheet-number-formats';

/** 2026-11-01 and 2026-11-02 as Sheets serial dates (days since 1899-12-30). */
const NOV_1 = 46327;
const NOV_2 = NOV_1 + 1;

describe('growthTable', () => {
  it('puts dates down and the creators with the most on their latest date across', () => {
    const table = growthTable([
      { date: NOV_2, creator: 'ana', value: 120 },
      { date: NOV_1, creator: 'ana', value: 100 },
      { date: NOV_1, creator: 'bo', value: 500 },
      { date: NOV_2, creator: 'bo', value: 90 },
      { date: NOV_2, creator: 'cy', value: 300 },
    ]);
    expect(table.dates).toEqual([NOV_1, NOV_2]);
    // On 2026-11-02: cy 300, ana 120, bo 90 (bo's 500 is older).
    expect(table.creators).toEqual(['cy', 'ana', 'bo']);
    expect(table.values).toEqual([
      [null, 100, 500],
      [300, 120, 90],
    ]);
  });

  it('keeps the top ones only, treats a handle in another case as the same creator, and the last row of a date', () => {
    const points = Array.from({ length: 14 }, (_, i) => ({
      date: NOV_1,
      creator: `c${String(i).padStart(2, '0')}`,
      value: i,
    }));
    points.push({ date: NOV_1, creator: 'C13', value: 1000 });
    const table = growthTable(points, 3);
    expect(table.creators).toEqual(['C13', 'c12', 'c11']);
    expect(table.values).toEqual([[1000, 12, 11]]);
  });

  it('skips rows without a date, a creator or a number', () => {
    const points = growthPoints(
      ['2026-11-01', '', '2026-11-01', '2026-11-01'],
      ['ana', 'bo', '', 'cy'],
      [10, 20, 30, 'User not found'],
      serialOfCell,
    );
    expect(growthTable(points)).toEqual({ dates: [NOV_1], creators: ['ana'], values: [[10]] });
  });

  it('reads dates as serial date-times, or as the day text of older runs, and keeps two runs of one day apart', () => {
    const morning = NOV_1 + 9 / 24;
    const evening = NOV_1 + 21 / 24;
    const points = growthPoints(
      ['2026-10-31', morning, evening],
      ['ana', 'ana', 'ana'],
      [90, 100, 110],
      serialOfCell,
    );
    const table = growthTable(points);
    expect(table.dates).toEqual([NOV_1 - 1, morning, evening]);
    expect(table.values).toEqual([[90], [100], [110]]);
  });
});
