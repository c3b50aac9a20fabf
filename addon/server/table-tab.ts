import type { Column, Row } from '../../shared/rows/columns';
import { BLOCK_ROWS } from './job-writer';
import { destinationLabel, newTabDestination, prepareDestination, writeRowsBlock } from './job-destination';

interface WrittenTable {
  /** The tab's name as made unique, e.g. "Overlap (2)". */
  sheetName: string;
  /** Where the first data row starts, e.g. "'Overlap (2)'!A2", for the sidebar's message. */
  destination: string;
  rows: number;
}

/**
 * A small answer the worker gave in one call (an overlap, a dictionary, a list's members) written
 * into a new tab as a table: header frozen, each column formatted from its hint before any value
 * (so text stays text), rows in blocks of BLOCK_ROWS. A new tab, never an existing range, so
 * nothing the user has is overwritten. Answers too long for one sidebar call are jobs instead.
 */
export function writeTableToNewTab(
  wantedName: string,
  columns: readonly Column[],
  rows: readonly Row[],
): WrittenTable {
  const destination = newTabDestination(wantedName, columns.length, rows.length);
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(destination.sheetName);
  if (sheet === null) throw new Error(`The new tab "${destination.sheetName}" could not be found.`);
  prepareDestination(sheet, destination, columns);
  for (let after = 0; after < rows.length; after += BLOCK_ROWS) {
    writeRowsBlock(sheet, destination, after, rows.slice(after, after + BLOCK_ROWS));
  }
  sheet.activate();
  return { sheetName: destination.sheetName, destination: destinationLabel(destination), rows: rows.length };
}
