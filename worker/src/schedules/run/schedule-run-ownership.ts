import { scheduleColumnLabels } from '../../../../shared/worker-api/schedule-runs/schedule-column-labels';
import type { ScheduleAnswer } from '../../../../shared/worker-api/schedules';
import type { OwnedExtent } from '../../store/sheet-ownership-repository';
import { a1Range, columnLetters, openRowsRange } from '../../google/a1-range';
import { CHANGE_LABELS, hasChangeColumns } from '../../../../shared/rows/growth-changes';
import { chartColumns } from '../../../../shared/rows/growth-table';
import { ScheduleRefused } from './schedule-run-fetch';
import { outputInTheWaySentence } from '../../../../shared/worker-api/schedule-runs/output-in-the-way';
import { runLayout, type RunLayout } from '../../../../shared/worker-api/schedule-runs/schedule-run-layout';
import { isBlankCell, type ScheduleTab } from './schedule-run-sheet';

/**
 * Owned output (issue 22): a schedule writes only into cells it wrote before, empty cells, or a tab
 * the worker made. Before anything is fetched (so nothing is paid for a run that cannot write), the
 * run reads its place with its input (one values.batchGet): the table's columns, with the "Last
 * refreshed" stamp beside a narrow table (schedule-run-layout.ts), from the header row down to the
 * tab's end. Every cell there that holds something must lie in the rectangle this schedule's last
 * run wrote (kept in the store); anything else stops the run with a sentence naming the cells. A
 * wide table's stamp and a snapshot's chart data go on a summary tab, which must be one the worker
 * made. A schedule set up before this rule had no rectangle on record: its table is recognised by
 * its own header row, and adopted.
 */

/** What the run's writing step needs from the claim: the place's cells as read, and its shape. */
export interface OutputClaim {
  /** The band's rows from the header row down, as Google answers them (trailing blanks trimmed). */
  existing: unknown[][];
  /** Columns of the band, from the output column: the table, and the stamp beside a narrow one. */
  width: number;
  /** Blocks of cells the last run wrote that this one no longer writes (an older layout's): blanked. */
  leftovers: { row: number; column: number; rows: number; columns: number }[];
}

/** The labels of the table's columns (before fetching: the columns decide them). */
function columnLabels(schedule: ScheduleAnswer): string[] {
  const known = scheduleColumnLabels(schedule);
  if (!known.ok) throw new ScheduleRefused(known.error);
  return known.labels;
}

/** The table's header as the run writes it: snapshots with "Date" first and their change columns last. */
export function plannedHeader(schedule: ScheduleAnswer): string[] {
  const labels = columnLabels(schedule);
  if (schedule.mode === 'append-snapshot') {
    return ['Date', ...labels, ...(hasChangeColumns(labels) ? CHANGE_LABELS : [])];
  }
  if (schedule.mode === 'merge' && schedule.kind === 'reports') return ['Input', ...labels];
  return labels;
}

/** The header a table written before issue 25 starts with: the same, without change columns. */
function olderHeader(schedule: ScheduleAnswer): string[] {
  const header = plannedHeader(schedule);
  return schedule.mode === 'append-snapshot' && hasChangeColumns(header)
    ? header.slice(0, header.length - CHANGE_LABELS.length)
    : header;
}

/** Where the run's stamp and chart go (schedule-run-layout.ts), from its planned header. */
export function plannedLayout(schedule: ScheduleAnswer): RunLayout {
  const header = plannedHeader(schedule);
  const charted = schedule.mode === 'append-snapshot' && chartColumns(header) !== null;
  return runLayout(schedule, header.length, charted);
}

/**
 * The band a run reads before fetching: from the header row down, its columns (the layout's
 * band), as far as the tab's grid reaches (Google refuses a read past it; cells past it hold
 * nothing yet).
 */
export function outputBand(
  schedule: ScheduleAnswer,
  tab: ScheduleTab,
): { range: string | null; width: number } {
  const { sheetName, row, column } = schedule.output;
  const width = plannedLayout(schedule).band;
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
  const width = plannedLayout(schedule).band;
  const mine = ownedOrAdopted(owned, tab, schedule, existing, width);
  const foreign: { row: number; column: number }[] = [];
  existing.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      if (!isBlankCell(cell) && !inside(mine, row + r, column + c))
        foreign.push({ row: row + r, column: column + c });
    }),
  );
  if (foreign.length > 0) throw new ScheduleRefused(inTheWay(sheetName, foreign));
  return { existing, width, leftovers: leftovers(schedule, mine, existing, width) };
}

