import { indexesOf, toIndexRanges } from '../../../../worker/src/jobs/index-ranges';

describe('index ranges', () => {
  it('writes runs of whole numbers as [start, end) pairs and reads them back', () => {
    const values = [7, 3, 4, 5, 5, 9, 10, 0];
    const ranges = toIndexRanges(values);
    expect(ranges).toEqual([
      [0, 1],
      [3, 6],
      [7, 8],
      [9, 11],
    ]);
    expect([...indexesOf(ranges)]).toEqual([0, 3, 4, 5, 7, 9, 10]);
    expect(JSON.stringify(toIndexRanges(Array.from({ length: 1000 }, (_, i) => 2000 + i)))).toBe(
      '[[2000,3000]]',
    );
  });

  it('skips what is not a pair of whole numbers (a checkpoint is data from disk)', () => {
    expect([...indexesOf([[1, 3], 'x', [4], [5.5, 7], [8, 9]])]).toEqual([1, 2, 8]);
    expect([...indexesOf(undefined)]).toEqual([]);
  });
});
