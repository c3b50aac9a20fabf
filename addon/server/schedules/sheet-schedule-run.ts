import { MAX_REPORT_INPUTS } from '../../../shared/worker-api/request-limits';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { ScheduleAnswer, ScheduleRun } from '../../../shared/worker-api/schedules';
import { fetchReportsBlock, SheetRunRefused } from './sheet-schedule-fetch';
import {
  appendHistory,
  blankLeftovers,
  modeHeader,
  stampRefreshed,
  writeBlock,
} from './sheet-schedule-output';
import { writeFailureBanner } from './sheet-alert-banner';
import { claimOwnedOutput, ownWritten } from './sheet-owned-output';
import { drawGrowthChart } from './sheet-schedule-chart';
import { creditsText } from '../sheet/number-text';
import { callRoute } from '../worker-client/worker-client';
import { scheduleFailureSentence, scheduleRunSummary } from '../../../shared/worker-api/schedule-run-text';

/**
 * The add-on's runner of a schedule where the worker may not write (issue 26), run by this user's
 * hourly trigger in this document, as them: reads the input column with SpreadsheetApp, fetches
 * through the worker block by block (sheet-schedule-fetch.ts), writes each block
 * (sheet-schedule-output.ts), then stamps "Last refreshed", logs the history line and tells the
 * worker the run's outcome (`POST /api/schedules/:id/runs`).
 *
 * Resumable: Apps Script ends a run at 6 minutes, so a run stops after a whole block once it has
 * used RUN_BUDGET_MS, keeps its place in document properties, and the next firing goes on from
 * there (the schedule stays due until its run is recorded).
 */

/** Inputs a block fetches and writes: one UrlFetch and one setValues. */
export const BLOCK_INPUTS = 100;
/** Of Apps Script's 6 minutes: a block may take a while (the worker waits for the API), so stop early. */
export const RUN_BUDGET_MS = 4 * 60_000;
/** Times a block with rows still being fetched is asked again within one firing. */
const PENDING_TRIES = 3;
const PROGRESS_PREFIX = 'creatorSheets.sheetRun.';

/** Where a run that ran out of time stands (document properties, JSON). */
interface RunProgress {
  at: number;
  /** The next input to fetch. */
  next: number;
  rows: number;
  credits: number;
  width: number;
}

export type RunEnd = { kind: 'recorded'; run: ScheduleRun } | { kind: 'paused'; next: number };

function readProgress(id: string): RunProgress | null {
  const text = PropertiesService.getDocumentProperties()?.getProperty(PROGRESS_PREFIX + id) ?? null;
  if (text === null) return null;
  try {
    return JSON.parse(text) as RunProgress;
  } catch {
    return null;
  }
}

function keepProgress(id: string, progress: RunProgress | null): void {
  const properties = PropertiesService.getDocumentProperties();
  if (properties === null) return;
  if (progress === null) properties.deleteProperty(PROGRESS_PREFIX + id);
  else properties.setProperty(PROGRESS_PREFIX + id, JSON.stringify(progress));
}

/** Whether a run of this schedule was cut short and goes on at the next firing. */
export function runUnderWay(id: string): boolean {
  return readProgress(id) !== null;
}

/** The input column from its first cell down to the last non-empty one, as the worker reads it. */
function readInputs(schedule: ScheduleAnswer): unknown[] {
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
  if (cells.length > MAX_REPORT_INPUTS) {
    throw new SheetRunRefused(
      `The input column holds ${cells.length.toLocaleString('en-US')} rows; a scheduled report takes at most ${MAX_REPORT_INPUTS.toLocaleString('en-US')}: split it.`,
    );
  }
  return cells;
}

function outputSheet(schedule: ScheduleAnswer): GoogleAppsScript.Spreadsheet.Sheet {
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(schedule.output.sheetName);
  if (sheet !== null) return sheet;
  throw new SheetRunRefused(
    `The tab "${schedule.output.sheetName}" is no longer in this spreadsheet (renamed or deleted): edit the schedule to point at a tab.`,
  );
}

/**
 * Runs (or goes on with) one run of `schedule`, within what is left of `deadline` (ms since 1970,
 * on the script's clock). Nothing is paid twice: a resumed run starts at the block it stopped
 * before, and what the worker fetched for a cut-short block is in its cache.
 */