/**
 * What the last run wrote and this one will not: columns of its rectangle right of this run's
 * band (an older layout's chart block, a stamp of a table since narrowed), and cells below the
 * header in the stamp's column (an older chart block's dates), when the table is narrow.
 */
function leftovers(
  schedule: ScheduleAnswer,
  mine: OwnedExtent | null,
  existing: unknown[][],
  width: number,
): OutputClaim['leftovers'] {
  const { row, column } = schedule.output;
  const blocks: OutputClaim['leftovers'] = [];
  if (mine !== null && mine.row === row && mine.column === column && mine.columns > width) {
    blocks.push({ row, column: column + width, rows: mine.rows, columns: mine.columns - width });
  }
  const layout = plannedLayout(schedule);
  if (!layout.wide) {
    const stampAt = width - 1;
    let last = 0;
    existing.forEach((cells, r) => {
      if (r > 0 && !isBlankCell(cells[stampAt])) last = r;
    });
    if (last > 0) blocks.push({ row: row + 1, column: column + stampAt, rows: last, columns: 1 });
  }
  return blocks;
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

/**
 * The rectangle covering both: what a run owns while it writes (the last run's cells and this
 * one's), so cells of either that a stopped write leaves are still the schedule's. Another tab's
 * extent is replaced.
 */
export function coveringExtent(before: OwnedExtent | null, after: OwnedExtent): OwnedExtent {
  if (before === null || before.sheetId !== after.sheetId) return after;
  const row = Math.min(before.row, after.row);
  const column = Math.min(before.column, after.column);
  return {
    sheetId: after.sheetId,
    row,
    column,
    rows: Math.max(before.row + before.rows, after.row + after.rows) - row,
    columns: Math.max(before.column + before.columns, after.column + after.columns) - column,
  };
}

/** The summary tab a run writes on: found (one the worker made), or to be made with `sheetId`. */
export interface SummaryTab {
  title: string;
  sheetId: number;
  /** The tab as it stands; null when the run makes it. */
  tab: ScheduleTab | null;
}

/**
 * The run's summary tab (the layout's `summaryTab`): one of that title the worker made, or a new
 * one. A tab of that title the worker did not make stops the run before anything is paid for.
 */
export function claimSummaryTab(
  schedule: ScheduleAnswer,
  tabs: readonly ScheduleTab[],
  ownedTabs: ReadonlySet<number>,
): SummaryTab | null {
  const title = plannedLayout(schedule).summaryTab;
  if (title === null) return null;
  const tab = tabs.find((candidate) => candidate.title === title);
  if (tab === undefined) return { title, sheetId: freeSheetId(schedule.id, tabs), tab: null };
  if (ownedTabs.has(tab.sheetId)) return { title, sheetId: tab.sheetId, tab };
  throw new ScheduleRefused(
    `A tab named "${title}" that Creator Sheets did not make is in the way of this schedule's "Last refreshed" stamp and chart: rename it, and the next run makes its own. Nothing was fetched or charged.`,
  );
}

/** A tab id for a new tab, from the schedule's id (so the run's one batch can refer to it), not yet taken. */
function freeSheetId(scheduleId: string, tabs: readonly ScheduleTab[]): number {
  let id = 0;
  for (const char of scheduleId) id = (Math.imul(id, 31) + char.charCodeAt(0)) >>> 0;
  const taken = new Set(tabs.map((tab) => tab.sheetId));
  let candidate = (id % 2_000_000_000) + 1;
  while (taken.has(candidate)) candidate += 1;
  return candidate;
}

function ownedOrAdopted(
  owned: OwnedExtent | null,
  tab: ScheduleTab,
  schedule: ScheduleAnswer,
  existing: unknown[][],
  width: number,
): OwnedExtent | null {
  if (owned !== null) return owned.sheetId === tab.sheetId ? owned : null;
  const first = existing[0] ?? [];
  const ownHeader = olderHeader(schedule).every((label, i) => first[i] === label);
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
  return outputInTheWaySentence(range, named, cells.length);
}
