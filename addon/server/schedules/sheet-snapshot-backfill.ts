import type { Column, Row } from '../../../shared/rows/columns';
import { CHANGE_LABELS, hasChangeColumns, withChangeColumns } from '../../../shared/rows/growth-changes';
import { historyRow } from '../../../shared/rows/report-history';
import type { ScheduleAnswer } from '../../../shared/worker-api/schedules';
import { midnightIn, spreadsheetTimeZone } from '../sheet/sheet-dates';
import { fetchReportsHistory } from './sheet-schedule-fetch';
import { isBlank, snapshotFormats, tableRows, writeRows, type SheetCell } from './sheet-schedule-output';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The first snapshot's monthly history on the add-on's runner (issue 26), as the worker's runner
 * backfills it (schedules/run/growth-backfill.ts): each creator's past months from the worker's
 * cache, dated the 1st, identity copied, the history's numbers, other cells blank, oldest first,
 * the change columns computed over the whole table.
 *
 * Written at the run's end, not with each block: a run spans several firings, and the history's
 * rows go above the run's rows, whose change columns depend on them; written per block they would
 * move rows a resumed run has counted. At the end the run's rows stand whole (a first snapshot's
 * table is only them), so one free call asks the history of every input (a report schedule takes
 * at most 2,000, as the route does) and one setNumberFormats + one setValues rewrite the table.
 */

/** What the run keeps for its end (in its progress): the worker's labels and columns of its rows. */
export interface BackfillColumns {
  header: string[];
  columns: Column[];
}

/**
 * Puts the history above the run's `runRows` rows. Nothing when the table holds anything but the
 * run's rows (a firing cut short after the write already did it). Answers null, or the sentence
 * the run's message ends with when the history could not be had: the run's rows are written and
 * paid for, so the run still succeeds (failing it would append them again next hour).
 */
export function backfillFirstSnapshot(
  sheet: Sheet,
  schedule: ScheduleAnswer,
  inputs: readonly unknown[],
  kept: BackfillColumns,
  runRows: number,
  at: number,
): string | null {
  const { header, columns } = kept;
  const base = ['Date', ...header];
  const withChanges = hasChangeColumns(header);
  const table = tableRows(sheet, schedule, base.length + (withChanges ? CHANGE_LABELS.length : 0));
  const named = inputs.filter((input) => !isBlank(input));
  if (table.length !== runRows || named.length !== runRows || runRows === 0) return null;
  let months: SheetCell[][];
  try {
    months = historyRows(schedule, named, table, columns, at);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return `The creators' monthly history was not added above the first snapshot: ${why}`;
  }
  if (months.length === 0) return null;
  const dated = [...months, ...table.map((cells) => cells.slice(0, base.length) as SheetCell[])];
  const rows = withChanges ? withChangeColumns(base, [], dated) : dated;
  const { row, column } = schedule.output;
  writeRows(
    sheet,
    row + 1,
    column,
    rows as SheetCell[][],
    snapshotFormats(columns, header.length, withChanges),
  );
  return null;
}

/** The history's rows, oldest month first (the input's order within a month), each creator once. */
function historyRows(
  schedule: ScheduleAnswer,
  named: readonly unknown[],
  table: readonly unknown[][],
  columns: readonly Column[],
  at: number,
): SheetCell[][] {
  const history = fetchReportsHistory(schedule, named, at);
  const thisMonth = Utilities.formatDate(new Date(at), schedule.timeZone, 'yyyy-MM');
  // Dates as the run's own rows are written (Dates, on the spreadsheet's clock): the 1st, 00:00.
  const zone = spreadsheetTimeZone();
  const done = new Set<string>();
  const months: { month: string; cells: SheetCell[] }[] = [];
  named.forEach((_, i) => {
    const runRow = table[i].slice(1, 1 + columns.length) as Row;
    // One report makes one run row: a creator the input names twice has the same cells twice.
    const creator = JSON.stringify(runRow);
    if (done.has(creator)) return;
    done.add(creator);
    for (const month of history[i]) {
      if (month.month >= thisMonth) continue;
      const cells = historyRow(columns, runRow, month).map((cell) => cell ?? '');
      months.push({ month: month.month, cells: [midnightIn(`${month.month}-01`, zone), ...cells] });
    }
  });
  // Stable: within a month, the input's order.
  return months.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0)).map((m) => m.cells);
}
