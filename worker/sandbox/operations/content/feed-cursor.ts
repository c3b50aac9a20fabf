import type { Page } from '../../data';
import { hashString } from '../../data/random';
import {
  decodeCursor,
  encodeCursor,
  foreignCursor,
  invalidCursor,
  scopeKey,
  wholeNumberField,
} from './opaque-cursor';

/**
 * Offset cursors of feeds (raw feeds, deprecated collaborations). A feed cursor carries the offset
 * of the next page and the feed it belongs to, so following cursors walks a feed without repeats
 * or gaps, and a cursor sent to another feed is refused rather than silently paging it.
 */

/** A page as served: its items and the offset of the next page, null at the end. */
export interface ServedPage<T> {
  readonly items: readonly T[];
  readonly nextOffset: number | null;
}

/**
 * One page of `size` items from a world feed. It asks for one item more than it serves, so the
 * last page says it is the last (no empty page after a full one), whatever the feed's own notion
 * of "next" is.
 */
export function takePage<T>(
  fetch: (offset: number, limit: number) => Page<T>,
  offset: number,
  size: number,
): ServedPage<T> {
  const page = fetch(offset, size + 1);
  if (page.items.length > size) return { items: page.items.slice(0, size), nextOffset: offset + size };
  return { items: page.items, nextOffset: null };
}

export function feedCursor(scope: string, offset: number): string {
  return encodeCursor(['f', scopeKey(scope), offset]);
}

/** The offset a feed cursor points at; 0 without a cursor. `param` names it in errors. */
export function feedOffset(cursor: string | undefined, scope: string, param: string): number {
  if (cursor === undefined) return 0;
  if (NUMERIC_CURSOR.test(cursor)) return numericCursorOffset(cursor, scope, param);
  const fields = decodeCursor(cursor);
  const offset = wholeNumberField(fields?.[2]);
  if (fields === null || fields.length !== 3 || fields[0] !== 'f' || offset === null) {
    throw invalidCursor(param, cursor);
  }
  if (fields[1] !== scopeKey(scope)) throw foreignCursor(param, 'feed');
  return offset;
}

/** The cursor of the next page, or null at the end. */
export function nextFeedCursor(scope: string, page: ServedPage<unknown>): string | null {
  return page.nextOffset === null ? null : feedCursor(scope, page.nextOffset);
}

/*
 * Numeric cursors. TikTok's own cursors are numbers, and the sandbox's odd shapes (odd-shapes.ts)
 * hand TikTok pages out with one: the offset times a million plus a six-digit check bound to the
 * feed and the offset. Every feed takes them back in any shapes setting, so a client that switches
 * setting between two pages still walks on; a number that fails the check is refused like any
 * other cursor that was never handed out.
 */

const NUMERIC_CURSOR = /^\d{1,15}$/;
const NUMERIC_CHECK_RANGE = 1_000_000;

function numericCheck(feedKey: string, offset: number): number {
  return hashString(`numeric-feed-cursor:${feedKey}:${offset}`) % NUMERIC_CHECK_RANGE;
}

/** The numeric form of a feed cursor this module made, or null for any other cursor. */
export function numericFeedCursor(cursor: string): number | null {
  const fields = decodeCursor(cursor);
  const offset = wholeNumberField(fields?.[2]);
  if (fields === null || fields.length !== 3 || fields[0] !== 'f' || offset === null) return null;
  return offset * NUMERIC_CHECK_RANGE + numericCheck(fields[1], offset);
}

function numericCursorOffset(cursor: string, scope: string, param: string): number {
  const value = Number(cursor);
  const offset = Math.floor(value / NUMERIC_CHECK_RANGE);
  if (value % NUMERIC_CHECK_RANGE !== numericCheck(scopeKey(scope), offset))
    throw invalidCursor(param, cursor);
  return offset;
}
