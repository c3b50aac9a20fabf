import { growthChartNote, snapshotGrowth, type GrowthTable } from '../../../shared/rows/growth-table';
import {
  runLayout,
  summaryTabLabel,
  type RunLayout,
} from '../../../shared/worker-api/schedule-runs/schedule-run-layout';
import type { ScheduleAnswer } from '../../../shared/worker-api/schedules';
import { ensureSheetSize } from '../jobs/job-destination';
import { tableRows } from './sheet-schedule-output';
import { openSummaryTab } from './sheet-summary-tab';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Chart = GoogleAppsScript.Spreadsheet.EmbeddedChart;
type ChartLayout = NonNullable<RunLayout['chart']>;

/**
 * The growth chart of a snapshot the add-on runs (issue 26), as the worker's runner draws it
 * (worker/src/schedules/run/schedule-run-chart.ts): the same block on the table's summary tab
 * (dates down, the top creators across, shared/rows/growth-table.ts), the same place
 * (shared/worker-api/schedule-run-layout.ts), with SpreadsheetApp's chart builder.
 *
 * The chart is found again by its id, kept in a document property per schedule; a chart of an
 * older run without one is found by its first range (the block's corner, which only this chart
 * draws). A later run changes its ranges (and its place when the layout moved) through
 * `modify()`, so a person's title, colours and chart type stay; a chart made another kind than
 * the basic ones (a pie, say) is left as it is, as the worker leaves it.
 */

const CHART_PREFIX = 'creatorSheets.chart.';
const DATE_TIME = 'yyyy-mm-dd hh:mm';
/** Chart types whose ranges are a domain and series, as the worker's `basicChart`. */
const BASIC_TYPES = ['LINE', 'AREA', 'BAR', 'COLUMN', 'COMBO', 'SCATTER', 'STEPPED_AREA'];

/** A Date read from a cell (the fakes' Dates come from another realm than the script's). */
function timeOf(cell: unknown): number | null {
  if (Object.prototype.toString.call(cell) !== '[object Date]') return null;
  const time = (cell as Date).getTime();
  return Number.isFinite(time) ? time : null;
}

/**
 * Draws (or redraws) the chart of a snapshot whose table is `width` columns wide; answers the
 * sentence the run's message ends with, or null when there is nothing to draw. A refusal of the
 * chart (Google's) is told in that sentence: the rows are already written.
 */
export function drawGrowthChart(sheet: Sheet, schedule: ScheduleAnswer, width: number): string | null {
  if (schedule.mode !== 'append-snapshot' || width === 0) return null;
  const header = (
    sheet.getRange(schedule.output.row, schedule.output.column, 1, width).getValues()[0] ?? []
  ).map((cell) => String(cell));
  const charted = snapshotGrowth(header, tableRows(sheet, schedule, width), timeOf);
  if (charted === null) return null;
  const { metric, growth } = charted;
  const layout = runLayout(schedule, width, true);
  const chartLayout = layout.chart as ChartLayout;
  const summary = openSummaryTab(sheet, schedule);
  if (!layout.wide) {
    summary.getRange(1, 1).setValue(summaryTabLabel(schedule.name, schedule.output.sheetName));
  }
  const blockRows = writeBlock(summary, chartLayout, metric, growth);
  try {
    placeChart(
      schedule,
      chartLayout.anchor.summary ? summary : sheet,
      summary,
      chartLayout,
      blockRows,
      growth.creators.length,
    );
  } catch (error) {
    return `The growth chart was not updated: ${error instanceof Error ? error.message : String(error)}`;
  }
  return growthChartNote(metric, growth);
}

/**
 * The block (its header `Date (Followers)`, then a row a date), padded to the layout's width,
 * the rows an older block had below its end blanked; answers its rows, header included.
 */
function writeBlock(summary: Sheet, chart: ChartLayout, metric: string, growth: GrowthTable): number {
  const { row, column, columns } = chart.block;
  const pad = (cells: (string | number | Date)[]) => [
    ...cells,
    ...Array<string>(columns - cells.length).fill(''),
  ];
  const values = [
    pad([`Date (${metric})`, ...growth.creators]),
    ...growth.dates.map((date, d) => pad([new Date(date), ...growth.values[d].map((value) => value ?? '')])),
  ];
  const blockRows = values.length;
  const oldRows = Math.max(0, summary.getLastRow() - row + 1);
  while (values.length < oldRows) values.push(pad([]));
  ensureSheetSize(summary, row + values.length - 1, column + columns - 1);
  const range = summary.getRange(row, column, values.length, columns);
  range.setValues(values);
  summary.getRange(row + 1, column, Math.max(1, growth.dates.length), 1).setNumberFormat(DATE_TIME);
  return blockRows;
}

