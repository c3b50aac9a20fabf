import { isRecord } from '../../../shared/rows/cell-values';
import type { JsonValue } from '../store/json-value';

/**
 * Where a paged job (search pages, AI search pages, raw feeds) stands, rebuilt from its committed
 * checkpoints. Each page's checkpoint carries the ids it added (so a creator or comment that comes
 * again on a later page, or after a restart, gets no second row), the next row position, whether
 * it was the last page, and where to go on (`page` or `cursor`, read by the kind from `last`).
 */
export interface PageCheckpoint {
  /** Ids first seen on this page. */
  added: string[];
  /** The position of the next row. */
  next: number;
  /** No page after this one. */
  end: boolean;
  [key: string]: JsonValue;
}

export interface PagedProgress {
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
