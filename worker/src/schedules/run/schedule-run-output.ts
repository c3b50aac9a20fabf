import type { sheets_v4 } from '@googleapis/sheets';
import type { Cell, Row } from '../../../../shared/rows/columns';
import type { ScheduleAnswer } from '../../../../shared/worker-api/schedules';
import { a1Range } from '../../google/a1-range';
import { gridGrowth } from './grid-growth';
import type { BackfillRow } from './growth-backfill';
import {
  CHANGE_FORMATS,
  CHANGE_LABELS,
  hasChangeColumns,
  withChangeColumns,
} from '../../../../shared/rows/growth-changes';
import { DeliveryRefused } from '../../google/paced-sheets-call';
import { planGrowthChart, type ChartPlan } from './schedule-run-chart';
import type { ScheduleTable } from './schedule-run-fetch';
import {
  summaryTabLabel,
  type RunLayout,
} from '../../../../shared/worker-api/schedule-runs/schedule-run-layout';
import type { OutputClaim, SummaryTab } from './schedule-run-ownership';
import { isBlankCell, type ScheduleSheet, type ScheduleTab, type SheetValue } from './schedule-run-sheet';
import { refreshedStamp } from './schedule-run-time';
import {
  DATE_TIME_FORMAT,
  numberFormatOf,
  numberFormatRequests,
  rawCellOf,
  serialOfInstant,
  type SheetNumberFormat,
} from './sheet-number-formats';

/** What the output step needs besides the sheet: the run's table and its inputs, in input order. */
export interface OutputInput {
  schedule: ScheduleAnswer;
  tab: ScheduleTab;
  table: ScheduleTable;
  /** The input cells, one per row of `table.rows`. */
  inputs: unknown[];
  /** Data rows the last run wrote (replace blanks what this one leaves below). */
  previousRows: number;
  /** When the run started (ms). */
  at: number;
  /** The place as the run read it before fetching, its cells all its own (schedule-run-ownership.ts). */
  claim: OutputClaim;
  layout: RunLayout;
  /** The summary tab when the layout has one (made by this run when its `tab` is null). */
  summary: SummaryTab | null;
  /** Rows the summary's chart block had before (its header included). */
  oldBlockRows: number;
  /** Every tab's charts: the schedule's growth chart may be on either tab. */
  charts: ScheduleTab['charts'];
  /** Every tab's id: a new chart's id is none of them (tabs and charts share one id space). */
  tabIds: readonly number[];
  /** The first run of a snapshot: the reports' monthly history (growth-backfill.ts). */
  backfill: readonly BackfillRow[];
  /** Records a tab this run made as the worker's own. */
  ownTab(sheetId: number): Promise<void>;
  /**
   * Records the cells the run is about to write (a table of `tableRows` data rows) as the
   * schedule's, before it writes them: a write Google applies but whose answer a stopped instance
   * never reads (SIGTERM, a kill) leaves cells the next run must find its own (issue 23 meets 22).
   */
  ownCells(tableRows: number): Promise<void>;
}

/** What the output step wrote: data rows, and a sentence about the growth chart (snapshots). */
export interface OutputWritten {
  rows: number;
  chartNote: string | null;
  /** The table's data rows below its header once written: what the schedule now owns. */
  tableRows: number;
}

/** A run's writes: one batchUpdate (grid, formats, tab, chart), then one values write. */
interface WritePlan {
  requests: sheets_v4.Schema$Request[];
  chart: ChartPlan | null;
  values: { range: string; values: SheetValue[][] }[];
  /** The output tab's last row and column the writes reach. */
  reach: { row: number; column: number };
}

/**
 * Writes the run's table at the schedule's output place by its mode, stamps "Last refreshed" where
 * the layout says (schedule-run-layout.ts) and sets the number formats of what it wrote (percent,
 * thousands, dates: sheet-number-formats.ts), in two write calls: one batchUpdate (the tab grown,
 * the formats, the summary tab made, the growth chart) and one values write (header, stamp, rows,
 * chart block).
 *
 * - replace: header and rows over the table; the rows the last run wrote below the new end blanked.
 * - append-snapshot: the header (with "Date" first and the change columns last) unless it stands,
 *   then the run's rows below the table, dated with the run's date and time on the spreadsheet's
 *   clock, each with what its creator's followers did since the creator's last row; the first run
 *   puts the reports' monthly history first (growth-backfill.ts); then the growth chart.
 * - merge: rows whose key (first column) is in the table are rewritten in place, new keys go below
 *   the table; rows whose key left the input stay. Reports carry the input cell as first column
 *   ("Input"): a creator's handle column cannot key a row (an error row has the message there).
 */
