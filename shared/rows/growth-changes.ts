import type { ColumnFormat } from './columns';

/**
 * The change columns of a snapshot table (issue 25): beside each row, what the creator's followers
 * did since that creator's last row above it, in the same table (the last snapshot, or a month of
 * the first run's backfill). A first row of a creator has nothing to compare with: blank. Pure,
 * and shared: the worker's runner and the add-on's (issue 26) write the same columns.
 */

export const CHANGE_LABELS: readonly string[] = ['Followers gained', 'Followers change'];
/** Gained is a count (thousands), change a fraction of the followers before (percent). */
export const CHANGE_FORMATS: readonly ColumnFormat[] = ['integer', 'percent'];

const FOLLOWERS = 'Followers';
/** What names a creator on a line: the handle, else the name. */
const CREATOR_LABELS = ['Handle', 'Name'];

/** The column naming a creator in a snapshot table's header (handle, else name); -1 when none. */
export function creatorColumn(header: readonly string[]): number {
  return header.findIndex((name) => CREATOR_LABELS.includes(name));
}

/** A creator's key across rows: `@Ana` and `ana ` are one creator. */
export function creatorKey(cell: unknown): string {
  return typeof cell === 'string' || typeof cell === 'number' ? String(cell).trim().toLowerCase() : '';
}

/** Whether a snapshot of these columns (its labels, without Date) gets change columns. */
export function hasChangeColumns(labels: readonly string[]): boolean {
  return labels.includes(FOLLOWERS) && creatorColumn(labels) >= 0;
}

/** A row's cells as written: a number, text, a date (the add-on's), or '' for nothing. */
type ChangeCell = string | number | boolean | Date | null;

/**
 * `rows` (new rows, `header`'s cells without the change columns) with the two change columns
 * appended, each against the latest earlier row of its creator: first in `before` (the table's
 * data rows as read, oldest first), then in `rows` above it.
 */
export function withChangeColumns<T extends ChangeCell>(
  header: readonly string[],
  before: readonly (readonly unknown[])[],
  rows: readonly T[][],
): (T | number | '')[][] {
  const followersAt = header.indexOf(FOLLOWERS);
  const labelAt = creatorColumn(header);
  const last = new Map<string, number>();
  const remember = (cells: readonly unknown[]) => {
    const key = creatorKey(cells[labelAt]);
    const followers = cells[followersAt];
    if (key !== '' && typeof followers === 'number' && Number.isFinite(followers)) last.set(key, followers);
  };
  before.forEach(remember);
  return rows.map((cells) => {
    const key = creatorKey(cells[labelAt]);
    const followers = cells[followersAt];
    const previous = last.get(key);
    remember(cells);
    if (key === '' || typeof followers !== 'number' || previous === undefined) return [...cells, '', ''];
    const gained = followers - previous;
    return [...cells, gained, previous > 0 ? gained / previous : ''];
  });
}
