import { creatorColumn, creatorKey } from './growth-changes';

/**
 * The wide table a growth chart draws (issue 14, part 4): the snapshot tab keeps a long table
 * (one row per run and creator), and a Sheets line chart draws one series per column, so the
 * worker turns the long rows into dates down and creators across. Pure, shared by both runners: the
 * worker's Sheets steps are in worker/src/schedules/run/schedule-run-chart.ts, the add-on's in
 * addon/server/schedules/sheet-schedule-chart.ts.
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
 * Reads long-table rows into points; blank and text metrics are skipped. `dateOf` reads a date
 * cell as its runner wrote it (the worker: a serial number; the add-on: a Date), null: no date.
 */
export function growthPoints(
  dates: readonly unknown[],
  creators: readonly unknown[],
  values: readonly unknown[],
  dateOf: (cell: unknown) => number | null,
): GrowthPoint[] {
  const points: GrowthPoint[] = [];
  const count = Math.max(dates.length, creators.length, values.length);
  for (let i = 0; i < count; i++) {
    const value = values[i];
    const date = dateOf(dates[i]);
    if (typeof value !== 'number' || date === null) continue;
    points.push({ date, creator: cellText(creators[i]), value });
  }
  return points;
}

function cellText(cell: unknown): string {
  return typeof cell === 'string' || typeof cell === 'number' ? String(cell) : '';
}

/**
 * What a snapshot table (its header, "Date" first, and its data rows) charts: its metric's name
 * and the wide table; null when it has no metric or creator column, or no number yet.
 */
export function snapshotGrowth(
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
  dateOf: (cell: unknown) => number | null,
): { metric: string; growth: GrowthTable } | null {
  const columns = chartColumns(header);
  if (columns === null) return null;
  const growth = growthTable(
    growthPoints(
      rows.map((cells) => cells[0]),
      rows.map((cells) => cells[columns.labelAt]),
      rows.map((cells) => cells[columns.metricAt]),
      dateOf,
    ),
  );
  return growth.creators.length === 0 ? null : { metric: header[columns.metricAt], growth };
}

/** The sentence a run's message ends with: what its chart shows. */
export function growthChartNote(metric: string, growth: GrowthTable): string {
  const who = growth.creators.length === 1 ? '1 creator' : `${growth.creators.length} creators`;
  const points = growth.dates.length === 1 ? '1 date' : `${growth.dates.length} dates`;
  return `The chart shows ${metric.toLowerCase()} of ${who} on ${points}.`;
}