export async function writeScheduleOutput(sheet: ScheduleSheet, input: OutputInput): Promise<OutputWritten> {
  switch (input.schedule.mode) {
    case 'replace': {
      const { plan, rows } = replacePlan(input);
      const chartNote = await apply(sheet, input, plan, rows);
      return { rows, chartNote, tableRows: rows };
    }
    case 'append-snapshot': {
      const { plan, rows, tableRows } = snapshotPlan(input);
      return { rows, tableRows, chartNote: await apply(sheet, input, plan, tableRows) };
    }
    case 'merge': {
      const { plan, rows, tableRows } = mergePlan(input);
      return { rows, tableRows, chartNote: await apply(sheet, input, plan, tableRows) };
    }
  }
}

function replacePlan(input: OutputInput): { plan: WritePlan; rows: number } {
  const { schedule, table, previousRows } = input;
  const { sheetName, row, column } = schedule.output;
  const width = table.header.length;
  const rows = table.rows.map((cells) => rawRow(cells, input, width));
  const values: WritePlan['values'] = [];
  // The last run's rows below the new end (the input lost some), as far as the tab still reaches.
  const leftoverTo = Math.min(row + previousRows, input.tab.rows);
  const lastRow = row + rows.length;
  if (leftoverTo > lastRow) values.push(blank(sheetName, lastRow + 1, column, leftoverTo - lastRow, width));
  const plan = basePlan(input, { header: table.header.map(toValue), rows }, values, columnFormats(input), {
    row: lastRow,
    column: column + width - 1,
  });
  return { plan, rows: rows.length };
}

function snapshotPlan(input: OutputInput): { plan: WritePlan; rows: number; tableRows: number } {
  const { schedule, claim } = input;
  const { row, column } = schedule.output;
  const labels = input.table.header.map((cell) => String(toValue(cell)));
  const base = ['Date', ...labels];
  const withChanges = hasChangeColumns(labels);
  const header = withChanges ? [...base, ...CHANGE_LABELS] : base;
  const width = header.length;
  // The claim read the band to the tab's end: the table ends at its last row with anything in it.
  const before = claim.existing.slice(1).map((cells) => cells.slice(0, width));
  while (before.length > 0 && before[before.length - 1].every(isBlankCell)) before.pop();
  const tableRows = before.length;
  const date = serialOfInstant(input.at, schedule.timeZone);
  const runRows = input.table.rows
    .filter((_, i) => !isBlankCell(input.inputs[i]))
    .map((cells) => [date, ...rawRow(cells, input, labels.length)]);
  const history =
    tableRows > 0
      ? []
      : input.backfill.map((row) => [row.serial, ...rawRow(row.cells, input, labels.length)]);
  const dated = [...history, ...runRows];
  const rows: SheetValue[][] = withChanges ? withChangeColumns(base, before, dated) : dated;

  const standing = (claim.existing[0] ?? []).slice(0, width);
  const table = {
    header: header.every((label, i) => standing[i] === label) ? null : header,
    rows,
    firstRow: row + 1 + tableRows,
  };
  const formats = [
    DATE_TIME_FORMAT,
    ...columnFormats(input),
    ...(withChanges ? CHANGE_FORMATS.map(numberFormatOf) : []),
  ];
  const plan = basePlan(input, table, [], formats, {
    row: row + tableRows + rows.length,
    column: column + width - 1,
  });
  if (input.layout.chart !== null && input.summary !== null) {
    plan.chart = planGrowthChart({
      schedule,
      header,
      rows: [...before, ...rows],
      chart: input.layout.chart,
      outputTab: input.tab,
      summarySheetId: input.summary.sheetId,
      summaryTitle: input.summary.title,
      charts: input.charts,
      tabIds: [...input.tabIds, input.summary.sheetId],
      oldBlockRows: input.oldBlockRows,
    });
  }
  return { plan, rows: runRows.length, tableRows: tableRows + rows.length };
}

