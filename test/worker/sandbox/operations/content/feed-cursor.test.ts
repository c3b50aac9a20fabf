import type { Page } from '../../../../../worker/sandbox/data';
import {
  feedCursor,
  feedOffset,
  nextFeedCursor,
  numericFeedCursor,
  takePage,
} from '../../../../../worker/sandbox/operations/content/feed-cursor';

/** A feed of `total` numbers that, like some world feeds, may claim more than it has. */
function numbers(total: number) {
  return (offset: number, limit: number): Page<number> => {
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, k) => offset + k);
    return { items, nextOffset: items.length === limit ? offset + limit : null, total: null };
  };
}

describe('takePage', () => {
  it('serves full pages and marks the last one, with no empty page after an exact fit', () => {
    expect(takePage(numbers(24), 0, 12)).toEqual({ items: numbers(24)(0, 12).items, nextOffset: 12 });
    expect(takePage(numbers(24), 12, 12)).toEqual({ items: numbers(24)(12, 12).items, nextOffset: null });
    expect(takePage(numbers(25), 12, 12).nextOffset).toBe(24);
    expect(takePage(numbers(0), 0, 12)).toEqual({ items: [], nextOffset: null });
  });
});

describe('feed cursors', () => {
  it('carry the offset of the next page of their feed', () => {
    expect(feedOffset(feedCursor('feed-a', 36), 'feed-a', 'after')).toBe(36);
    expect(feedOffset(undefined, 'feed-a', 'after')).toBe(0);
    expect(nextFeedCursor('feed-a', { items: [1], nextOffset: null })).toBeNull();
    expect(feedOffset(nextFeedCursor('feed-a', { items: [1], nextOffset: 7 }) ?? '', 'feed-a', 'after')).toBe(
      7,
    );
  });

  it('are refused by another feed and when made up, naming the parameter', () => {
    expect(() => feedOffset(feedCursor('feed-a', 12), 'feed-b', 'cursor')).toThrow(
      /^cursor is a cursor of another feed/,
    );
    expect(() => feedOffset('12', 'feed-a', 'after')).toThrow(/^after must be a cursor from a previous page/);
  });
});

describe('numeric feed cursors', () => {
  it('stand for the same offset of the same feed as the cursor they were made from', () => {
    const numeric = numericFeedCursor(feedCursor('feed-a', 36));
    expect(typeof numeric).toBe('number');
    expect(Number.isSafeInteger(numeric)).toBe(true);
    expect(feedOffset(String(numeric), 'feed-a', 'cursor')).toBe(36);
    expect(numericFeedCursor(feedCursor('feed-a', 36))).toBe(numeric);
    expect(numericFeedCursor(feedCursor('feed-a', 48))).not.toBe(numeric);
  });

  it('are refused by another feed, and when made up or edited', () => {
    const numeric = String(numericFeedCursor(feedCursor('feed-a', 36)));
    expect(() => feedOffset(numeric, 'feed-b', 'cursor')).toThrow(
      /^cursor must be a cursor from a previous page/,
    );
    expect(() => feedOffset(String(Number(numeric) + 1_000_000), 'feed-a', 'cursor')).toThrow(
      /^cursor must be a cursor from a previous page/,
    );
    expect(() => feedOffset('36', 'feed-a', 'cursor')).toThrow(
      /^cursor must be a cursor from a previous page/,
    );
  });

  it('are made only from feed cursors', () => {
    expect(numericFeedCursor('not-a-cursor')).toBeNull();
    expect(numericFeedCursor('12')).toBeNull();
  });
});
