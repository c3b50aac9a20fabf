import { AI_SEARCH_COLUMNS } from '../../../shared/rows/ai-search-rows';
import { EMAIL_COLUMNS } from '../../../shared/rows/email-rows';
import { SEARCH_COLUMNS } from '../../../shared/rows/search-rows';
import { selectReportColumns } from '../../../shared/rows/report-rows';
import type { ScheduleAnswer } from '../../../shared/worker-api/schedules';
import type { OwnedExtent } from '../store/sheet-ownership-repository';
import { a1Range, columnLetters, openRowsRange } from './a1-range';
import { GROWTH_CHART_SERIES } from './growth-table';
import { ScheduleRefused } from './schedule-run-fetch';
import { isBlankCell, type ScheduleTab } from './schedule-run-sheet';

/**
 * Owned output (issue 22): a schedule writes only into cells it wrote before, empty cells, or a tab
 * the worker made. Before anything is fetched (so nothing is paid for a run that cannot write), the
 * run reads its place with its input (one values.batchGet): the table's columns (with the "Last refreshed" stamp, and for snapshots the
 * growth chart's block) from the header row down to the tab's end. Every cell there that holds
 * something must lie in the rectangle this schedule's last run wrote (kept in the store); anything
 * else stops the run with a sentence naming the cells. A schedule set up before this rule had no
 * rectangle on record: its table is recognised by its own header row, and adopted.
 */

/** What the run's writing step needs from the claim: the place's cells as read, and its shape. */
export interface OutputClaim {
  /** The band's rows from the header row down, as Google answers them (trailing blanks trimmed). */
  existing: unknown[][];
  /** Columns of the band, from the output column: the table, its stamp, and for snapshots the chart block. */
  width: number;
}

/** The table's header as the run writes it (before fetching: the columns decide it). */
export function plannedHeader(schedule: ScheduleAnswer): string[] {
  const fixed = { 'email-search': EMAIL_COLUMNS, search: SEARCH_COLUMNS, 'ai-search': AI_SEARCH_COLUMNS };
  const labels =
    schedule.kind !== 'reports'
      ? fixed[schedule.kind].map((column) => column.label)
      : (() => {
          const selection = selectReportColumns(schedule.fields ?? undefined);
          if (!selection.ok) throw new ScheduleRefused(selection.error);
          return selection.columns.map((column) => column.label);
        })();
  if (schedule.mode === 'append-snapshot') return ['Date', ...labels];
  if (schedule.mode === 'merge' && schedule.kind === 'reports') return ['Input', ...labels];
  return labels;
}

/** Columns the run may write, from the output column: table, stamp, and the snapshot chart's block. */
export function bandWidth(schedule: ScheduleAnswer, headerWidth: number): number {
  // The chart block starts one empty column right of the stamp (schedule-run-chart.ts).
  return schedule.mode === 'append-snapshot' ? headerWidth + 2 + 1 + GROWTH_CHART_SERIES : headerWidth + 1;
}

/**
 * The band a run reads before fetching: from the header row down, its columns (bandWidth), as far
 * as the tab's grid reaches (Google refuses a read past it; cells past it hold nothing yet).
 */
export function outputBand(
  schedule: ScheduleAnswer,
  tab: ScheduleTab,
): { range: string | null; width: number } {
  const { sheetName, row, column } = schedule.output;
  const width = bandWidth(schedule, plannedHeader(schedule).length);
  // Wholly past the grid: nothing to read, the tab grows when the run writes.
  if (row > tab.rows || column > tab.columns) return { range: null, width };
  const inGrid = Math.min(width, tab.columns - column + 1);
  return { range: openRowsRange(sheetName, row, column, inGrid), width };
}

/**
 * Refuses, in words, the cells of the run's place (`existing`: the band as read) that it did not
 * write. `owned` is the rectangle the schedule's last run wrote (null: none on record).
 */
export function claimOutput(
  schedule: ScheduleAnswer,
  tab: ScheduleTab,
  owned: OwnedExtent | null,
  existing: unknown[][],
): OutputClaim {
  const { sheetName, row, column } = schedule.output;
  const header = plannedHeader(schedule);
  const width = bandWidth(schedule, header.length);
  const mine = ownedOrAdopted(owned, tab, schedule, header, existing, width);
  const foreign: { row: number; column: number }[] = [];
  existing.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      if (!isBlankCell(cell) && !inside(mine, row + r, column + c))
        foreign.push({ row: row + r, column: column + c });
    }),
  );
  if (foreign.length > 0) throw new ScheduleRefused(inTheWay(sheetName, foreign));
  return { existing, width };
}

/** The rectangle a successful run now owns: header and `rows` rows below, `width` columns. */
export function ownedAfter(
  schedule: ScheduleAnswer,
  tab: ScheduleTab,
  rows: number,
  width: number,
): OwnedExtent {
  const { row, column } = schedule.output;
  return { sheetId: tab.sheetId, row, column, rows: 1 + rows, columns: width };
}

function ownedOrAdopted(
  owned: OwnedExtent | null,
  tab: ScheduleTab,
  schedule: ScheduleAnswer,
  header: string[],
  existing: unknown[][],
  width: number,
): OwnedExtent | null {
  if (owned !== null) return owned.sheetId === tab.sheetId ? owned : null;
  const first = existing[0] ?? [];
  const ownHeader = header.every((label, i) => first[i] === label);
  if (!ownHeader) return null;
  // Its own table from before the rule: the band down to the table's last row is taken as its.
  return {
    sheetId: tab.sheetId,
    row: schedule.output.row,
    column: schedule.output.column,
    rows: existing.length,
    columns: width,
  };
}

/** Whether the cell lies in the rectangle (none: nowhere). */
export function inside(extent: OwnedExtent | null, row: number, column: number): boolean {
  if (extent === null) return false;
  return (
    row >= extent.row &&
    row < extent.row + extent.rows &&
    column >= extent.column &&
    column < extent.column + extent.columns
  );
}

/** "'Payroll'!A1:D48 holds 120 cells this schedule did not write (A1, B1, C1, ...)": what to free. */
function inTheWay(sheetName: string, cells: { row: number; column: number }[]): string {
  const top = Math.min(...cells.map((cell) => cell.row));
  const bottom = Math.max(...cells.map((cell) => cell.row));
  const left = Math.min(...cells.map((cell) => cell.column));
  const right = Math.max(...cells.map((cell) => cell.column));
  const range = a1Range(sheetName, top, left, bottom - top + 1, right - left + 1);
  const named = cells.slice(0, 3).map((cell) => `${columnLetters(cell.column)}${cell.row}`);
  const more = cells.length > 3 ? `, and ${(cells.length - 3).toLocaleString('en-US')} more` : '';
  const count = cells.length === 1 ? '1 cell' : `${cells.length.toLocaleString('en-US')} cells`;
  return `${range} holds ${count} this schedule did not write (${named.join(', ')}${more}): clear or move them, or point the schedule at an empty place or a new tab. Nothing was fetched or charged.`;
}
