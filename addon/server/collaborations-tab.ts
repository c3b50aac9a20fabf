import { SHEETS_NUMBER_FORMATS, type Column, type Row } from '../../shared/rows/columns';
import type { CollaborationsRun } from '../shared/collaborations-api';
import {
  destinationLabel,
  destinationSheet,
  type Destination,
  ensureSheetSize,
  writeRowsBlock,
} from './job-destination';
import { BLOCK_ROWS } from './job-writer';
import { writeTableToNewTab } from './table-tab';

/**
 * The tab of a collaborations run: created with the first call's rows (table-tab.ts), then grown
 * by each later call, below the rows already written. Later answers of the older API may lay out
 * their items with other columns (they are fixed by each answer's first page): rows are matched
 * to the tab's columns by id, and columns the tab does not have are left out.
 */

export interface RunTab {
  sheetId: number;
  sheetName: string;
  /** Where the first data row is, e.g. "'Collabs posts @ana'!A2". */
  destination: string;
}

/** A new tab with the header and the first rows, formatted before any value is written. */
export function openRunTab(wantedName: string, columns: readonly Column[], rows: readonly Row[]): RunTab {
  const written = writeTableToNewTab(wantedName, columns, rows);
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(written.sheetName);
  if (sheet === null) throw new Error(`The new tab "${written.sheetName}" could not be found.`);
  return { sheetId: sheet.getSheetId(), sheetName: written.sheetName, destination: written.destination };
}

/** Rows laid out by `from` as the columns of `to` (matched by id; missing cells empty). */
export function alignRows(rows: readonly Row[], from: readonly Column[], to: readonly Column[]): Row[] {
  const positions = to.map((col) => from.findIndex((candidate) => candidate.id === col.id));
  if (positions.every((position, index) => position === index) && from.length === to.length) {
    return rows.map((row) => row.slice());
  }
  return rows.map((row) => positions.map((position) => (position < 0 ? null : (row[position] ?? null))));
}

function runDestination(run: CollaborationsRun, rows: number): Destination {
  return {
    sheetId: run.sheetId,
    sheetName: run.sheetName,
    headerRow: 1,
    firstDataRow: 2,
    firstColumn: 1,
    width: run.columns.length,
    rows: run.rowsWritten + rows,
    newTab: true,
  };
}

/** The run's tab as it is now (renamed tabs are found by id); a sentence when it was deleted. */
export function requireRunTab(run: CollaborationsRun): GoogleAppsScript.Spreadsheet.Sheet {
  const sheet = destinationSheet(runDestination(run, 0));
  if (sheet === null) {
    throw new Error(
      `The tab "${run.sheetName}" is gone, so the next rows have nowhere to go: run the request again to write a new tab.`,
    );
  }
  return sheet;
}

/**
 * Appends rows (laid out by `columns`) below the run's rows, each column formatted first so that
 * text stays text.
 */
export function appendToRunTab(
  run: CollaborationsRun,
  columns: readonly Column[],
  rows: readonly Row[],
): RunTab {
  const sheet = requireRunTab(run);
  const destination = { ...runDestination(run, rows.length), sheetName: sheet.getName() };
  const aligned = alignRows(rows, columns, run.columns);
  if (aligned.length > 0) {
    const firstRow = destination.firstDataRow + run.rowsWritten;
    ensureSheetSize(sheet, firstRow + aligned.length - 1, run.columns.length);
    run.columns.forEach((col, index) => {
      sheet
        .getRange(firstRow, index + 1, aligned.length, 1)
        .setNumberFormat(SHEETS_NUMBER_FORMATS[col.format]);
    });
    for (let after = 0; after < aligned.length; after += BLOCK_ROWS) {
      writeRowsBlock(sheet, destination, run.rowsWritten + after, aligned.slice(after, after + BLOCK_ROWS));
    }
  }
  return {
    sheetId: run.sheetId,
    sheetName: destination.sheetName,
    destination: destinationLabel(destination),
  };
}
