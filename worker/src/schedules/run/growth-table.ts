import { creatorColumn, creatorKey } from '../../../../shared/rows/growth-changes';
import { serialOfDay } from './sheet-number-formats';

/**
 * The wide table a growth chart draws (issue 14, part 4): the snapshot tab keeps a long table
 * (one row per run and creator), and a Sheets line chart draws one series per column, so the
 * worker turns the long rows into dates down and creators across. Pure: the Sheets steps are in
 * schedule-run-chart.ts.
 */

/**
 * One long-table row as the chart reads it: when (a Sheets serial date-time, so two runs of one
 * day are two points), the creator's label, the metric.
 */
export interface GrowthPoint {
  date: number;
  creator: string;
  value: number;
}

export interface GrowthTable {
  /** Run dates (serial date-times), oldest first. */
  dates: number[];
  /** The charted creators, most of the metric on the latest date first. */
  creators: string[];
  /** `values[d][c]`: the metric of creators[c] on dates[d]; null where that run had no number. */
  values: (number | null)[][];
}

/** Lines a reader can still tell apart in one chart (Sheets' palette repeats after 10 colours). */
export const GROWTH_CHART_SERIES = 10;

/** Metrics a growth chart draws, the first the table has: growth is followers, else engagement. */
const METRICS = ['Followers', 'Engagement rate', 'Avg views', 'Avg likes'];

/** Where a snapshot table (its header) keeps what a chart draws; null when it lacks either column. */
export function chartColumns(header: readonly string[]): { metricAt: number; labelAt: number } | null {
  const metricAt = header.findIndex((name) => METRICS.includes(name));
  const labelAt = creatorColumn(header);
  return metricAt < 0 || labelAt < 0 ? null : { metricAt, labelAt };
}

/**
 * Dates ascending, the `limit` creators with the most on the latest date on which each has a
 * number, ties by name. A creator charted twice on
 * one date (the input named it twice) keeps the last row's number. Labels compare without case
 * (`@Ana` and `ana` are one creator), keeping the latest spelling.
 */
export function growthTable(points: readonly GrowthPoint[], limit = GROWTH_CHART_SERIES): GrowthTable {
  const byCreator = new Map<string, { label: string; byDate: Map<number, number> }>();
  const dateSet = new Set<number>();
  for (const point of points) {
    const key = creatorKey(point.creator);
    if (key === '' || !Number.isFinite(point.date) || !Number.isFinite(point.value)) continue;
    dateSet.add(point.date);
    const entry = byCreator.get(key) ?? { label: point.creator.trim(), byDate: new Map<number, number>() };
    entry.label = point.creator.trim();
    entry.byDate.set(point.date, point.value);
    byCreator.set(key, entry);
  }
  const dates = [...dateSet].sort((a, b) => a - b);
  const latest = (byDate: Map<number, number>) => {
    const last = Math.max(...byDate.keys());
    return byDate.get(last) ?? 0;
  };
  const chosen = [...byCreator.values()]
    .sort((a, b) => latest(b.byDate) - latest(a.byDate) || a.label.localeCompare(b.label))
    .slice(0, limit);
  return {
    dates,
    creators: chosen.map((entry) => entry.label),
    values: dates.map((date) => chosen.map((entry) => entry.byDate.get(date) ?? null)),
  };
}

/**
 * Reads long-table rows (cells as the Sheets API answers them) into points; blank and text
 * metrics are skipped. A date is a serial number, or `YYYY-MM-DD` text as runs before issue 25
 * wrote it.
 */
export function growthPoints(
  dates: readonly unknown[],
  creators: readonly unknown[],
  values: readonly unknown[],
): GrowthPoint[] {
  const points: GrowthPoint[] = [];
  const count = Math.max(dates.length, creators.length, values.length);
  for (let i = 0; i < count; i++) {
    const value = values[i];
    const date = serialOf(dates[i]);
    if (typeof value !== 'number' || date === null) continue;
    points.push({ date, creator: cellText(creators[i]), value });
  }
  return points;
}

function serialOf(cell: unknown): number | null {
  if (typeof cell === 'number') return cell;
  return typeof cell === 'string' ? serialOfDay(cell.trim()) : null;
}

function cellText(cell: unknown): string {
  return typeof cell === 'string' || typeof cell === 'number' ? String(cell) : '';
}
