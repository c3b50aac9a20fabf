import { SHEETS_NUMBER_FORMATS, type Column, type Row } from '../../../shared/rows/columns';
import {
  CHANGE_FORMATS,
  CHANGE_LABELS,
  creatorKey,
  hasChangeColumns,
  withChangeColumns,
} from '../../../shared/rows/growth-changes';
import type { ScheduleAnswer } from '../../../shared/worker-api/schedules';
import {
  HISTORY_HEADER,
  HISTORY_LINES_KEPT,
  HISTORY_TAB,
} from '../../../shared/worker-api/schedule-runs/schedule-history';
import { runLayout } from '../../../shared/worker-api/schedule-runs/schedule-run-layout';
import { ensureSheetSize } from '../jobs/job-destination';
import { openSummaryTab } from './sheet-summary-tab';
import type { FetchedBlock } from './sheet-schedule-fetch';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
export type SheetCell = string | number | boolean | Date;

/**
 * The add-on's writes of a scheduled run (issue 26), with SpreadsheetApp as the person who set it
 * up, in the worker's runner's shapes (worker/src/google/schedule-run-output.ts): each block of
 * rows with one setNumberFormats and one setValues, by mode:
 * - replace: header, then the rows of input `first` on at that offset; the last run's rows past
 *   the new end blanked at the end;
 * - append-snapshot: "Date" first and the change columns last (shared/rows/growth-changes.ts),
 *   each block below the table as it stands, so a run resumed later goes on under its own rows;
 * - merge: "Input" first; rows whose key is in the table rewritten in place, new keys below, the
 *   table's range written back whole in one setValues.
 */

const DATE_TIME = 'yyyy-mm-dd hh:mm';

function formatsOf(columns: readonly Column[], width: number): string[] {
  const formats: string[] = [];
  for (let i = 0; i < width; i++)
    formats.push(i < columns.length ? SHEETS_NUMBER_FORMATS[columns[i].format] : 'General');
  return formats;
}

function cellsOf(row: Row, width: number): SheetCell[] {
  const cells: SheetCell[] = [];
  for (let i = 0; i < width; i++) {
    const cell = i < row.length ? row[i] : null;
    cells.push(cell === null || cell === undefined ? '' : cell);
  }
  return cells;
}

export function isBlank(cell: unknown): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

/** A snapshot row's formats: its date and time, the worker's columns, the change columns when it has them. */
export function snapshotFormats(columns: readonly Column[], width: number, withChanges: boolean): string[] {
  const formats = [DATE_TIME, ...formatsOf(columns, width)];
  if (withChanges) formats.push(...CHANGE_FORMATS.map((format) => SHEETS_NUMBER_FORMATS[format]));
  return formats;
}

/** One block: formats first (text stays text), then the values, in one call each. */
export function writeRows(
  sheet: Sheet,
  row: number,
  column: number,
  rows: SheetCell[][],
  formats: string[],
): void {
  if (rows.length === 0) return;
  ensureSheetSize(sheet, row + rows.length - 1, column + formats.length - 1);
  const range = sheet.getRange(row, column, rows.length, formats.length);
  range.setNumberFormats(rows.map(() => formats));
  range.setValues(rows);
}

/** The table below the header as it stands: its rows down to the last with anything in them. */
export function tableRows(sheet: Sheet, schedule: ScheduleAnswer, width: number): unknown[][] {
  const { row, column } = schedule.output;
  const last = sheet.getLastRow();
  if (last <= row) return [];
  const rows = sheet.getRange(row + 1, column, last - row, width).getValues();
  while (rows.length > 0 && rows[rows.length - 1].every(isBlank)) rows.pop();
  return rows;
}

