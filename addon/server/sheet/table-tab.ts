import type { Column, Row } from '../../../shared/rows/columns';
import type { RunKind } from '../../bridge-contract/saved-work-api';
import type { TabWriteMode } from '../../bridge-contract/tab-output';
import { BLOCK_ROWS } from '../jobs/job-writer';
import {
  destinationLabel,
  destinationSheet,
  newTabDestination,
  prepareDestination,
  writeRowsBlock,
  type Destination,
} from '../jobs/job-destination';
import { withDocumentLock } from '../apps-script/document-lock';
import { noteRunEnded } from '../saved-work/run-history';
import { readConnection } from '../worker-client/worker-key';

interface WrittenTable {
  /** The tab's name as made unique, e.g. "Overlap (2)". */
  sheetName: string;
  /** Where the first data row starts, e.g. "'Overlap (2)'!A2", for the sidebar's message. */
  destination: string;
  rows: number;
  /** How it met the tab: a new one, or a named one replaced or added to. */
  mode: TabWriteMode;
}

/** What the run history says of a table written at once. */
export interface TableRun {
  kind: RunKind;
  credits: number;
  rawRequests?: number;
}

/**
 * A small answer the worker gave in one call (an overlap, a dictionary, a list's members) written
 * as a table where `place` says (tab-output-plan.ts: a new tab, or a named tab replaced or added
 * to, checked before the call): rows in blocks of BLOCK_ROWS, each block's number formats set
 * from its columns' hints before its values (so text stays text), and a line in the document's
 * run history. Answers too
 * long for one sidebar call are jobs instead.
 */
export function writeTableToTab(
  place: (total: number) => Destination,
  columns: readonly Column[],
  rows: readonly Row[],
  run: TableRun,
): WrittenTable {
  const startedAt = new Date().toISOString();
  const destination = { ...place(rows.length), width: columns.length };
  const sheet = destinationSheet(destination);
  if (sheet === null) throw new Error(`The tab "${destination.sheetName}" could not be found.`);
  prepareDestination(sheet, destination, columns);
  for (let after = 0; after < rows.length; after += BLOCK_ROWS) {
    writeRowsBlock(sheet, destination, after, rows.slice(after, after + BLOCK_ROWS), columns);
  }
  sheet.activate();
  noteTableRun(destination, rows.length, run, startedAt);
  const mode = destination.mode === undefined || destination.mode === 'beside' ? 'new' : destination.mode;
  return {
    sheetName: destination.sheetName,
    destination: destinationLabel(destination),
    rows: rows.length,
    mode,
  };
}

/** The history line; written under the document's lock when it is free (a job's poll may hold it). */
function noteTableRun(destination: Destination, rows: number, run: TableRun, startedAt: string): void {
  const start = {
    id: `table-${Utilities.getUuid()}`,
    kind: run.kind,
    who: readConnection()?.email ?? null,
    destination,
    startedAt,
  };
  const end = {
    rows,
    credits: run.credits,
    rawRequests: run.rawRequests ?? null,
    outcome: 'done' as const,
    endedAt: new Date().toISOString(),
  };
  const write = () => noteRunEnded(start, end);
  withDocumentLock(write, write);
}

/** The same into a new tab named after the action (made unique), header frozen. */
export function writeTableToNewTab(
  wantedName: string,
  columns: readonly Column[],
  rows: readonly Row[],
  run: TableRun,
): WrittenTable {
  return writeTableToTab((total) => newTabDestination(wantedName, columns.length, total), columns, rows, run);
}
