import type { sheets_v4 } from '@googleapis/sheets';
import type { ScheduleAnswer } from '../../../../shared/worker-api/schedules';
import { a1Range } from '../../google/a1-range';
import {
  findGrowthChart,
  growthChartId,
  growthChartPosition,
  growthChartSpec,
  retargetedSpec,
  type ChartAnchor,
} from './growth-chart';
import { growthChartNote, snapshotGrowth } from '../../../../shared/rows/growth-table';
import type { RunLayout } from '../../../../shared/worker-api/schedule-runs/schedule-run-layout';
import type { ScheduleTab, SheetValue } from './schedule-run-sheet';
import { DATE_TIME_FORMAT, numberFormatRequests, serialOfCell } from './sheet-number-formats';

/** What the chart step needs: the snapshot table as it stands once this run's rows are in. */
export interface SnapshotChartInput {
  schedule: ScheduleAnswer;
  /** The table's header, "Date" first. */
  header: readonly string[];
  /** Every data row of the table, oldest first: those read before the run, then the run's. */
  rows: readonly (readonly unknown[])[];
  chart: NonNullable<RunLayout['chart']>;
  outputTab: ScheduleTab;
  /** The summary tab's id and title: the block is there, and a wide table's chart too. */
  summarySheetId: number;
  summaryTitle: string;
  /** Every tab's charts (the schedule's may sit on either tab). */
  charts: readonly ScheduleTab['charts'][number][];
  /** Every tab's id, the summary tab's included when this run adds it: a new chart's id is none of them. */
  tabIds: readonly number[];
  /** Rows the block had before (its header included), read with the run's input: longer ones are blanked. */
  oldBlockRows: number;
}

/** The chart's part of a run's two writes. */
export interface ChartPlan {
  /** For the run's batchUpdate: the chart added, or updated and moved where the layout puts it; the block's date format. */
  requests: sheets_v4.Schema$Request[];
  /** For the run's values write: the block on the summary tab. */
  block: { range: string; values: SheetValue[][] };
  /** What the chart shows, in a sentence for the run's message. */
  note: string;
}

/**
 * The growth chart of an append-snapshot schedule (issue 14, part 4; placed by issue 25): the
 * block it draws (dates down, the top GROWTH_CHART_SERIES creators across) computed from the table
 * in memory, the chart added once (`addChart`) and then updated (`updateChartSpec`), moved with
 * `updateEmbeddedObjectPosition` when the table's layout puts it elsewhere (a chart of an older
 * version, far right of a wide table, comes to its summary tab). No Sheets call of its own: its
 * requests ride in the run's batchUpdate and its block in the run's values write. Null when the
 * table has no metric or creator column to draw, or no number yet.
 */
export function planGrowthChart(input: SnapshotChartInput): ChartPlan | null {
  const { schedule, header, rows, chart } = input;
  const charted = snapshotGrowth(header, rows, serialOfCell);
  if (charted === null) return null;
  const { metric, growth } = charted;
  const width = chart.block.columns;
  const pad = (cells: SheetValue[]) => [...cells, ...Array<SheetValue>(width - cells.length).fill('')];
  const values: SheetValue[][] = [
    pad([`Date (${metric})`, ...growth.creators]),
    ...growth.dates.map((date, d) => pad([date, ...growth.values[d].map((value) => value ?? '')])),
  ];
  const dateRows = growth.dates.length;
  // Rows the last block had below this one's end (someone deleted snapshot rows) are blanked.
  while (values.length < input.oldBlockRows) values.push(pad([]));

  const block = { sheetId: input.summarySheetId, row: chart.block.row, column: chart.block.column };
  const spec = growthChartSpec(
    { ...block, rows: 1 + dateRows, series: growth.creators.length },
    { metric, scheduleId: schedule.id, scheduleName: schedule.name },
  );
  const anchor: ChartAnchor = {
    sheetId: chart.anchor.summary ? input.summarySheetId : input.outputTab.sheetId,
    row: chart.anchor.row,
    column: chart.anchor.column,
  };
  const position = growthChartPosition(anchor);
  const found = findGrowthChart(input.charts, schedule.id);
  const requests: sheets_v4.Schema$Request[] = [
    ...numberFormatRequests({ ...block, row: block.row + 1, rows: dateRows, formats: [DATE_TIME_FORMAT] }),
  ];
  if (found === null) {
    const taken = new Set([...input.tabIds, ...input.charts.map((chart) => chart.chartId)]);
    const chartId = growthChartId(schedule.id, taken);
    requests.push({ addChart: { chart: { chartId, spec, position } } });
  } else {
    const retargeted = retargetedSpec(found.spec, spec);
    if (retargeted !== null) requests.push({ updateChartSpec: { chartId: found.chartId, spec: retargeted } });
    if (!sameAnchor(found.anchor, anchor)) {
      requests.push({
        updateEmbeddedObjectPosition: { objectId: found.chartId, newPosition: position, fields: '*' },
      });
    }
  }
  return {
    requests,
    block: {
      range: a1Range(input.summaryTitle, chart.block.row, chart.block.column, values.length, width),
      values,
    },
    note: growthChartNote(metric, growth),
  };
}

function sameAnchor(a: ScheduleTab['charts'][number]['anchor'], b: ChartAnchor): boolean {
  return a !== null && a.sheetId === b.sheetId && a.row === b.row && a.column === b.column;
}
