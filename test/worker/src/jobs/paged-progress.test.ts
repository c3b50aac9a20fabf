import type { Row } from '../../../../shared/rows/columns';
import {
  addedIds,
  commitCursorPage,
  commitNumberedPage,
  cursorFeedState,
  freshById,
  keepFeedPage,
  keepPage,
  numberedPagesState,
  pagedProgress,
} from '../../../../worker/src/jobs/paged-progress';

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

describe('numberedPagesState', () => {
  it('goes on at the page after the last committed one, with the ids and position it left', () => {
    const state = numberedPagesState(
      new Map<number, unknown>([
        [0, { page: 4, added: ['a'], next: 1, end: false }],
        [1, { page: 5, added: ['b', 'c'], next: 3, end: false }],
      ]),
      4,
    );
    expect(state).toEqual({ seen: new Set(['a', 'b', 'c']), position: 3, ended: false, pages: 2, page: 6 });
  });

  it('starts at the first page it is given before any checkpoint', () => {
    expect(numberedPagesState(new Map(), 7)).toEqual({
      seen: new Set(),
      position: 0,
      ended: false,
      pages: 0,
      page: 7,
    });
  });
});

describe('cursorFeedState', () => {
  it("goes on from the last page's cursor and remembers every cursor a page was asked from", () => {
    const feed = cursorFeedState(
      new Map<number, unknown>([
        [1, { from: 'c1', cursor: 'c2', added: ['b'], next: 2, end: false, fetchedAt: 9 }],
        [0, { from: 'start', cursor: 'c1', added: ['a'], next: 1, end: false }],
      ]),
      'start',
    );
    expect(feed).toEqual({
      seen: new Set(['a', 'b']),
      position: 2,
      ended: false,
      pages: 2,
      cursor: 'c2',
      visited: new Set(['start', 'c1']),
      last: { from: 'c1', cursor: 'c2', added: ['b'], next: 2, end: false, fetchedAt: 9 },
    });
  });

  it('starts from the start cursor, or the first page without one', () => {
    expect(cursorFeedState(new Map(), 'start')).toMatchObject({
      cursor: 'start',
      visited: new Set(['start']),
    });
    expect(cursorFeedState(new Map(), null)).toMatchObject({ cursor: null, visited: new Set(), pages: 0 });
  });

  it('has no cursor to go on from after an ended page', () => {
    const feed = cursorFeedState(
      new Map<number, unknown>([[0, { from: null, cursor: null, added: [], next: 0, end: true }]]),
      null,
    );
    expect(feed).toMatchObject({ cursor: null, ended: true, visited: new Set() });
  });
});

describe('freshById', () => {
  it('keeps rows with new ids and rows without an id, once each', () => {
    const { fresh, pageSeen } = freshById(
      ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6'],
      ['a', 'b', null, 'b', 'c', null],
      new Set(['a']),
    );
    expect(fresh).toEqual(['r1', 'r2', 'r4', 'r5', 'r6']);
    expect(pageSeen).toEqual(new Set(['a', 'b', 'c']));
  });

  it('leaves the ids seen before untouched', () => {
    const seen = new Set(['a']);
    freshById(['r0'], ['z'], seen);
    expect(seen).toEqual(new Set(['a']));
  });
});

const row = (name: string): Row => [name];

describe('keepPage', () => {
  it('places the rows from the position on, and lists the ids the page added', () => {
    const tally = { seen: new Set(['a']), position: 5, ended: false, pages: 1 };
    const kept = keepPage(tally, 100, [row('x'), row('y')], new Set(['a', 'x', 'y']));
    expect(kept).toEqual({
      rows: [
        { position: 5, row: ['x'] },
        { position: 6, row: ['y'] },
      ],
      left: 0,
      cut: false,
      seen: new Set(['a', 'x', 'y']),
      added: ['x', 'y'],
      next: 7,
    });
    expect(tally).toEqual({ seen: new Set(['a']), position: 5, ended: false, pages: 1 });
  });

  it('keeps no more rows than the job has room for, and says how many were left out', () => {
    const tally = { seen: new Set<string>(), position: 8, ended: false, pages: 2 };
    const kept = keepPage(tally, 10, [row('x'), row('y'), row('z')], new Set(['x', 'y', 'z']));
    expect(kept.rows.map((r) => r.position)).toEqual([8, 9]);
    expect(kept).toMatchObject({ left: 1, cut: true, next: 10 });
  });

  it('keeps nothing once the room is used up', () => {
    const tally = { seen: new Set<string>(), position: 12, ended: false, pages: 2 };
    expect(keepPage(tally, 10, [row('x')], new Set(['x']))).toMatchObject({ rows: [], left: 1, next: 12 });
  });
});

