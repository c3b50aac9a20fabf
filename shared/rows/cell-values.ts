import { calendarDay, DEFAULT_TIME_ZONE } from '../time-zone';
import type { Cell } from './columns';

/**
 * Defensive readers that turn whatever an API answer holds into one sheet cell. A mapping never
 * trusts a field it does not need to: anything missing or of the wrong type becomes an empty cell,
 * so one odd report cannot crash a block of 200 rows.
 */

/** Google Sheets refuses a cell holding more than 50,000 characters. */
export const MAX_CELL_CHARS = 50000;

export type Path = readonly (string | number)[];

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at `path` (keys and array indexes), or undefined where the path leads nowhere. */
export function valueAt(root: unknown, path: Path): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (typeof key === 'number') {
      node = Array.isArray(node) ? node[key] : undefined;
    } else {
      node = isRecord(node) ? node[key] : undefined;
    }
    if (node === undefined) return undefined;
  }
  return node;
}

/** The array at `path`, or an empty one. */
export function listAt(root: unknown, path: Path): unknown[] {
  const value = valueAt(root, path);
  return Array.isArray(value) ? value : [];
}

/** A finite number, or null. Numeric strings count too: raw platform JSON sometimes quotes counts. */
export function numberCell(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  return null;
}

/** Text for a cell: strings as they are (cut to what a cell holds), numbers as their digits. */
export function textCell(value: unknown): string | null {
  if (typeof value === 'string') {
    if (value === '') return null;
    return value.length > MAX_CELL_CHARS ? `${value.slice(0, MAX_CELL_CHARS - 1)}…` : value;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function booleanCell(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  return null;
}

/** Joins the non-empty texts of a list with ", ", or null when nothing is left. */
export function joinedCell(values: readonly unknown[], separator = ', '): string | null {
  const parts: string[] = [];
  for (const value of values) {
    const text = textCell(value);
    if (text !== null) parts.push(text);
  }
  return parts.length === 0 ? null : textCell(parts.join(separator));
}

/**
 * A percentage (0.71 meaning 0.71%) as the fraction percent-formatted columns hold (0.0071).
 * Rounded to 12 significant digits so that 0.71 / 100 reads 0.0071, not 0.0070999999999999995.
 */
export function percentToFraction(value: unknown): number | null {
  const percent = numberCell(value);
  return percent === null ? null : Number((percent / 100).toPrecision(12));
}

/** A share rounded to whole percent for text cells: 0.314 -> "31%". */
export function percentText(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/** An ISO 8601 time that names its offset ('...T07:00:00Z', '...T07:00+02:00'): one instant. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The 'YYYY-MM-DD' of an ISO 8601 text, or null. A time with an offset is an instant, so its day is
 * the one on the sheet's calendar ('2024-05-01T23:30:00Z' is 2024-05-02 in Berlin); a bare date or a
 * time without an offset already is a calendar day and is kept as written.
 */
export function dateFromIsoText(value: unknown, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const match = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(text);
  if (match === null) return null;
  if (!ISO_INSTANT.test(text)) return match[1];
  return dateFromMillis(Date.parse(text), timeZone) ?? match[1];
}

/** The 'YYYY-MM-DD' in `timeZone` (UTC by default) of a time in milliseconds since the epoch, or null. */
export function dateFromMillis(value: unknown, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  const millis = numberCell(value);
  // Outside years 1970 to 9999 the value is not a timestamp of this API.
  if (millis === null || millis < 0 || millis > 253402300799999) return null;
  return calendarDay(millis, timeZone);
}

/** The 'YYYY-MM-DD' in `timeZone` of a time in seconds since the epoch (raw platform data), or null. */
export function dateFromSeconds(value: unknown, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  const seconds = numberCell(value);
  return seconds === null ? null : dateFromMillis(seconds * 1000, timeZone);
}

/** A date given either as ISO text or as milliseconds since the epoch, as a day in `timeZone`. */
export function dateCell(value: unknown, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  return typeof value === 'number' ? dateFromMillis(value, timeZone) : dateFromIsoText(value, timeZone);
}

/** The first non-empty cell of the candidates, or null. */
export function firstCell(...cells: Cell[]): Cell {
  for (const cell of cells) {
    if (cell !== null) return cell;
  }
  return null;
}
