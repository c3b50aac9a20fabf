/**
 * Embedded charts, kept as the API gives them (spec and position, https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets/charts):
 * the fakes draw nothing, so a chart is its spec, which a test or the page reads back.
 */
export interface EmbeddedChart {
  chartId: number;
  /** The sheet the chart sits on (its position's sheet). */
  sheetId: number;
  spec: Record<string, unknown>;
  position: Record<string, unknown>;
}

export class ChartStore {
  private readonly bySpreadsheet = new Map<string, EmbeddedChart[]>();
  private nextId = 1_500_000_001;

  list(spreadsheetId: string): EmbeddedChart[] {
    return structuredClone(this.bySpreadsheet.get(spreadsheetId) ?? []);
  }

  find(spreadsheetId: string, chartId: number): EmbeddedChart | null {
    return (this.bySpreadsheet.get(spreadsheetId) ?? []).find((chart) => chart.chartId === chartId) ?? null;
  }

  /** A fresh id, or null when the one asked for is taken. */
  claimId(spreadsheetId: string, wanted: number | undefined): number | null {
    if (wanted !== undefined) return this.find(spreadsheetId, wanted) === null ? wanted : null;
    while (this.find(spreadsheetId, this.nextId) !== null) this.nextId++;
    return this.nextId++;
  }

  add(spreadsheetId: string, chart: EmbeddedChart): void {
    const charts = this.bySpreadsheet.get(spreadsheetId) ?? [];
    charts.push(structuredClone(chart));
    this.bySpreadsheet.set(spreadsheetId, charts);
  }

  updateSpec(spreadsheetId: string, chartId: number, spec: Record<string, unknown>): void {
    const chart = this.find(spreadsheetId, chartId);
    if (chart !== null) chart.spec = structuredClone(spec);
  }

  /** The chart floats on `sheetId` now, at `position`. */
  move(spreadsheetId: string, chartId: number, sheetId: number, position: Record<string, unknown>): void {
    const chart = this.find(spreadsheetId, chartId);
    if (chart === null) return;
    chart.sheetId = sheetId;
    chart.position = structuredClone(position);
  }

  remove(spreadsheetId: string, keep: (chart: EmbeddedChart) => boolean): void {
    const charts = this.bySpreadsheet.get(spreadsheetId);
    if (charts !== undefined) this.bySpreadsheet.set(spreadsheetId, charts.filter(keep));
  }
}
