import type { FakeRange } from './range';
import type { FakeSheet } from './sheet';

/**
 * SpreadsheetApp's embedded charts, as the Apps Script reference describes them
 * (https://developers.google.com/apps-script/reference/spreadsheet/embedded-chart-builder,
 * .../embedded-chart and Sheet's newChart, insertChart, updateChart, removeChart, getCharts):
 * a builder collects ranges, a chart type, a position and options; `build()` gives a chart that is
 * on no sheet until `insertChart` puts it there, which is when it gets its id ("a stable identifier
 * for the chart that is unique across the spreadsheet containing the chart or null if the chart
 * is not in a spreadsheet"). `modify()` gives a builder of the chart with its id, whose build
 * changes nothing until `updateChart`. The fakes draw nothing: a chart is what it was built with.
 */

/** Charts.ChartType as a script reads it (`Charts.ChartType.LINE`): the enum's names. */
export const CHART_TYPES = [
  'AREA',
  'BAR',
  'BUBBLE',
  'CANDLESTICK',
  'COLUMN',
  'COMBO',
  'GAUGE',
  'GEO',
  'HISTOGRAM',
  'LINE',
  'ORG',
  'PIE',
  'SCATTER',
  'SPARKLINE',
  'STEPPED_AREA',
  'TABLE',
  'TIMELINE',
  'TREEMAP',
  'WATERFALL',
] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** The `Charts` global's part a spreadsheet script uses: its ChartType enum. */
export class FakeCharts {
  readonly ChartType = Object.fromEntries(CHART_TYPES.map((type) => [type, type])) as Record<
    ChartType,
    ChartType
  >;
}

/** Where a chart's top left floats: its anchor cell (1-based) and the offset in pixels. */
export interface ChartPosition {
  row: number;
  column: number;
  offsetX: number;
  offsetY: number;
}

/** What a chart is made of; its ranges are kept as ranges, on any sheet of the spreadsheet. */
interface ChartState {
  /** Null until inserted: the chart is in no spreadsheet. */
  chartId: number | null;
  type: ChartType;
  ranges: FakeRange[];
  position: ChartPosition;
  options: Map<string, unknown>;
  numHeaders: number;
}

const NOT_ON_SHEET = 'The chart is not on this sheet: insert it with insertChart first.';

/** ContainerInfo: where the chart floats. */
export class FakeContainerInfo {
  constructor(private readonly position: ChartPosition) {}
  getAnchorRow(): number {
    return this.position.row;
  }
  getAnchorColumn(): number {
    return this.position.column;
  }
  getOffsetX(): number {
    return this.position.offsetX;
  }
  getOffsetY(): number {
    return this.position.offsetY;
  }
}

/** Charts.ChartOptions: the options a chart was built with, read back one at a time. */
export class FakeChartOptions {
  constructor(private readonly options: ReadonlyMap<string, unknown>) {}
  get(option: string): unknown {
    return this.options.get(option) ?? null;
  }
}

export class FakeEmbeddedChartBuilder {
  constructor(
    private readonly sheet: FakeSheet,
    private readonly state: ChartState,
  ) {}

  addRange(range: FakeRange): this {
    this.sheet.runtime.enter('EmbeddedChartBuilder.addRange');
    this.state.ranges.push(range);
    return this;
  }

  removeRange(range: FakeRange): this {
    this.sheet.runtime.enter('EmbeddedChartBuilder.removeRange');
    this.state.ranges = this.state.ranges.filter((kept) => kept !== range);
    return this;
  }

  clearRanges(): this {
    this.sheet.runtime.enter('EmbeddedChartBuilder.clearRanges');
    this.state.ranges = [];
    return this;
  }

  getRanges(): FakeRange[] {
    return [...this.state.ranges];
  }

  setChartType(type: ChartType): this {
    this.sheet.runtime.enter('EmbeddedChartBuilder.setChartType');
    if (!CHART_TYPES.includes(type)) throw new Error(`Invalid argument: type`);
    this.state.type = type;
    return this;
  }

  getChartType(): ChartType {
    return this.state.type;
  }

  /** Row and column 1-based, as everywhere in SpreadsheetApp. */
  setPosition(anchorRowPos: number, anchorColPos: number, offsetX: number, offsetY: number): this {
    this.sheet.runtime.enter('EmbeddedChartBuilder.setPosition');
    if (
      !Number.isInteger(anchorRowPos) ||
      anchorRowPos < 1 ||
      !Number.isInteger(anchorColPos) ||
      anchorColPos < 1
    ) {
      throw new Error('Invalid argument: anchorRowPos and anchorColPos must be 1 or more.');
    }
    this.state.position = { row: anchorRowPos, column: anchorColPos, offsetX, offsetY };
    return this;
  }