/** The header unless it already stands (a snapshot's later runs), with one setValues. */
function writeHeader(sheet: Sheet, schedule: ScheduleAnswer, header: string[]): void {
  const { row, column } = schedule.output;
  ensureSheetSize(sheet, row, column + header.length - 1);
  const range = sheet.getRange(row, column, 1, header.length);
  const standing = range.getValues()[0] ?? [];
  if (header.every((label, i) => standing[i] === label)) return;
  range.setNumberFormat('@');
  range.setValues([header]);
}

/** The header a mode writes for the worker's labels. */
export function modeHeader(schedule: ScheduleAnswer, labels: readonly string[]): string[] {
  if (schedule.mode === 'replace') return [...labels];
  // E-mail rows start with the address as given; report rows get the input cell put first.
  if (schedule.mode === 'merge') return schedule.kind === 'reports' ? ['Input', ...labels] : [...labels];
  return ['Date', ...labels, ...(hasChangeColumns(labels) ? CHANGE_LABELS : [])];
}

/**
 * Writes the block of inputs `first`, `first + 1`, ... of a run that started `at`; answers the
 * data rows it counted (blank inputs make none in a snapshot or a merge).
 */
export function writeBlock(
  sheet: Sheet,
  schedule: ScheduleAnswer,
  block: FetchedBlock,
  inputs: readonly unknown[],
  first: number,
  at: number,
): number {
  const header = modeHeader(schedule, block.header);
  writeHeader(sheet, schedule, header);
  const { row, column } = schedule.output;
  if (schedule.mode === 'replace') {
    const width = block.header.length;
    writeRows(
      sheet,
      row + 1 + first,
      column,
      block.rows.map((cells) => cellsOf(cells, width)),
      formatsOf(block.columns, width),
    );
    return block.rows.length;
  }
  const kept = block.rows
    .map((cells, i) => ({ cells, input: inputs[i] }))
    .filter((entry) => !isBlank(entry.input));
  if (schedule.mode === 'append-snapshot') {
    const base = ['Date', ...block.header];
    const before = tableRows(sheet, schedule, header.length);
    const dated = kept.map((entry) => [new Date(at), ...cellsOf(entry.cells, block.header.length)]);
    const rows = header.length > base.length ? withChangeColumns(base, before, dated) : dated;
    const formats = snapshotFormats(block.columns, block.header.length, header.length > base.length);
    writeRows(sheet, row + 1 + before.length, column, rows as SheetCell[][], formats);
    return rows.length;
  }
  return mergeBlock(sheet, schedule, block, kept, header.length);
}

function mergeBlock(
  sheet: Sheet,
  schedule: ScheduleAnswer,
  block: FetchedBlock,
  kept: { cells: Row; input: unknown }[],
  width: number,
): number {
  const table = tableRows(sheet, schedule, width).map((cells) => cells.map((cell) => cell as SheetCell));
  const rowOfKey = new Map<string, number>();
  table.forEach((cells, i) => {
    const key = creatorKey(cells[0]);
    if (key !== '' && !rowOfKey.has(key)) rowOfKey.set(key, i);
  });
  const keyed = schedule.kind === 'reports';
  for (const entry of kept) {
    const cells = keyed
      ? [String(entry.input), ...cellsOf(entry.cells, width - 1)]
      : cellsOf(entry.cells, width);
    const key = creatorKey(cells[0]);
    const at = rowOfKey.get(key);
    if (at === undefined) {
      rowOfKey.set(key, table.length);
      table.push(cells);
    } else table[at] = cells;
  }
  const { row, column } = schedule.output;
  const formats = keyed
    ? ['General', ...formatsOf(block.columns, width - 1)]
    : formatsOf(block.columns, width);
  writeRows(sheet, row + 1, column, table, formats);
  return kept.length;
}

/** A replace run's end: the last run's rows below the new end blanked. */
export function blankLeftovers(
  sheet: Sheet,
  schedule: ScheduleAnswer,
  rows: number,
  previousRows: number,
  width: number,
): void {
  if (schedule.mode !== 'replace' || previousRows <= rows || width === 0) return;
  const { row, column } = schedule.output;
  const last = Math.min(row + previousRows, sheet.getMaxRows());
  if (last > row + rows) sheet.getRange(row + rows + 1, column, last - row - rows, width).clearContent();
}

