import { scheduleColumnLabels } from '../../../shared/worker-api/schedule-runs/schedule-column-labels';
import { CHANGE_LABELS } from '../../../shared/rows/growth-changes';
import { outputInTheWaySentence } from '../../../shared/worker-api/schedule-runs/output-in-the-way';
import { runLayout } from '../../../shared/worker-api/schedule-runs/schedule-run-layout';
import type { ScheduleAnswer } from '../../../shared/worker-api/schedules';
import { columnLetter } from '../sheet/a1-notation';
import { SheetRunRefused } from './sheet-schedule-fetch';
import { isBlank, modeHeader, tableRows } from './sheet-schedule-output';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * Owned output on the add-on's runner (issue 26), as the worker's runner keeps it
 * (worker/src/schedules/run/schedule-run-ownership.ts): a run writes only into cells its schedule
 * wrote before, or empty ones. Before a fresh run fetches anything, it reads its band (the table's
 * columns and the stamp beside a narrow one, from the header row down); a cell there holding
 * something outside the rectangle its runs wrote stops the run with the worker's sentence. The
 * rectangle is kept in a document property per schedule and grown after every block written, so
 * the rows of a run cut short are still its own. A table from before the rule is adopted by its
 * own header.
 */

const EXTENT_PREFIX = 'creatorSheets.ownedExtent.';

/** The rectangle a schedule's runs wrote, 1-based, on the tab of that name. */
interface OwnedExtent {
  sheetName: string;
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** The header the run writes, from the schedule's kind and fields (its columns, before fetching). */
function plannedHeader(schedule: ScheduleAnswer): string[] {
  const known = scheduleColumnLabels(schedule);
  if (!known.ok) throw new SheetRunRefused(known.error);
  return modeHeader(schedule, known.labels);
}

/** Columns from the output column the run writes: its table, and the stamp beside a narrow one. */
function bandWidth(schedule: ScheduleAnswer): number {
  return runLayout(schedule, plannedHeader(schedule).length, false).band;
}

function readExtent(schedule: ScheduleAnswer): OwnedExtent | null {
  const text = PropertiesService.getDocumentProperties()?.getProperty(EXTENT_PREFIX + schedule.id) ?? null;
  if (text === null) return null;
  try {
    const extent = JSON.parse(text) as OwnedExtent;
    return extent.sheetName === schedule.output.sheetName ? extent : null;
  } catch {
    return null;
  }
}

function inside(extent: OwnedExtent | null, row: number, column: number): boolean {
  return (
    extent !== null &&
    row >= extent.row &&
    row < extent.row + extent.rows &&
    column >= extent.column &&
    column < extent.column + extent.columns
  );
}

/** The schedule's own table from before the rule: its header stands, with or without change columns. */
function adopted(schedule: ScheduleAnswer, band: unknown[][], width: number): OwnedExtent | null {
  const header = plannedHeader(schedule);
  const older =
    schedule.mode === 'append-snapshot' ? header.filter((label) => !CHANGE_LABELS.includes(label)) : header;
  const first = band[0] ?? [];
  if (!older.every((label, i) => first[i] === label)) return null;
  const { sheetName, row, column } = schedule.output;
  return { sheetName, row, column, rows: band.length, columns: width };
}

/** Refuses, before anything is fetched, a place holding cells this schedule did not write. */
export function claimOwnedOutput(sheet: Sheet, schedule: ScheduleAnswer): void {
  const { sheetName, row, column } = schedule.output;
  const width = Math.min(bandWidth(schedule), sheet.getMaxColumns() - column + 1);
  const last = sheet.getLastRow();
  if (last < row || width < 1) return;
  const band = sheet.getRange(row, column, last - row + 1, width).getValues();
  const mine = readExtent(schedule) ?? adopted(schedule, band, width);
  const foreign: { row: number; column: number }[] = [];
  band.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      if (!isBlank(cell) && !inside(mine, row + r, column + c))
        foreign.push({ row: row + r, column: column + c });
    }),
  );
  if (foreign.length === 0) return;
  const top = Math.min(...foreign.map((cell) => cell.row));
  const bottom = Math.max(...foreign.map((cell) => cell.row));
  const left = Math.min(...foreign.map((cell) => cell.column));
  const right = Math.max(...foreign.map((cell) => cell.column));
  const range = `'${sheetName.replace(/'/g, "''")}'!${columnLetter(left)}${top}:${columnLetter(right)}${bottom}`;
  const named = foreign.slice(0, 3).map((cell) => `${columnLetter(cell.column)}${cell.row}`);
  throw new SheetRunRefused(outputInTheWaySentence(range, named, foreign.length));
}

/**
 * Records what the run has written as the schedule's: while it writes, the kept rectangle grown
 * to cover the header, the table's rows below it and the band's columns (a run cut short still
 * owns its rows); at a good run's end (`final`), exactly that, as the worker's runner keeps it.
 */
export function ownWritten(sheet: Sheet, schedule: ScheduleAnswer, tableWidth: number, final = false): void {
  const properties = PropertiesService.getDocumentProperties();
  if (properties === null || tableWidth === 0) return;
  const { sheetName, row, column } = schedule.output;
  const now: OwnedExtent = {
    sheetName,
    row,
    column,
    rows: 1 + tableRows(sheet, schedule, tableWidth).length,
    columns: runLayout(schedule, tableWidth, false).band,
  };
  const before = final ? null : readExtent(schedule);
  const covering =
    before === null
      ? now
      : {
          sheetName,
          row: Math.min(before.row, row),
          column: Math.min(before.column, column),
          rows: Math.max(before.row + before.rows, row + now.rows) - Math.min(before.row, row),
          columns:
            Math.max(before.column + before.columns, column + now.columns) - Math.min(before.column, column),
        };
  properties.setProperty(EXTENT_PREFIX + schedule.id, JSON.stringify(covering));
}
