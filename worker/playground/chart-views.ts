import { displayValue } from './apps-script/spreadsheet/cell-contents';
import type { FakeSheet } from './apps-script/spreadsheet/sheet';
import type { FakeSpreadsheet } from './apps-script/spreadsheet/spreadsheet';
import type { ChartView } from './playground-api';
import type { EmbeddedChart } from './sheets-api/charts';

/** Points and lines a chart card draws at most: the latest points, the first lines. */
const MAX_POINTS = 400;
const MAX_SERIES = 12;
/** Sheets' size for a chart inserted without one. */
const DEFAULT_SIZE = { width: 600, height: 371 };

type Fields = Record<string, unknown>;

interface Column {
  sheet: FakeSheet;
  /** 1-based, the header rows included. */
  top: number;
  bottom: number;
  column: number;
}

/**
 * The emulator's charts as the page draws them (ChartView): a basic chart's domain and series
 * read from the cells their source ranges name (one column each, a header row naming a series
 * when `headerCount` says so), as Sheets reads them when it draws. A spec of another shape gets a
 * note instead of lines: the page shows the card and says it cannot draw that kind.
 */
export function chartViews(spreadsheet: FakeSpreadsheet, charts: readonly EmbeddedChart[]): ChartView[] {
  const views: ChartView[] = [];
  for (const chart of charts) {
    const sheet = spreadsheet.sheetById(anchorSheetId(chart));
    if (sheet !== null) views.push(viewOf(spreadsheet, sheet, chart));
  }
  return views;
}

function viewOf(spreadsheet: FakeSpreadsheet, sheet: FakeSheet, chart: EmbeddedChart): ChartView {
  const overlay = fields(chart.position.overlayPosition);
  const anchor = fields(overlay.anchorCell);
  const basic = fields(chart.spec.basicChart);
  const view: ChartView = {
    chartId: chart.chartId,
    sheet: sheet.title,
    row: whole(anchor.rowIndex, 0) + 1,
    column: whole(anchor.columnIndex, 0) + 1,
    offsetX: whole(overlay.offsetXPixels, 0),
    offsetY: whole(overlay.offsetYPixels, 0),
    width: whole(overlay.widthPixels, DEFAULT_SIZE.width),
    height: whole(overlay.heightPixels, DEFAULT_SIZE.height),
    title: typeof chart.spec.title === 'string' ? chart.spec.title : '',
    subtitle: typeof chart.spec.subtitle === 'string' ? chart.spec.subtitle : '',
    chartType: typeof basic.chartType === 'string' ? basic.chartType : 'unknown',
    labels: [],
    series: [],
  };
  const domain = sourceColumn(spreadsheet, fields(list(basic.domains)[0]).domain);
  const series = list(basic.series).map((entry) => sourceColumn(spreadsheet, fields(entry).series));
  if (domain === null || series.length === 0 || series.includes(null)) {
    return { ...view, note: 'The playground draws line and column charts of one column per series only.' };
  }
  const headers = whole(basic.headerCount, 0) > 0 ? 1 : 0;
  const rows = Math.min(domain.bottom - domain.top + 1 - headers, MAX_POINTS);
  const from = domain.bottom - rows + 1;
  const timeZone = spreadsheet.timeZone;
  const text = (column: Column, row: number) => {
    const cell = column.sheet.cell(row, column.column);
    return displayValue(cell.value, cell.format, timeZone);
  };
  view.labels = Array.from({ length: Math.max(0, rows) }, (_, i) => text(domain, from + i));
  // Sheets pairs the n-th data row of each range, wherever each starts.
  const skipped = from - (domain.top + headers);
  view.series = (series as Column[]).slice(0, MAX_SERIES).map((column, s) => ({
    name: headers > 0 ? text(column, column.top) : `Series ${s + 1}`,
    values: view.labels.map((_, i) => {
      const row = column.top + headers + skipped + i;
      const value = column.sheet.cell(row, column.column).value;
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    }),
  }));
  return view;
}

/** The sheet the chart floats on: its anchor's, else (a chart sheet) its own. */
function anchorSheetId(chart: EmbeddedChart): number {
  const anchor = fields(fields(chart.position.overlayPosition).anchorCell);
  return typeof anchor.sheetId === 'number' ? anchor.sheetId : chart.sheetId;
}

/**
 * The one column of a ChartData's source range (GridRange: 0-based, ends exclusive, an end left
 * out runs to the grid's edge and is cut to the rows holding data), or null for any other shape.
 */
function sourceColumn(spreadsheet: FakeSpreadsheet, data: unknown): Column | null {
  const sources = list(fields(fields(data).sourceRange).sources);
  if (sources.length !== 1) return null;
  const range = fields(sources[0]);
  const sheet = spreadsheet.sheetById(whole(range.sheetId, 0));
  if (sheet === null) return null;
  const startColumn = whole(range.startColumnIndex, 0);
  const endColumn = whole(range.endColumnIndex, startColumn + 1);
  if (endColumn !== startColumn + 1) return null;
  const top = whole(range.startRowIndex, 0) + 1;
  const bottom = Math.min(whole(range.endRowIndex, sheet.size.rows), sheet.lastRow());
  return bottom < top ? null : { sheet, top, bottom, column: startColumn + 1 };
}

function fields(value: unknown): Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function whole(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}
