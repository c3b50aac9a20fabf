import { isRecord } from '../../../shared/rows/cell-values';
import type { Row } from '../../../shared/rows/columns';
import type { JobResultRow } from './job-kind';

/**
 * Where a paged job (search pages, AI search pages, raw feeds) stands, rebuilt from its committed
 * checkpoints. Each page's checkpoint carries the ids it added (so a creator or comment that comes
 * again on a later page, or after a restart, gets no second row), the next row position, whether
 * it was the last page, and where to go on (`page` or `cursor`, read by the kind from `last`).
 */
interface PagedProgress {
  seen: Set<string>;
  nextPosition: number;
  /** The checkpoint of the last committed page, or null before the first. */
  last: Record<string, unknown> | null;
  ended: boolean;
  pagesDone: number;
}

export function pagedProgress(checkpoints: ReadonlyMap<number, unknown>): PagedProgress {
  const progress: PagedProgress = {
    seen: new Set(),
    nextPosition: 0,
    last: null,
    ended: false,
    pagesDone: 0,
  };
  const ordered = [...checkpoints.entries()].sort(([a], [b]) => a - b);
  for (const [, checkpoint] of ordered) {
    if (!isRecord(checkpoint)) continue;
    if (Array.isArray(checkpoint.added)) {
      for (const id of checkpoint.added) if (typeof id === 'string') progress.seen.add(id);
    }
    if (typeof checkpoint.next === 'number') progress.nextPosition = checkpoint.next;
    progress.ended = checkpoint.end === true;
    progress.last = checkpoint;
    progress.pagesDone += 1;
  }
  return progress;
}

/** The ids in `after` that `before` lacked, in insertion order. */
export function addedIds(before: ReadonlySet<string>, after: ReadonlySet<string>): string[] {
  const added: string[] = [];
  for (const id of after) if (!before.has(id)) added.push(id);
  return added;
}

/**
 * A paged job's running tally, rebuilt from its checkpoints when it is planned and moved on by each
 * page's `run` as it makes the page's checkpoint (commitNumberedPage, commitCursorPage).
 */
interface PageTally {
  seen: Set<string>;
  /** The position of the next row. */
  position: number;
  ended: boolean;
  /** Pages committed or made so far. */
  pages: number;
}

/** A job over numbered pages (search pages, AI search pages). */
interface NumberedPagesState extends PageTally {
  /** The page to ask for next. */
  page: number;
}

/** A job following a feed's cursors (raw feeds, collaboration posts). */
interface CursorFeedState extends PageTally {
  /** Where the next page starts; null asks for the feed's first page. */
  cursor: string | null;
  /** The start cursor and every cursor a page was asked from: one handed out again means a loop. */
  visited: Set<string>;
  /** The checkpoint of the last committed page (for a kind's own fields), or null before the first. */
  last: Record<string, unknown> | null;
}

function pageTally(progress: PagedProgress): PageTally {
  return {
    seen: progress.seen,
    position: progress.nextPosition,
    ended: progress.ended,
    pages: progress.pagesDone,
  };
}

/** Where a job over numbered pages stands: the page after the last committed one, or `firstPage`. */
export function numberedPagesState(
  checkpoints: ReadonlyMap<number, unknown>,
  firstPage: number,
): NumberedPagesState {
  const progress = pagedProgress(checkpoints);
  const page = typeof progress.last?.page === 'number' ? progress.last.page + 1 : firstPage;
  return { ...pageTally(progress), page };
}

/**
 * Where a cursor feed stands: it goes on from the last committed page's cursor (the feed's own
 * answer, never built), or from `startCursor` before the first page.
 */
export function cursorFeedState(
  checkpoints: ReadonlyMap<number, unknown>,
  startCursor: string | null,
): CursorFeedState {
  const progress = pagedProgress(checkpoints);
  const visited = new Set<string>();
  if (startCursor !== null) visited.add(startCursor);
  for (const checkpoint of checkpoints.values()) {
    if (isRecord(checkpoint) && typeof checkpoint.from === 'string') visited.add(checkpoint.from);
  }
  const last = progress.last;
  const cursor = last === null ? startCursor : typeof last.cursor === 'string' ? last.cursor : null;
  return { ...pageTally(progress), cursor, visited, last };
}

/**
 * The rows of a page whose id was not seen before, in order, and the ids seen with them. A row
 * without an id (null, or none at its index) is always kept, and an id twice on one page keeps its
 * first row.
 */
