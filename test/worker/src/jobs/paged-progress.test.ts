import { addedIds, pagedProgress } from '../../../../worker/src/jobs/paged-progress';

describe('pagedProgress', () => {
  it('rebuilds the ids seen, the next position and the last page from checkpoints in batch order', () => {
    const progress = pagedProgress(
      new Map<number, unknown>([
        [1, { page: 1, added: ['c'], next: 3, end: false }],
        [0, { page: 0, added: ['a', 'b'], next: 2, end: false }],
        [2, { page: 2, added: [], next: 3, end: true }],
      ]),
    );
    expect(progress).toEqual({
      seen: new Set(['a', 'b', 'c']),
      nextPosition: 3,
      last: { page: 2, added: [], next: 3, end: true },
      ended: true,
      pagesDone: 3,
    });
  });

  it('starts from nothing without checkpoints', () => {
    expect(pagedProgress(new Map())).toEqual({
      seen: new Set(),
      nextPosition: 0,
      last: null,
      ended: false,
      pagesDone: 0,
    });
  });

  it('lists the ids a page added, in the order it saw them', () => {
    expect(addedIds(new Set(['a']), new Set(['a', 'z', 'b']))).toEqual(['z', 'b']);
  });
});