  getContainer(): FakeContainerInfo {
    return new FakeContainerInfo({ ...this.state.position });
  }

  setOption(option: string, value: unknown): this {
    this.sheet.runtime.enter('EmbeddedChartBuilder.setOption');
    this.state.options.set(option, structuredClone(value));
    return this;
  }

  setNumHeaders(headers: number): this {
    this.sheet.runtime.enter('EmbeddedChartBuilder.setNumHeaders');
    this.state.numHeaders = headers;
    return this;
  }

  build(): FakeEmbeddedChart {
    this.sheet.runtime.enter('EmbeddedChartBuilder.build');
    return new FakeEmbeddedChart(this.sheet, copyState(this.state));
  }
}

export class FakeEmbeddedChart {
  constructor(
    private readonly sheet: FakeSheet,
    /** For SheetCharts: what the chart is. */
    readonly state: ChartState,
  ) {}

  getChartId(): number | null {
    this.sheet.runtime.enter('EmbeddedChart.getChartId');
    return this.state.chartId;
  }

  getRanges(): FakeRange[] {
    this.sheet.runtime.enter('EmbeddedChart.getRanges');
    return [...this.state.ranges];
  }

  getOptions(): FakeChartOptions {
    this.sheet.runtime.enter('EmbeddedChart.getOptions');
    return new FakeChartOptions(new Map(this.state.options));
  }

  getContainerInfo(): FakeContainerInfo {
    this.sheet.runtime.enter('EmbeddedChart.getContainerInfo');
    return new FakeContainerInfo({ ...this.state.position });
  }

  getNumHeaders(): number {
    return this.state.numHeaders;
  }

  /** A builder of this chart, its id kept: what it builds replaces the chart with updateChart. */
  modify(): FakeEmbeddedChartBuilder {
    this.sheet.runtime.enter('EmbeddedChart.modify');
    return new FakeEmbeddedChartBuilder(this.sheet, copyState(this.state));
  }
}

function copyState(state: ChartState): ChartState {
  return {
    ...state,
    ranges: [...state.ranges],
    position: { ...state.position },
    options: new Map([...state.options].map(([key, value]) => [key, structuredClone(value)])),
  };
}

/** A sheet's charts, behind Sheet's chart methods; ids come from the spreadsheet (unique across it). */
export class SheetCharts {
  private readonly charts: ChartState[] = [];

  constructor(
    private readonly sheet: FakeSheet,
    private readonly claimId: () => number,
  ) {}

  newChart(): FakeEmbeddedChartBuilder {
    this.sheet.runtime.enter('Sheet.newChart');
    return new FakeEmbeddedChartBuilder(this.sheet, {
      chartId: null,
      type: 'LINE',
      ranges: [],
      position: { row: 1, column: 1, offsetX: 0, offsetY: 0 },
      options: new Map(),
      numHeaders: -1,
    });
  }

  /** A new chart on the sheet, with a new id (a chart of modify() inserted again is a copy). */
  insert(chart: FakeEmbeddedChart): void {
    this.sheet.write('Sheet.insertChart');
    this.charts.push({ ...copyState(chart.state), chartId: this.claimId() });
  }

  /** Google refuses to update a chart the sheet does not hold (one never inserted, removed, or on another sheet). */
  update(chart: FakeEmbeddedChart): void {
    this.sheet.write('Sheet.updateChart');
    const at = this.indexOf(chart);
    this.charts[at] = copyState(chart.state);
  }

  remove(chart: FakeEmbeddedChart): void {
    this.sheet.write('Sheet.removeChart');
    this.charts.splice(this.indexOf(chart), 1);
  }

  list(): FakeEmbeddedChart[] {
    this.sheet.runtime.enter('Sheet.getCharts');
    return this.charts.map((state) => new FakeEmbeddedChart(this.sheet, copyState(state)));
  }

  /** The charts' ids without counting a service call (tests, and the spreadsheet's id space). */
  ids(): number[] {
    return this.charts.map((state) => state.chartId ?? 0);
  }

  private indexOf(chart: FakeEmbeddedChart): number {
    const at = this.charts.findIndex(
      (state) => state.chartId !== null && state.chartId === chart.state.chartId,
    );
    if (at < 0) throw new Error(NOT_ON_SHEET);
    return at;
  }
}