function mergePlan(input: OutputInput): { plan: WritePlan; rows: number; tableRows: number } {
  const { schedule, table, claim } = input;
  const { sheetName, row, column } = schedule.output;
  // E-mail rows start with the address as given; report rows get the input cell put first.
  const keyed = schedule.kind === 'reports';
  const header = keyed ? ['Input', ...table.header.map(toValue)] : table.header.map(toValue);
  const width = header.length;
  const rows: SheetValue[][] = [];
  table.rows.forEach((cells, i) => {
    const cell = input.inputs[i];
    if (isBlankCell(cell)) return;
    rows.push(
      keyed ? [toValue(cell as Cell), ...rawRow(cells, input, width - 1)] : rawRow(cells, input, width),
    );
  });

  const existing = claim.existing.map((cells) => cells.slice(0, width));
  while (existing.length > 0 && existing[existing.length - 1].every(isBlankCell)) existing.pop();
  const values: WritePlan['values'] = [];
  const rowOfKey = new Map<string, number>();
  existing.slice(1).forEach((cells, i) => {
    const key = keyOf(cells[0]);
    if (key !== '' && !rowOfKey.has(key)) rowOfKey.set(key, row + 1 + i);
  });
  const tableEnd = row + Math.max(existing.length, 1) - 1;
  const added: SheetValue[][] = [];
  const updated = new Set<number>();
  for (const cells of rows) {
    const key = keyOf(cells[0]);
    let at = rowOfKey.get(key);
    if (at === undefined) {
      at = tableEnd + 1 + added.length;
      rowOfKey.set(key, at);
      added.push(cells);
      continue;
    }
    if (at > tableEnd) {
      added[at - tableEnd - 1] = cells; // The same new key twice: its last row stands.
      continue;
    }
    updated.add(at);
    values.push({ range: a1Range(sheetName, at, column, 1, width), values: [cells] });
  }
  if (added.length > 0) {
    values.push({ range: a1Range(sheetName, tableEnd + 1, column, added.length, width), values: added });
  }
  const tableRows = tableEnd + added.length - row;
  const formats = [...(keyed ? [null] : []), ...columnFormats(input)];
  // The whole table is formatted: rows rewritten in place, and those added below it.
  const plan = basePlan(input, { header, rows: [], formatRows: tableRows }, values, formats, {
    row: tableEnd + added.length,
    column: column + width - 1,
  });
  return { plan, rows: updated.size + added.length, tableRows };
}

/** The table part of a mode's writes: its header (null: it stands) and rows from `firstRow`. */
interface TableWrite {
  header: SheetValue[] | null;
  rows: SheetValue[][];
  /** Below the header by default. */
  firstRow?: number;
  /** Rows to format from `firstRow` when not the rows written (a merge's whole table). */
  formatRows?: number;
}

/**
 * A mode's writes made whole: its header and rows with the stamp beside the header when it goes
 * there (one range, as one values.update), else the stamp in A1 of the summary tab; the summary
 * tab's label; the last layout's cells blanked (`more` has the mode's other ranges); the tab grown
 * to `reach`; and the number formats of the rows written.
 */
function basePlan(
  input: OutputInput,
  table: TableWrite,
  more: WritePlan['values'],
  formats: readonly (SheetNumberFormat | null)[],
  reach: WritePlan['reach'],
): WritePlan {
  const { schedule, layout, summary } = input;
  const { sheetName, row, column } = schedule.output;
  const firstRow = table.firstRow ?? row + 1;
  const stamp = refreshedStamp(input.at, schedule.timeZone);
  const values: WritePlan['values'] = [];
  const width = formats.length;
  const beside = !layout.stamp.summary;
  if (table.header !== null && firstRow === row + 1) {
    const header = beside ? [...table.header, stamp] : table.header;
    values.push({
      range: a1Range(sheetName, row, column, 1 + table.rows.length, header.length),
      values: [header, ...table.rows],
    });
  } else {
    if (table.header !== null)
      values.push({ range: a1Range(sheetName, row, column, 1, width), values: [table.header] });
    if (beside) values.push({ range: a1Range(sheetName, row, layout.stamp.column, 1, 1), values: [[stamp]] });
    if (table.rows.length > 0)
      values.push({
        range: a1Range(sheetName, firstRow, column, table.rows.length, width),
        values: table.rows,
      });
  }
  if (summary !== null) {
    const label = beside ? summaryTabLabel(schedule.name, sheetName) : stamp;
    values.push({ range: a1Range(summary.title, 1, 1, 1, 1), values: [[label]] });
  }
  values.push(...more);
  for (const block of input.claim.leftovers) {
    values.push(blank(sheetName, block.row, block.column, block.rows, block.columns));
  }
  const requests = [
    ...gridGrowth(input.tab, Math.max(reach.row, row), Math.max(reach.column, column + layout.band - 1)),
    ...numberFormatRequests({
      sheetId: input.tab.sheetId,
      row: firstRow,
      column,
      rows: table.formatRows ?? table.rows.length,
      formats,
    }),
  ];
  return { requests, chart: null, values, reach };
}

/**
 * The plan's two calls, after the tab and cells they make and write are recorded as the
 * schedule's: the batchUpdate (the summary tab made first when it is new, its grid grown
 * to the chart block), then the values. A refusal of the batch with the chart in it is tried once
 * without the chart, so a chart Google will not draw is told in the run's message and the rows
 * still land; anything else refused stops the run as any refusal does.
 */