export function freshById<T>(
  rows: readonly T[],
  ids: readonly (string | null)[],
  seen: ReadonlySet<string>,
): { fresh: T[]; pageSeen: Set<string> } {
  const pageSeen = new Set(seen);
  const fresh = rows.filter((_, index) => {
    const id = ids[index] ?? null;
    if (id === null) return true;
    if (pageSeen.has(id)) return false;
    pageSeen.add(id);
    return true;
  });
  return { fresh, pageSeen };
}

/** The rows of a page a job has room for, and what its checkpoint records of them. */
interface KeptPage {
  rows: JobResultRow[];
  /** Fresh rows left out for want of room. */
  left: number;
  /** The job's room ran out on this page (`left` > 0). */
  cut: boolean;
  /** The ids seen so far, this page's with them. */
  seen: Set<string>;
  /** The checkpoint's `added`: ids first seen on this page. */
  added: string[];
  /** The checkpoint's `next`: the position after this page's rows. */
  next: number;
}

/**
 * Keeps a page's fresh rows (those `pageSeen` added to the tally's ids) within `capacity` rows for
 * the whole job, placed from the tally's position on. The tally moves on only when committed.
 */
export function keepPage(
  tally: PageTally,
  capacity: number,
  fresh: readonly Row[],
  pageSeen: Set<string>,
): KeptPage {
  const kept = fresh.slice(0, Math.max(0, capacity - tally.position));
  const rows = kept.map((row, i): JobResultRow => ({ position: tally.position + i, row }));
  const left = fresh.length - kept.length;
  return {
    rows,
    left,
    cut: left > 0,
    seen: pageSeen,
    added: addedIds(tally.seen, pageSeen),
    next: tally.position + rows.length,
  };
}

function commitPage(tally: PageTally, kept: KeptPage, end: boolean): void {
  tally.seen = kept.seen;
  tally.position = kept.next;
  tally.ended = end;
  tally.pages += 1;
}

type NumberedCheckpoint = { page: number; added: string[]; next: number; end: boolean };

/** Moves the state past numbered page `page` and gives that page's checkpoint. */
export function commitNumberedPage(
  state: NumberedPagesState,
  page: number,
  kept: KeptPage,
  end: boolean,
): NumberedCheckpoint {
  commitPage(state, kept, end);
  state.page = page + 1;
  return { page, added: kept.added, next: kept.next, end };
}

/** A page of a cursor feed as the API answered it. */
export interface FeedPage {
  rows: readonly Row[];
  /** Per row: what makes it the same item (null: no id, always kept). */
  ids: readonly (string | null)[];
  /** The cursor the page hands out, or null at the feed's end. */
  next: string | null;
}

interface KeptFeedPage extends KeptPage {
  /** The cursor the page handed out. */
  nextCursor: string | null;
  /** That cursor was handed out before: the feed loops, and ends here. */
  repeated: boolean;
  /** No page comes after this one: no cursor, or a repeated one. */
  feedEnded: boolean;
}

/** The rows of a feed's page not seen before, kept within `capacity` (keepPage), and where it leads. */
export function keepFeedPage(feed: CursorFeedState, capacity: number, page: FeedPage): KeptFeedPage {
  const { fresh, pageSeen } = freshById(page.rows, page.ids, feed.seen);
  const repeated = page.next !== null && feed.visited.has(page.next);
  return {
    ...keepPage(feed, capacity, fresh, pageSeen),
    nextCursor: page.next,
    repeated,
    feedEnded: page.next === null || repeated,
  };
}

type CursorCheckpoint = {
  /** The cursor the page was asked from. */
  from: string | null;
  /** Where the next page starts; null once the job ends. */
  cursor: string | null;
  added: string[];
  next: number;
  end: boolean;
};

/** Moves a cursor feed past the page asked from `from`, and gives that page's checkpoint. */
export function commitCursorPage(
  feed: CursorFeedState,
  from: string | null,
  kept: KeptFeedPage,
  end: boolean,
): CursorCheckpoint {
  const checkpoint = { from, cursor: end ? null : kept.nextCursor, added: kept.added, next: kept.next, end };
  if (from !== null) feed.visited.add(from);
  commitPage(feed, kept, end);
  feed.cursor = checkpoint.cursor;
  return checkpoint;
}
