import { growthPoints, growthTable } from '../../../../worker/src/google/growth-table';

describe('growthTable', () => {
  it('puts dates down and the creators with the most on their latest date across', () => {
    const table = growthTable([
      { date: '2026-11-02', creator: 'ana', value: 120 },
      { date: '2026-11-01', creator: 'ana', value: 100 },
      { date: '2026-11-01', creator: 'bo', value: 500 },
      { date: '2026-11-02', creator: 'bo', value: 90 },
      { date: '2026-11-02', creator: 'cy', value: 300 },
    ]);
    expect(table.dates).toEqual(['2026-11-01', '2026-11-02']);
    // On 2026-11-02: cy 300, ana 120, bo 90 (bo's 500 is older).
    expect(table.creators).toEqual(['cy', 'ana', 'bo']);
    expect(table.values).toEqual([
      [null, 100, 500],
      [300, 120, 90],
    ]);
  });

  it('keeps the top ones only, treats a handle in another case as the same creator, and the last row of a date', () => {
    const points = Array.from({ length: 14 }, (_, i) => ({
      date: '2026-11-01',
      creator: `c${String(i).padStart(2, '0')}`,
      value: i,
    }));
    points.push({ date: '2026-11-01', creator: 'C13', value: 1000 });
    const table = growthTable(points, 3);
    expect(table.creators).toEqual(['C13', 'c12', 'c11']);
    expect(table.values).toEqual([[1000, 12, 11]]);
  });

  it('skips rows without a date, a creator or a number', () => {
    const points = growthPoints(
      ['2026-11-01', '', '2026-11-01', '2026-11-01'],
      ['ana', 'bo', '', 'cy'],
      [10, 20, 30, 'User not found'],
    );
    expect(growthTable(points)).toEqual({ dates: ['2026-11-01'], creators: ['ana'], values: [[10]] });
  });
});
