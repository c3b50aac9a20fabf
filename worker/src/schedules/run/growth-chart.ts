import type { sheets_v4 } from '@googleapis/sheets';

/**
 * The growth chart's spec and position (Sheets API ChartSpec, BasicChartSpec and
 * EmbeddedObjectPosition: https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets/charts).
 * A line chart whose domain is the chart block's date column and whose series are its creator
 * columns, the block's first row being their names (`headerCount: 1`). Pure.
 */

/**
 * Where the chart block sits, 1-based: its header row and date column; `rows` counts the header.
 * On the table's summary tab (schedule-run-layout.ts), which the chart need not float over.
 */
export interface ChartBlock {
  sheetId: number;
  row: number;
  column: number;
  rows: number;
  /** Creator columns right of the date column. */
  series: number;
}

export interface GrowthChartText {
  /** The metric's column header, e.g. `Followers`. */
  metric: string;
  scheduleId: string;
  scheduleName: string;
}

/**
 * The chart is found again by its alt text, which names the schedule: the spec's title is what a
 * user edits; the alt text (a description for screen readers) rarely is. A chart whose alt text
 * lost the mark is left alone and a new one added, never someone else's chart changed.
 */
function chartMark(scheduleId: string): string {
  return `[creator-sheets:${scheduleId}]`;
}

export function growthChartSpec(block: ChartBlock, text: GrowthChartText): sheets_v4.Schema$ChartSpec {
  const column = (offset: number): sheets_v4.Schema$ChartData => ({
    sourceRange: {
      sources: [
        {
          sheetId: block.sheetId,
          startRowIndex: block.row - 1,
          endRowIndex: block.row - 1 + block.rows,
          startColumnIndex: block.column - 1 + offset,
          endColumnIndex: block.column + offset,
        },
      ],
    },
  });
  const metric = text.metric.toLowerCase();
  return {
    title: `${text.metric} over time`,
    subtitle: `Top ${block.series} creators by ${metric} on the latest run · ${text.scheduleName}`,
    altText: `${text.metric} of the top ${block.series} creators of the schedule "${text.scheduleName}", one line per creator, by run date. ${chartMark(text.scheduleId)}`,
    hiddenDimensionStrategy: 'SHOW_ALL',
    basicChart: {
      chartType: 'LINE',
      legendPosition: 'RIGHT_LEGEND',
      headerCount: 1,
      interpolateNulls: true,
      axis: [
        { position: 'BOTTOM_AXIS', title: 'Run date' },
        { position: 'LEFT_AXIS', title: text.metric },
      ],
      domains: [{ domain: column(0) }],
      series: Array.from({ length: block.series }, (_, i) => ({
        series: column(i + 1),
        targetAxis: 'LEFT_AXIS',
      })),
    },
  };
}

/** Chart size in pixels: about Sheets' default for an inserted chart. */
const CHART_WIDTH = 720;
const CHART_HEIGHT = 400;

/** A cell a chart's top left floats over, 1-based. */
export interface ChartAnchor {
  sheetId: number;
  row: number;
  column: number;
}

/** Floating over the cells from `anchor` (schedule-run-layout.ts says which). */
export function growthChartPosition(anchor: ChartAnchor): sheets_v4.Schema$EmbeddedObjectPosition {
  return {
    overlayPosition: {
      anchorCell: { sheetId: anchor.sheetId, rowIndex: anchor.row - 1, columnIndex: anchor.column - 1 },
      widthPixels: CHART_WIDTH,
      heightPixels: CHART_HEIGHT,
    },
  };
}

/**
 * The id a schedule's chart is added with (issue 26): Sheets takes an `addChart` with the id given
 * ("It is an error to specify the ID of an embedded object that already exists", AddChartRequest),
 * so the chart is found again by its id whatever its alt text becomes. Derived from the schedule's
 * id (not its summary tab's: tabs and charts share one id space), the next free one when taken.
 */
export function growthChartId(scheduleId: string, takenIds: ReadonlySet<number>): number {
  let hash = 7;
  for (const char of `chart:${scheduleId}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  let id = (hash % 2_000_000_000) + 1;
  while (takenIds.has(id)) id += 1;
  return id;
}

/**
 * The chart of this schedule among `charts` (every tab's): the one with its own id, else (a chart
 * added before ids were given) one whose alt text still carries its mark.
 */
export function findGrowthChart<Chart extends { chartId: number; altText: string }>(
  charts: readonly Chart[],
  scheduleId: string,
): Chart | null {
  const own = growthChartId(scheduleId, new Set());
  const mark = chartMark(scheduleId);
  return (
    charts.find((chart) => chart.chartId === own) ??
    charts.find((chart) => chart.altText.includes(mark)) ??
    null
  );
}

/** The ChartSpec kinds besides a basic chart (line, bar, area...), one of which a person may pick. */
const OTHER_CHART_KINDS = [
  'pieChart',
  'bubbleChart',
  'candlestickChart',
  'orgChart',
  'histogramChart',
  'waterfallChart',
  'treemapChart',
  'scorecardChart',
] as const;

/**
 * The user's chart pointed at this run's block (issue 26: `updateChartSpec` replaces the whole
 * spec, so sending ours would wipe their title, colours and chart type): their spec with only the
 * domain's and the series' ranges replaced, each series keeping its own style by place; series
 * past the block's dropped, new ones added plain. Null when nothing changes (the ranges already
 * cover the block: the data write alone redraws it) or when the user made it another kind of chart
 * (a pie, say), which a run then leaves as it is. A spec of no kind at all is replaced by ours.
 */
export function retargetedSpec(
  current: sheets_v4.Schema$ChartSpec,
  planned: sheets_v4.Schema$ChartSpec,
): sheets_v4.Schema$ChartSpec | null {
  const theirs = current.basicChart;
  const ours = planned.basicChart;
  if (ours === undefined || ours === null) return null;
  if (theirs === undefined || theirs === null) {
    // Another kind of chart is the user's choice; a spec with no kind at all holds nothing to keep.
    return OTHER_CHART_KINDS.some((kind) => current[kind] != null) ? null : planned;
  }
  const domains = (ours.domains ?? []).map((domain, i) => ({
    ...(theirs.domains?.[i] ?? {}),
    domain: domain.domain,
  }));
  const series = (ours.series ?? []).map((line, i) => ({
    ...(theirs.series?.[i] ?? { targetAxis: line.targetAxis }),
    series: line.series,
  }));
  const same =
    JSON.stringify(domains) === JSON.stringify(theirs.domains ?? []) &&
    JSON.stringify(series) === JSON.stringify(theirs.series ?? []);
  return same ? null : { ...current, basicChart: { ...theirs, domains, series } };
}
