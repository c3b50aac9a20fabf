import type { ScheduleAnswer } from '../../../shared/worker-api/schedules';
import { gridGrowth } from './grid-growth';
import { findGrowthChart, growthChartPosition, growthChartSpec, type ChartBlock } from './growth-chart';
import { GROWTH_CHART_SERIES, growthPoints, growthTable } from './growth-table';
import { a1Range, openColumnRange } from './a1-range';
import type { ScheduleSheet, ScheduleTab, SheetValue } from './schedule-run-sheet';

/** The snapshot table as the chart step needs it: where it is and its header (with "Date" first). */
export interface SnapshotTable {
  schedule: ScheduleAnswer;
  tab: ScheduleTab;
  header: string[];
}

/** Metrics a growth chart draws, the first the table has: growth is followers, else engagement. */
const METRICS = ['Followers', 'Engagement rate', 'Avg views', 'Avg likes'];
/** What names a creator on a line: the handle, else the name. */
const LABELS = ['Handle', 'Name'];

/**
 * Adds or updates the growth chart of an append-snapshot schedule (issue 14, part 4), in three
 * Sheets calls: one values.batchGet (the long table's date, creator and metric columns, and the
 * chart block's date column for its old height), one batchUpdate (the grid grown when the block
 * or the chart's anchor lies past it, then updateChartSpec of the schedule's chart, or addChart when
 * it has none), one values.update (the chart block: dates down, the top creators across, right of
 * the table's "Last refreshed" stamp after one empty column). Answers what the chart shows, or
 * null when the table has no metric or creator column to draw (other columns get no chart).
 */
export async function updateGrowthChart(sheet: ScheduleSheet, table: SnapshotTable): Promise<string | null> {
  const { schedule, tab, header } = table;
  const metricAt = header.findIndex((name) => METRICS.includes(name));
  const labelAt = header.findIndex((name) => LABELS.includes(name));
  if (metricAt < 0 || labelAt < 0) return null;

  const { sheetName, row, column } = schedule.output;
  const blockColumn = column + header.length + 2;
  const [dates, creators, values, oldBlock] = await sheet.readColumns([
    openColumnRange(sheetName, row + 1, column),
    openColumnRange(sheetName, row + 1, column + labelAt),
    openColumnRange(sheetName, row + 1, column + metricAt),
    openColumnRange(sheetName, row, blockColumn),
  ]);
  const growth = growthTable(growthPoints(dates, creators, values));
  if (growth.creators.length === 0) return null;

  const metric = header[metricAt];
  const width = 1 + GROWTH_CHART_SERIES;
  const pad = (cells: SheetValue[]) => [...cells, ...Array<SheetValue>(width - cells.length).fill('')];
  const block: SheetValue[][] = [
    pad([`Date (${metric})`, ...growth.creators]),
    ...growth.dates.map((date, d) => pad([date, ...growth.values[d].map((value) => value ?? '')])),
  ];
  // Rows the last block had below this one's end (someone deleted snapshot rows) are blanked.
  while (block.length < oldBlock.length) block.push(pad([]));

  const chartBlock: ChartBlock = {
    sheetId: tab.sheetId,
    row,
    column: blockColumn,
    rows: 1 + growth.dates.length,
    series: growth.creators.length,
  };
  const position = growthChartPosition(chartBlock);
  const anchorColumn = (position.overlayPosition?.anchorCell?.columnIndex ?? 0) + 1;
  const spec = growthChartSpec(chartBlock, {
    metric,
    scheduleId: schedule.id,
    scheduleName: schedule.name,
  });
  const chartId = findGrowthChart(tab.charts, schedule.id);
  await sheet.batch([
    ...gridGrowth(tab, row + block.length - 1, anchorColumn),
    chartId === null ? { addChart: { chart: { spec, position } } } : { updateChartSpec: { chartId, spec } },
  ]);
  await sheet.update(a1Range(sheetName, row, blockColumn, block.length, width), block);
  const who = growth.creators.length === 1 ? '1 creator' : `${growth.creators.length} creators`;
  const runDates = growth.dates.length === 1 ? '1 run date' : `${growth.dates.length} run dates`;
  return `The chart shows ${metric.toLowerCase()} of ${who} on ${runDates}.`;
}