/** The chart pointed at the block: inserted the first time, else only its ranges (and place) changed. */
function placeChart(
  schedule: ScheduleAnswer,
  anchorSheet: Sheet,
  summary: Sheet,
  chart: ChartLayout,
  blockRows: number,
  series: number,
): void {
  const { row, column } = chart.block;
  const ranges = Array.from({ length: 1 + series }, (_, i) =>
    summary.getRange(row, column + i, blockRows, 1),
  );
  const found = findChart(schedule, summary, chart);
  if (found === null) {
    const metricTitle = String(summary.getRange(row, column).getValue()).replace(/^Date \((.*)\)$/, '$1');
    let builder = anchorSheet
      .newChart()
      .setChartType(Charts.ChartType.LINE)
      .setNumHeaders(1)
      .setPosition(chart.anchor.row, chart.anchor.column, 0, 0)
      .setOption('title', `${metricTitle} over time`)
      .setOption(
        'subtitle',
        `Top ${series} creators by ${metricTitle.toLowerCase()} on the latest run · ${schedule.name}`,
      )
      .setOption('legend', { position: 'right' })
      .setOption('interpolateNulls', true)
      .setOption('hAxis', { title: 'Run date' })
      .setOption('vAxis', { title: metricTitle });
    for (const range of ranges) builder = builder.addRange(range);
    anchorSheet.insertChart(builder.build());
    keepChartId(schedule.id, anchorSheet);
    return;
  }
  const { sheet, chart: standing } = found;
  if (!BASIC_TYPES.includes(String(standing.modify().getChartType()))) return;
  const same =
    sheet.getSheetId() === anchorSheet.getSheetId() &&
    sameAnchor(standing.getContainerInfo(), chart.anchor) &&
    sameRanges(standing.getRanges(), ranges);
  if (same) return;
  let builder = standing.modify().clearRanges();
  for (const range of ranges) builder = builder.addRange(range);
  builder = builder.setPosition(chart.anchor.row, chart.anchor.column, 0, 0);
  if (sheet.getSheetId() === anchorSheet.getSheetId()) {
    sheet.updateChart(builder.build());
    return;
  }
  // The layout moved it to the other tab (the table widened or narrowed): Sheet has no move, so
  // the same chart, styling and all, is inserted there and its old copy removed.
  anchorSheet.insertChart(builder.build());
  sheet.removeChart(standing);
  keepChartId(schedule.id, anchorSheet);
}

function findChart(
  schedule: ScheduleAnswer,
  summary: Sheet,
  chart: ChartLayout,
): { sheet: Sheet; chart: Chart } | null {
  const kept = PropertiesService.getDocumentProperties()?.getProperty(CHART_PREFIX + schedule.id) ?? null;
  const id = kept === null ? null : Number(kept);
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  let byRange: { sheet: Sheet; chart: Chart } | null = null;
  for (const sheet of spreadsheet.getSheets()) {
    for (const candidate of sheet.getCharts()) {
      if (id !== null && candidate.getChartId() === id) return { sheet, chart: candidate };
      const first = candidate.getRanges()[0];
      if (
        byRange === null &&
        first !== undefined &&
        first.getSheet().getSheetId() === summary.getSheetId() &&
        first.getRow() === chart.block.row &&
        first.getColumn() === chart.block.column
      ) {
        byRange = { sheet, chart: candidate };
      }
    }
  }
  return byRange;
}

/** The id of the chart just inserted on `sheet` (the last of its charts) kept for the next run. */
function keepChartId(scheduleId: string, sheet: Sheet): void {
  const charts = sheet.getCharts();
  const id = charts[charts.length - 1]?.getChartId() ?? null;
  const properties = PropertiesService.getDocumentProperties();
  if (id !== null && properties !== null) properties.setProperty(CHART_PREFIX + scheduleId, String(id));
}

function sameAnchor(
  info: GoogleAppsScript.Spreadsheet.ContainerInfo,
  anchor: ChartLayout['anchor'],
): boolean {
  return info.getAnchorRow() === anchor.row && info.getAnchorColumn() === anchor.column;
}

function sameRanges(
  a: GoogleAppsScript.Spreadsheet.Range[],
  b: GoogleAppsScript.Spreadsheet.Range[],
): boolean {
  const key = (range: GoogleAppsScript.Spreadsheet.Range) =>
    `${range.getSheet().getSheetId()}!${range.getA1Notation()}`;
  return a.length === b.length && a.every((range, i) => key(range) === key(b[i]));
}
