import type { ScheduleAnswer, ScheduleRun } from '../../../shared/worker-api/schedules';
import { SheetRunRefused } from './sheet-schedule-fetch';
import { runSource } from './sheet-schedule-source';
import {
  appendHistory,
  blankLeftovers,
  modeHeader,
  stampRefreshed,
  tableRows,
  writeBlock,
} from './sheet-schedule-output';
import { backfillFirstSnapshot, type BackfillColumns } from './sheet-snapshot-backfill';
import { writeFailureBanner } from './sheet-alert-banner';
import { claimOwnedOutput, ownWritten } from './sheet-owned-output';
import { drawGrowthChart } from './sheet-schedule-chart';
import { creditsText } from '../sheet/number-text';
import { recordSheetRun, RUN_NOT_RECORDED } from './sheet-run-record';
import {
  scheduleFailureSentence,
  scheduleRunSummary,
} from '../../../shared/worker-api/schedule-runs/schedule-run-text';

/**
 * The add-on's runner of a schedule where the worker may not write (issue 26), run by this user's
 * hourly trigger in this document, as them: goes through its kind's inputs (an input column read
 * with SpreadsheetApp, or a search's results: sheet-schedule-source.ts), fetched through the worker
 * block by block (sheet-schedule-fetch.ts), writes each block
 * (sheet-schedule-output.ts), then stamps "Last refreshed", logs the history line and tells the
 * worker the run's outcome (`POST /api/schedules/:id/runs`).
 *
 * Resumable: Apps Script ends a run at 6 minutes, so a run stops after a whole block once it has
 * used RUN_BUDGET_MS, keeps its place in document properties, and the next firing goes on from
 * there (the schedule stays due until its run is recorded).
 */

/** Of Apps Script's 6 minutes: a block may take a while (the worker waits for the API), so stop early. */
export const RUN_BUDGET_MS = 4 * 60_000;
const PROGRESS_PREFIX = 'creatorSheets.sheetRun.';

/** Where a run that ran out of time stands (document properties, JSON). */
interface RunProgress {
  at: number;
  /** The next input to fetch. */
  next: number;
  rows: number;
  width: number;
  /** A first snapshot's: the history goes above its rows at the end (sheet-snapshot-backfill.ts). */
  backfill?: BackfillColumns;
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
    width: 0,
  };
  try {
    requireBudgetLeft(schedule);
    const sheet = outputSheet(schedule);
    if (progress.next === 0) claimOwnedOutput(sheet, schedule);
    const source = runSource(schedule, progress.at);
    while (progress.next < source.size) {
      if (Date.now() >= deadline) return pause(schedule.id, progress);
      const part = source.block(progress.next);
      if (part === null) return pause(schedule.id, progress);
      const { block, inputs } = part;
      if (progress.next === 0 && isFirstSnapshot(sheet, schedule, block.header))
        progress.backfill = { header: block.header, columns: [...block.columns] };
      progress.rows += writeBlock(sheet, schedule, block, inputs, progress.next, progress.at);
      progress.width = modeHeader(schedule, block.header).length;
      progress.next += inputs.length;
      ownWritten(sheet, schedule, progress.width);
      keepProgress(schedule.id, progress);
    }
    const backfillNote =
      progress.backfill === undefined
        ? null
        : backfillFirstSnapshot(
            sheet,
            schedule,
            source.inputs,
            progress.backfill,
            progress.rows,
            progress.at,
          );
    const previous = schedule.lastRun?.outcome === 'ok' ? schedule.lastRun.rows : 0;
    blankLeftovers(sheet, schedule, progress.rows, previous, progress.width);
    if (progress.width > 0) stampRefreshed(sheet, schedule, progress.width, progress.at);
    ownWritten(sheet, schedule, progress.width, true);
    const chartNote = drawGrowthChart(sheet, schedule, progress.width);
    const summary = scheduleRunSummary(schedule.mode, progress.rows);
    const notes = [summary, backfillNote, chartNote].filter((note) => note !== null);
    return finishRun(schedule, progress, 'ok', notes.join(' '));
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return finishRun(schedule, progress, 'failed', scheduleFailureSentence(error.message));
  }
}

/** A reports snapshot whose table is empty before its first block: its history goes first. */
function isFirstSnapshot(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  schedule: ScheduleAnswer,
  labels: string[],
): boolean {
  if (schedule.kind !== 'reports' || schedule.mode !== 'append-snapshot') return false;
  return tableRows(sheet, schedule, modeHeader(schedule, labels).length).length === 0;
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

/**
 * The run's end: the place forgotten, the worker told (sheet-run-record.ts), which answers the
 * run's credits from its ledger, then the history line with them. A worker that cannot be reached
 * still leaves the line (credits unknown), and the run is done again next hour.
 */
function finishRun(
  schedule: ScheduleAnswer,
  progress: RunProgress,
  outcome: ScheduleRun['outcome'],
  message: string,
): RunEnd {
  const ended = { at: progress.at, outcome, rows: outcome === 'ok' ? progress.rows : 0, message };
  keepProgress(schedule.id, null);
  // The banner first, so that the worker's alert can say whether the sheet shows it.
  const banner = outcome === 'failed' ? writeFailureBanner(schedule, ended) : undefined;
  const credits = recordSheetRun(schedule, ended, banner);
  const run: ScheduleRun = {
    ...ended,
    credits: credits ?? 0,
    message: credits === null ? `${message} ${RUN_NOT_RECORDED}` : message,
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
  return { kind: 'recorded', run: told };
}