async function apply(
  sheet: ScheduleSheet,
  input: OutputInput,
  plan: WritePlan,
  tableRows: number,
): Promise<string | null> {
  const { summary } = input;
  // What the run is about to make and write is recorded as the schedule's first (see ownCells).
  if (summary !== null && summary.tab === null) await input.ownTab(summary.sheetId);
  await input.ownCells(tableRows);
  const blockEnd = lastCellOf(plan.chart, input.layout);
  let requests = [...summaryTabRequests(input, summary?.tab ?? null, blockEnd), ...plan.requests];
  let chartNote: string | null = plan.chart?.note ?? null;
  const chartRequests = plan.chart?.requests ?? [];
  if (requests.length + chartRequests.length > 0) {
    try {
      await sheet.batch([...requests, ...chartRequests]);
    } catch (error) {
      if (!(error instanceof DeliveryRefused)) throw error;
      // Made meanwhile by this schedule's run that was stopped (SIGTERM: its last batch landed
      // after this run read the tabs): the same tab id, so it is this schedule's; grow it instead.
      const made = summary?.tab === null ? await summaryMadeMeanwhile(sheet, summary) : null;
      if (made !== null) requests = [...summaryTabRequests(input, made, blockEnd), ...plan.requests];
      else if (chartRequests.length === 0) throw error;
      try {
        await sheet.batch([...requests, ...chartRequests]);
      } catch (again) {
        if (!(again instanceof DeliveryRefused) || chartRequests.length === 0) throw again;
        if (requests.length > 0) await sheet.batch(requests);
        chartNote = `The growth chart was not updated: ${again.message}`;
      }
    }
  }
  const values = plan.chart === null ? plan.values : [...plan.values, plan.chart.block];
  if (values.length === 1) await sheet.update(values[0].range, values[0].values);
  else await sheet.updateMany(values);
  return chartNote;
}

/** The summary tab made with the run's batch (`tab` null), else grown to the chart block. */
function summaryTabRequests(
  input: OutputInput,
  tab: ScheduleTab | null,
  blockEnd: { row: number; column: number },
): sheets_v4.Schema$Request[] {
  const { summary } = input;
  if (summary === null) return [];
  if (tab !== null) return gridGrowth(tab, blockEnd.row, blockEnd.column);
  const properties = {
    sheetId: summary.sheetId,
    title: summary.title,
    index: input.tab.index + 1,
    gridProperties: { rowCount: Math.max(1000, blockEnd.row), columnCount: Math.max(26, blockEnd.column) },
  };
  return [{ addSheet: { properties } }];
}

/** The summary tab, when another run of this schedule made it after this one read the tabs. */
async function summaryMadeMeanwhile(sheet: ScheduleSheet, summary: SummaryTab): Promise<ScheduleTab | null> {
  const tab = (await sheet.tabs()).find((candidate) => candidate.title === summary.title);
  return tab !== undefined && tab.sheetId === summary.sheetId ? tab : null;
}

/** The summary tab's last cell the run writes: its chart block's, else A1. */
function lastCellOf(chart: ChartPlan | null, layout: RunLayout): { row: number; column: number } {
  const block = layout.chart?.block;
  if (chart === null || block === undefined) return { row: 1, column: 1 };
  return { row: block.row + chart.block.values.length - 1, column: block.column + block.columns - 1 };
}

/** Each table column's number format, from its kind (shared/rows). */
function columnFormats(input: OutputInput): (SheetNumberFormat | null)[] {
  return input.table.columns.map((column) => numberFormatOf(column.format));
}

/** A fetched row as written: `width` cells, dates as serials (sheet-number-formats.ts), '' for none. */
function rawRow(cells: Row, input: OutputInput, width: number): SheetValue[] {
  const { columns } = input.table;
  return Array.from({ length: width }, (_, i) => toValue(rawCellOf(cells[i] ?? null, columns[i]?.format)));
}

function blank(sheetName: string, row: number, column: number, rows: number, columns: number) {
  return {
    range: a1Range(sheetName, row, column, rows, columns),
    values: Array.from({ length: rows }, () => Array<SheetValue>(columns).fill('')),
  };
}

function toValue(cell: Cell | undefined): SheetValue {
  // '' rather than null: a RAW update skips null cells, and the old value would stay.
  return cell ?? '';
}

function keyOf(cell: unknown): string {
  return isBlankCell(cell) ? '' : String(cell).trim().toLowerCase();
}