/**
 * `Last refreshed 2026-11-25 09:00 (Europe/Berlin)` where the worker stamps it: right of a narrow
 * table's header, in A1 of the summary tab of a wide one (shared/worker-api/schedule-run-layout.ts).
 */
export function stampRefreshed(sheet: Sheet, schedule: ScheduleAnswer, width: number, at: number): void {
  const stamp = `Last refreshed ${localMinute(at, schedule.timeZone)} (${schedule.timeZone})`;
  const layout = runLayout(schedule, width, false);
  const target = layout.stamp.summary ? openSummaryTab(sheet, schedule) : sheet;
  const { row, column } = layout.stamp;
  ensureSheetSize(target, row, column);
  target.getRange(row, column).setValue(stamp);
  keepStampCell(schedule.id, { sheetName: target.getName(), row, column });
}

/** Where a schedule's stamp stands, kept for the banner of a failed run (sheet-alert-banner.ts). */
export interface StampCell {
  sheetName: string;
  row: number;
  column: number;
}

const STAMP_PREFIX = 'creatorSheets.stampCell.';

function keepStampCell(scheduleId: string, cell: StampCell): void {
  PropertiesService.getDocumentProperties()?.setProperty(STAMP_PREFIX + scheduleId, JSON.stringify(cell));
}

/** The cell the schedule's last good run stamped; null before any. */
export function stampCellOf(scheduleId: string): StampCell | null {
  const text = PropertiesService.getDocumentProperties()?.getProperty(STAMP_PREFIX + scheduleId) ?? null;
  if (text === null) return null;
  try {
    return JSON.parse(text) as StampCell;
  } catch {
    return null;
  }
}

export function localMinute(at: number, timeZone: string): string {
  return Utilities.formatDate(new Date(at), timeZone, 'yyyy-MM-dd HH:mm');
}

export interface HistoryEntry {
  at: number;
  name: string;
  createdBy: string;
  rows: number;
  credits: number;
  outcome: 'ok' | 'failed';
  message: string;
  timeZone: string;
}

/**
 * One line in the history tab (made with its header when absent), with one appendRow; false when
 * a tab of that name holds something else (it is not written into). Past `cap` lines the newest
 * `cap` are written back from row 2 and the rest cleared, as the worker's runner keeps it.
 */
export function appendHistory(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  entry: HistoryEntry,
  cap = HISTORY_LINES_KEPT,
): boolean {
  let tab = spreadsheet.getSheetByName(HISTORY_TAB);
  if (tab === null) {
    tab = spreadsheet.insertSheet(HISTORY_TAB);
    tab.getRange(1, 1, 1, HISTORY_HEADER.length).setValues([[...HISTORY_HEADER]]);
  } else {
    const header = tab.getRange(1, 1, 1, HISTORY_HEADER.length).getValues()[0] ?? [];
    if (!HISTORY_HEADER.every((label, i) => header[i] === label)) return false;
  }
  tab.appendRow([
    localMinute(entry.at, entry.timeZone),
    entry.name,
    entry.createdBy,
    entry.rows,
    entry.credits,
    entry.outcome,
    entry.message,
  ]);
  keepNewestLines(tab, cap);
  return true;
}

function keepNewestLines(tab: Sheet, cap: number): void {
  const last = tab.getLastRow();
  if (last - 1 <= cap) return;
  const width = HISTORY_HEADER.length;
  const kept = tab
    .getRange(2, 1, last - 1, width)
    .getValues()
    .slice(-cap);
  tab.getRange(2, 1, kept.length, width).setValues(kept);
  tab.getRange(kept.length + 2, 1, last - kept.length - 1, width).clearContent();
}
