/**
 * The wide table a growth chart draws (issue 14, part 4): the snapshot tab keeps a long table
 * (one row per run and creator), and a Sheets line chart draws one series per column, so the
 * worker turns the long rows into dates down and creators across. Pure: the Sheets steps are in
 * schedule-run-chart.ts.
 */

/** One long-table row as the chart reads it: the run's date, the creator's label, the metric. */
export interface GrowthPoint {
  date: string;
  creator: string;
  value: number;
}

export interface GrowthTable {
  /** Run dates, oldest first. */
  dates: string[];
  /** The charted creators, most of the metric on the latest date first. */
  creators: string[];
  /** `values[d][c]`: the metric of creators[c] on dates[d]; null where that run had no number. */
  values: (number | null)[][];
}

/** Lines a reader can still tell apart in one chart (Sheets' palette repeats after 10 colours). */
export const GROWTH_CHART_SERIES = 10;

/**
 * Dates ascending by their text (`YYYY-MM-DD` sorts as it reads), the `limit` creators with the
 * most on the latest date on which each has a number, ties by name. A creator charted twice on
 * one date (the input named it twice) keeps the last row's number. Labels compare without case
 * (`@Ana` and `ana` are one creator), keeping the latest spelling.
 */
export function growthTable(points: readonly GrowthPoint[], limit = GROWTH_CHART_SERIES): GrowthTable {
  const byCreator = new Map<string, { label: string; byDate: Map<string, number> }>();
  const dateSet = new Set<string>();
  for (const point of points) {
    const key = point.creator.trim().toLowerCase();
    if (key === '' || point.date === '' || !Number.isFinite(point.value)) continue;
    dateSet.add(point.date);
    const entry = byCreator.get(key) ?? { label: point.creator.trim(), byDate: new Map<string, number>() };
    entry.label = point.creator.trim();
    entry.byDate.set(point.date, point.value);
    byCreator.set(key, entry);
  }
  const dates = [...dateSet].sort();
  const latest = (byDate: Map<string, number>) => {
    const last = [...byDate.keys()].sort().at(-1);
    return last === undefined ? 0 : (byDate.get(last) ?? 0);
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

/** Reads long-table rows (cells as the Sheets API answers them) into points; blank and text metrics are skipped. */
export function growthPoints(
  dates: readonly unknown[],
  creators: readonly unknown[],
  values: readonly unknown[],
): GrowthPoint[] {
  const points: GrowthPoint[] = [];
  const count = Math.max(dates.length, creators.length, values.length);
  for (let i = 0; i < count; i++) {
    const value = values[i];
    if (typeof value !== 'number') continue;
    points.push({ date: cellText(dates[i]), creator: cellText(creators[i]), value });
  }
  return points;
}

function cellText(cell: unknown): string {
  return typeof cell === 'string' || typeof cell === 'number' ? String(cell) : '';
}
