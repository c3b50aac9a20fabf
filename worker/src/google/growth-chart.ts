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

/** The chart of this schedule among `charts` (every tab's), if one still carries its mark. */
export function findGrowthChart<Chart extends { chartId: number; altText: string }>(
  charts: readonly Chart[],
  scheduleId: string,
): Chart | null {
  const mark = chartMark(scheduleId);
  return charts.find((chart) => chart.altText.includes(mark)) ?? null;
}