describe('commitNumberedPage', () => {
  it("moves on to the next page and gives the page's checkpoint", () => {
    const state = numberedPagesState(new Map(), 3);
    const kept = keepPage(state, 10, [row('x')], new Set(['x']));
    expect(commitNumberedPage(state, 3, kept, false)).toEqual({ page: 3, added: ['x'], next: 1, end: false });
    expect(state).toEqual({ seen: new Set(['x']), position: 1, ended: false, pages: 1, page: 4 });
  });
});

describe('keepFeedPage and commitCursorPage', () => {
  it('goes on from the cursor the page handed out and remembers the one it was asked from', () => {
    const feed = cursorFeedState(new Map(), 'start');
    const kept = keepFeedPage(feed, 10, { rows: [row('x'), row('y')], ids: ['x', 'x'], next: 'c1' });
    expect(kept).toMatchObject({ rows: [{ position: 0, row: ['x'] }], nextCursor: 'c1', repeated: false });
    expect(kept.feedEnded).toBe(false);
    expect(commitCursorPage(feed, 'start', kept, false)).toEqual({
      from: 'start',
      cursor: 'c1',
      added: ['x'],
      next: 1,
      end: false,
    });
    expect(feed).toMatchObject({ cursor: 'c1', seen: new Set(['x']), position: 1, pages: 1, ended: false });
    expect(feed.visited).toEqual(new Set(['start']));
  });

  it('ends the feed at a cursor handed out before, or at none', () => {
    const feed = cursorFeedState(
      new Map<number, unknown>([[0, { from: 'a', cursor: 'b', added: [], next: 0, end: false }]]),
      null,
    );
    expect(keepFeedPage(feed, 10, { rows: [], ids: [], next: 'a' })).toMatchObject({
      repeated: true,
      feedEnded: true,
    });
    expect(keepFeedPage(feed, 10, { rows: [], ids: [], next: null })).toMatchObject({
      repeated: false,
      feedEnded: true,
    });
    expect(keepFeedPage(feed, 10, { rows: [], ids: [], next: 'c' })).toMatchObject({
      repeated: false,
      feedEnded: false,
    });
  });

  it('keeps no cursor once the page ends the job', () => {
    const feed = cursorFeedState(new Map(), null);
    const kept = keepFeedPage(feed, 10, { rows: [], ids: [], next: 'c1' });
    expect(commitCursorPage(feed, null, kept, true)).toEqual({
      from: null,
      cursor: null,
      added: [],
      next: 0,
      end: true,
    });
    expect(feed).toMatchObject({ cursor: null, ended: true, pages: 1, visited: new Set() });
  });

  it('rebuilds after a restart to the same place the running feed reached', () => {
    const running = cursorFeedState(new Map(), 's');
    const checkpoints = new Map<number, unknown>();
    const pages: [string, string, string[]][] = [
      ['s', 'c1', ['a', 'b']],
      ['c1', 'c2', ['b', 'c']],
    ];
    pages.forEach(([from, next, ids], index) => {
      const kept = keepFeedPage(running, 10, { rows: ids.map(row), ids, next });
      checkpoints.set(index, commitCursorPage(running, from, kept, false));
    });
    // `last` is read once, when the job is planned: the running feed keeps the one it started from.
    const { last, ...rebuilt } = cursorFeedState(checkpoints, 's');
    expect({ ...rebuilt, last: null }).toEqual(running);
    expect(last).toEqual(checkpoints.get(1));
    expect(rebuilt).toMatchObject({ cursor: 'c2', position: 3, visited: new Set(['s', 'c1']) });
  });
});