export function runSheetSchedule(schedule: ScheduleAnswer, deadline: number): RunEnd {
  const progress: RunProgress = readProgress(schedule.id) ?? {
    at: Date.now(),
    next: 0,
    rows: 0,
    credits: 0,
    width: 0,
  };
  try {
    requireBudgetLeft(schedule);
    const inputs = readInputs(schedule);
    const sheet = outputSheet(schedule);
    if (progress.next === 0) claimOwnedOutput(sheet, schedule);
    while (progress.next < inputs.length) {
      if (Date.now() >= deadline) return pause(schedule.id, progress);
      const slice = inputs.slice(progress.next, progress.next + BLOCK_INPUTS);
      const block = fetchComplete(schedule, slice);
      if (block === null) return pause(schedule.id, progress);
      progress.rows += writeBlock(sheet, schedule, block, slice, progress.next, progress.at);
      progress.credits += block.credits;
      progress.width = modeHeader(schedule, block.header).length;
      progress.next += slice.length;
      ownWritten(sheet, schedule, progress.width);
      keepProgress(schedule.id, progress);
    }
    const previous = schedule.lastRun?.outcome === 'ok' ? schedule.lastRun.rows : 0;
    blankLeftovers(sheet, schedule, progress.rows, previous, progress.width);
    if (progress.width > 0) stampRefreshed(sheet, schedule, progress.width, progress.at);
    ownWritten(sheet, schedule, progress.width, true);
    const chartNote = drawGrowthChart(sheet, schedule, progress.width);
    const summary = scheduleRunSummary(schedule.mode, progress.rows);
    return finishRun(schedule, progress, 'ok', chartNote === null ? summary : `${summary} ${chartNote}`);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return finishRun(schedule, progress, 'failed', scheduleFailureSentence(error.message));
  }
}

/** The schedule's own monthly budget, spent: the run does not start (the worker's runner says the same). */
function requireBudgetLeft(schedule: ScheduleAnswer): void {
  const limit = schedule.monthlyBudget ?? null;
  const spent = schedule.spentThisMonth ?? 0;
  if (limit === null || spent < limit) return;
  throw new SheetRunRefused(
    `This schedule has spent ${creditsText(spent)} of its monthly budget of ${creditsText(limit)}: nothing was fetched or charged. It runs again next month, or raise its budget (Edit).`,
  );
}

function pause(id: string, progress: RunProgress): RunEnd {
  keepProgress(id, progress);
  return { kind: 'paused', next: progress.next };
}

/** The block with every row fetched; null when the worker is still fetching some (the next firing asks again, free). */
function fetchComplete(schedule: ScheduleAnswer, inputs: readonly unknown[]) {
  for (let tries = 0; tries < PENDING_TRIES; tries++) {
    const block = fetchReportsBlock(schedule, inputs);
    if (block.pending === 0) return block;
  }
  return null;
}

/**
 * The run's end: its history line, then the worker told (run log, last run, next run, the pause
 * after three failures), and the place forgotten. The history line comes first: a worker that
 * cannot be reached still leaves the line, and the run is done again next hour.
 */
function finishRun(
  schedule: ScheduleAnswer,
  progress: RunProgress,
  outcome: ScheduleRun['outcome'],
  message: string,
): RunEnd {
  const run: ScheduleRun = {
    at: progress.at,
    outcome,
    rows: outcome === 'ok' ? progress.rows : 0,
    credits: Math.round(progress.credits * 1000) / 1000,
    message,
  };
  const written = appendHistory(SpreadsheetApp.getActiveSpreadsheet(), {
    ...run,
    name: schedule.name,
    createdBy: schedule.createdBy,
    timeZone: schedule.timeZone,
  });
  const told = written
    ? run
    : {
        ...run,
        message: `${message} No history line was written: a tab named "Creator Sheets history" that Creator Sheets did not make is in the way.`,
      };
  if (outcome === 'failed') writeFailureBanner(schedule, told);
  keepProgress(schedule.id, null);
  callRoute(WORKER_ROUTES.recordScheduleRun, {
    params: { id: schedule.id },
    body: { run: told, rowsWritten: told.rows },
  });
  return { kind: 'recorded', run: told };
}
