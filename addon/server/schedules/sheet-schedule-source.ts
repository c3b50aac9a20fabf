import { MAX_EMAIL_INPUTS, MAX_REPORT_INPUTS } from '../../../shared/worker-api/request-limits';
import type { ScheduleAnswer } from '../../../shared/worker-api/schedules';
import {
  fetchEmailBlock,
  fetchReportsBlock,
  fetchSearchTable,
  SheetRunRefused,
  type FetchedBlock,
} from './sheet-schedule-fetch';

/**
 * What a run of a schedule the add-on runs (issue 26) goes through, block by block, by its kind,
 * as the worker's runner fetches each kind (schedules/run/schedule-run-fetch.ts):
 * - reports and e-mail searches: the input column, read with SpreadsheetApp from its first cell
 *   down to the last non-empty one, fetched a block at a time;
 * - saved searches and AI searches: no input column; their table, fetched whole at the firing's
 *   start (the worker keeps its pages a day, so a firing that goes on with a cut-short run finds
 *   them again for free), then written a block of results at a time, each result its own row.
 */

/** Report inputs a block fetches and writes: one UrlFetch and one setValues. */
export const BLOCK_INPUTS = 100;
/** E-mail addresses a block fetches: one of the API's batches, one UrlFetch. */
export const EMAIL_BLOCK_INPUTS = 1000;
/** Times a block with rows still being fetched is asked again within one firing. */
const PENDING_TRIES = 3;

export interface RunSource {
  /** Inputs (or a search's results) the run goes through. */
  size: number;
  /** The input column's cells (none for a search). */
  inputs: readonly unknown[];
  /** The block from input `first` on, with the inputs its rows are of; null while the worker still fetches some. */
  block(first: number): { block: FetchedBlock; inputs: unknown[] } | null;
}

/** `runAt`: when the run started (its request id, the same across the firings of a resumed run). */
export function runSource(schedule: ScheduleAnswer, runAt: number): RunSource {
  if (schedule.kind === 'search' || schedule.kind === 'ai-search') return searchSource(schedule, runAt);
  const email = schedule.kind === 'email-search';
  const inputs = readInputs(schedule, email ? MAX_EMAIL_INPUTS : MAX_REPORT_INPUTS);
  const size = email ? EMAIL_BLOCK_INPUTS : BLOCK_INPUTS;
  const fetch = email ? fetchEmailBlock : fetchReportsBlock;
  return {
    size: inputs.length,
    inputs,
    block(first) {
      const slice = inputs.slice(first, first + size);
      for (let tries = 0; tries < PENDING_TRIES; tries++) {
        const block = fetch(schedule, slice, runAt);
        if (block.pending === 0) return { block, inputs: slice };
      }
      return null;
    },
  };
}

function searchSource(schedule: ScheduleAnswer, runAt: number): RunSource {
  const table = fetchSearchTable(schedule, runAt);
  return {
    size: table.rows.length,
    inputs: [],
    block(first) {
      const rows = table.rows.slice(first, first + BLOCK_INPUTS);
      // A search's rows stand for themselves: each is one to write (as the worker's runner has it).
      return { block: { ...table, rows }, inputs: rows.map(() => true) };
    },
  };
}

/** The input column from its first cell down to the last non-empty one, as the worker reads it. */
function readInputs(schedule: ScheduleAnswer, max: number): unknown[] {
  const { sheetName, row, column } = schedule.input;
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(sheetName);
  if (sheet === null) {
    throw new SheetRunRefused(
      `The tab "${sheetName}" is no longer in this spreadsheet (renamed or deleted): edit the schedule to point at a tab.`,
    );
  }
  const last = sheet.getLastRow();
  if (last < row) return [];
  const cells = sheet
    .getRange(row, column, last - row + 1, 1)
    .getValues()
    .map((cells) => cells[0] as unknown);
  while (cells.length > 0 && String(cells[cells.length - 1]).trim() === '') cells.pop();
  if (cells.length > max) {
    throw new SheetRunRefused(
      `The input column holds ${cells.length.toLocaleString('en-US')} rows; a scheduled report takes at most ${max.toLocaleString('en-US')}: split it, or run a job from the sidebar.`,
    );
  }
  return cells;
}
