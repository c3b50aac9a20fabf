import {
  COLLABORATION_CURSOR_TTL_MS,
  collaborationCursor,
  collaborationOffset,
} from '../../../../../worker/sandbox/operations/content/collaboration-cursor';

const ISSUED = Date.UTC(2026, 0, 15, 12);

describe('collaboration cursors', () => {
  const cursor = collaborationCursor('instagram|influencer|i300|-||', 30, ISSUED);

  it('last 2 days from the moment they are issued, to the millisecond', () => {
    expect(COLLABORATION_CURSOR_TTL_MS).toBe(2 * 24 * 60 * 60 * 1000);
    expect(
      collaborationOffset(cursor, 'instagram|influencer|i300|-||', ISSUED + COLLABORATION_CURSOR_TTL_MS),
    ).toBe(30);
    expect(() =>
      collaborationOffset(cursor, 'instagram|influencer|i300|-||', ISSUED + COLLABORATION_CURSOR_TTL_MS + 1),
    ).toThrow(/^cursor expired: it was issued at 2026-01-15T12:00:00.000Z and cursors are valid for 2 days/);
  });

  it('belong to the request that issued them', () => {
    expect(() => collaborationOffset(cursor, 'instagram|influencer|i301|-||', ISSUED)).toThrow(
      /^cursor is a cursor of another request/,
    );
  });

  it('start at 0 without a cursor and refuse other cursors', () => {
    expect(collaborationOffset(undefined, 'any', ISSUED)).toBe(0);
    expect(() => collaborationOffset('MzA', 'any', ISSUED)).toThrow(
      /^cursor must be a cursor from a previous page/,
    );
  });
});
