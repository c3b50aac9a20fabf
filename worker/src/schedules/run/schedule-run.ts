import type { ScheduleAnswer, ScheduleRun } from '../../../../shared/worker-api/schedules';
import { MAX_EMAIL_INPUTS, MAX_REPORT_INPUTS } from '../../../../shared/worker-api/request-limits';
import type { Random } from '../../../common/seeded-random';
import type { Identity } from '../../identity/identity';
import type { OperationContext, OperationDeps } from '../../operations/operation-deps';
import { openColumnRange } from '../../google/a1-range';
import {
  DEFAULT_SHEETS_RETRY,
  DeliveryRefused,
  type PacedCallScope,
  type SheetsRetry,
} from '../../google/paced-sheets-call';
import { fetchScheduleTable, ScheduleRefused } from './schedule-run-fetch';
import { appendHistoryLine, DEFAULT_HISTORY_CAP, HistoryTabTaken } from './schedule-run-history';
import { writeScheduleOutput, type OutputWritten } from './schedule-run-output';
import {
  claimOutput,
  claimSummaryTab,
  outputBand,
  coveringExtent,
  ownedAfter,
  plannedLayout,
} from './schedule-run-ownership';
import { growthBackfill } from './growth-backfill';
import { isBlankCell, scheduleSheet, type ScheduleSheet, type ScheduleTab } from './schedule-run-sheet';
import { createSheetsPacer, DEFAULT_SHEETS_PACE, type SheetsPacer } from '../../google/sheets-pacer';
import { isSearchKind } from '../scheduled-search';
import {
  scheduleFailureSentence,
  scheduleRunSummary,
} from '../../../../shared/worker-api/schedule-runs/schedule-run-text';

/** A schedule as the scheduler hands it over: with the document key's person, who pays for it. */
export type ScheduleToRun = ScheduleAnswer & { billTo: { email: string; documentId: string } };

export interface ScheduleRunResult {
  run: ScheduleRun;
  /** Data rows this run wrote (the next replace run's `previousRows`); 0 when it failed. */
  rowsWritten: number;
}

export interface ScheduleRunDeps extends OperationDeps {
  /**
   * The worker's one Sheets pacer, shared with server delivery (createJobDeliveries takes the same
   * one as its `pacer` option), so schedules and deliveries together keep within Google's quotas.
   * A pacer of its own when absent (tests).
   */
  sheetsPacer?: SheetsPacer;
}

export interface ScheduleRunOptions {
  /** 429 and 5xx waits; the worker's defaults when absent. */
  retry?: Partial<SheetsRetry>;
  random?: Random;
  /** Aborts the run's Sheets calls on shutdown: the run then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Lines kept in the history tab; 1,000 by default. */
  historyCap?: number;
}

const NO_SERVICE_ACCOUNT =
  'The worker has no Google service account (GOOGLE_APPLICATION_CREDENTIALS), so it cannot refresh this sheet by itself.';

/**
 * One run of a scheduled shared report (issue 14, part 3), as the worker's service account:
 * 1. read the input column (from `input.row` down to its last non-empty cell);
 * 2. fetch its rows with the worker's own operations, cache first, billed like the document's
 *    formulas (to `billTo`, within the document's allowance and that person's budgets);
 * 3. write them by the schedule's mode and stamp "Last refreshed" (schedule-run-output.ts);
 * 4. append a line to the "Creator Sheets history" tab (schedule-run-history.ts).
 *
 * Nothing is written before every row is fetched: a refusal (Google's, the allowance's, a budget's,
 * the upstream's) answers `{ outcome: 'failed', message }` with the reason in a sentence, and the
 * history line is still attempted. It never throws for those; only an aborted `signal` rejects.
 * Every Sheets call waits its turn on the worker's pacer. Logs carry counts, never cells.
 */
export async function runSchedule(
  deps: ScheduleRunDeps,
  schedule: ScheduleToRun,
  previousRows: number,
  options: ScheduleRunOptions = {},
): Promise<ScheduleRunResult> {
  const at = deps.clock.now();
  const requestId = `sched_${schedule.id}_${at}`;
  const log = deps.logger.child({ component: 'schedule', scheduleId: schedule.id, requestId });
  const identity: Identity = {
    email: schedule.billTo.email,
    documentId: schedule.billTo.documentId,
    role: 'member',
    via: 'workerKey',
  };
  // An ask for approval names the schedule and its tab, and approving it runs the schedule (issue 25).
  const asker = {
    kind: 'schedule' as const,
    scheduleId: schedule.id,
    name: schedule.name,
    tab: schedule.output.sheetName,
  };
  const context: OperationContext = { identity, requestId, log, asker };
  const finish = (outcome: ScheduleRun['outcome'], rows: number, credits: number, message: string) => ({
    run: { at, outcome, rows, credits, message },
    rowsWritten: outcome === 'ok' ? rows : 0,
  });

  if (deps.sheetAccess === null) return finish('failed', 0, 0, NO_SERVICE_ACCOUNT);
  let sheet: ScheduleSheet;
  try {
    const { sheets, serviceAccountEmail } = await deps.sheetAccess.api();
    const scope: PacedCallScope = {
      serviceAccount: serviceAccountEmail,
      pacer: deps.sheetsPacer ?? createSheetsPacer(deps.clock, deps.sleep, DEFAULT_SHEETS_PACE),
      sleep: deps.sleep,
      random: options.random ?? Math.random,
      retry: { ...DEFAULT_SHEETS_RETRY, ...options.retry },
      signal: options.signal ?? new AbortController().signal,
      onRetry: (failure, attempt, delayMs) =>
        log.warn({ status: failure.status, attempt, delayMs }, 'Sheets API call waits to try again'),
    };
    sheet = scheduleSheet(scope, sheets, schedule.documentId);
  } catch (error) {
    return finish('failed', 0, 0, `The worker could not sign in to Google: ${(error as Error).message}`);
  }

  let tabs: ScheduleTab[] = [];
  let result: ScheduleRunResult;
  try {
    tabs = await sheet.tabs();
    const { rows, chartNote } = await refresh(deps, context, sheet, tabs, schedule, previousRows, at);
    const message =
      chartNote === null
        ? scheduleRunSummary(schedule.mode, rows)
        : `${scheduleRunSummary(schedule.mode, rows)} ${chartNote}`;
    result = finish('ok', rows, await creditsOf(deps, context), message);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const credits = await creditsOf(deps, context).catch(() => 0);
    result = finish('failed', 0, credits, failureMessage(error));
    if (!(error instanceof DeliveryRefused || error instanceof ScheduleRefused)) {
      // The error's kind only: an upstream message may name a creator.
      log.warn({ error: error instanceof Error ? error.name : typeof error }, 'schedule run failed');
    }
  }

  try {
    const { sheetOwnership } = deps.store;
    await appendHistoryLine(
      sheet,
      tabs,
      {
        run: result.run,
        scheduleName: schedule.name,
        createdBy: schedule.createdBy,
        timeZone: schedule.timeZone,
      },
      {
        owned: await sheetOwnership.tabsOf(schedule.documentId),
        own: (sheetId) => sheetOwnership.addTab(schedule.documentId, sheetId, 'history'),
      },
      options.historyCap ?? DEFAULT_HISTORY_CAP,
    );
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (error instanceof HistoryTabTaken) {
      result = { ...result, run: { ...result.run, message: `${result.run.message} ${error.message}` } };
    }
    log.warn({ reason: error instanceof DeliveryRefused ? 'refused' : 'error' }, 'history line not written');
  }
  log.info(
    { outcome: result.run.outcome, rows: result.run.rows, credits: result.run.credits },
    'schedule run done',
  );
  return result;
}

/** Steps 1 to 3; answers what was written. Throws the refusals runSchedule turns into words. */
async function refresh(
  deps: OperationDeps,
  context: OperationContext,
  sheet: ScheduleSheet,
  tabs: readonly ScheduleTab[],
  schedule: ScheduleAnswer,
  previousRows: number,
  at: number,
): Promise<OutputWritten> {
  const tabNamed = (name: string) => {
    const tab = tabs.find((candidate) => candidate.title === name);
    if (tab === undefined) {
      throw new ScheduleRefused(
        `The tab "${name}" is no longer in this spreadsheet (renamed or deleted): edit the schedule to point at a tab.`,
      );
    }
    return tab;
  };
  // Saved searches and AI searches (issue 25) have no input column: the place alone is read.
  const readsInput = !isSearchKind(schedule.kind);
  if (readsInput) tabNamed(schedule.input.sheetName);
  const outputTab = tabNamed(schedule.output.sheetName);
  const { sheetOwnership } = deps.store;
  const layout = plannedLayout(schedule);
  const summary = claimSummaryTab(schedule, tabs, await sheetOwnership.tabsOf(schedule.documentId));

  // The input, the output's place and the chart block's height in one read: the place is checked
  // before anything is paid for.
  const band = outputBand(schedule, outputTab);
  const blockRange =
    layout.chart === null || summary === null || summary.tab === null
      ? null
      : openColumnRange(summary.title, layout.chart.block.row, layout.chart.block.column);
  const { input } = schedule;
  const ranges: string[] = [];
  if (readsInput) ranges.push(openColumnRange(input.sheetName, input.row, input.column));
  if (band.range !== null) ranges.push(band.range);
  if (blockRange !== null) ranges.push(blockRange);
  const read = await sheet.readRows(ranges);
  let readAt = 0;
  const inputRows = readsInput ? (read[readAt++] ?? []) : [];
  const existing = band.range === null ? [] : (read[readAt++] ?? []);
  const oldBlock = blockRange === null ? [] : (read[readAt] ?? []);
  const cells = inputRows.map((cells) => cells[0] ?? '');
  while (cells.length > 0 && isBlankCell(cells[cells.length - 1])) cells.pop();
  const max = schedule.kind === 'reports' ? MAX_REPORT_INPUTS : MAX_EMAIL_INPUTS;
  if (cells.length > max) {
    throw new ScheduleRefused(
      `The input column holds ${cells.length.toLocaleString('en-US')} rows; a scheduled report takes at most ${max.toLocaleString('en-US')}: split it, or run a job from the sidebar.`,
    );
  }
  // Before anything is paid for: a place holding cells this schedule did not write stops the run.
  const owned = await sheetOwnership.extentOf(schedule.id);
  const claim = claimOutput(schedule, outputTab, owned, existing);
  const table = await fetchScheduleTable(deps, context, schedule, cells, at);
  // The first snapshot of a table starts with its creators' monthly history, read from the cache.
  const firstSnapshot =
    schedule.kind === 'reports' &&
    schedule.mode === 'append-snapshot' &&
    claim.existing.slice(1).every(isBlankRow);
  const written = await writeScheduleOutput(sheet, {
    schedule,
    tab: outputTab,
    table,
    // A search's rows stand for themselves: each is one to write.
    inputs: readsInput ? cells : table.rows.map(() => true),
    previousRows,
    at,
    claim,
    layout,
    summary,
    oldBlockRows: oldBlock.length,
    charts: tabs.flatMap((tab) => tab.charts),
    tabIds: tabs.map((tab) => tab.sheetId),
    backfill: firstSnapshot ? await growthBackfill(deps, schedule, cells, table, at) : [],
    ownTab: (sheetId) => sheetOwnership.addTab(schedule.documentId, sheetId, `summary:${schedule.id}`),
    ownCells: (tableRows) =>
      sheetOwnership.setExtent(
        schedule.id,
        coveringExtent(owned, ownedAfter(schedule, outputTab, tableRows, claim.width)),
      ),
  });
  await sheetOwnership.setExtent(
    schedule.id,
    ownedAfter(schedule, outputTab, written.tableRows, claim.width),
  );
  return written;
}

function isBlankRow(cells: readonly unknown[]): boolean {
  return cells.every(isBlankCell);
}

/**
 * What this run spent: the ledger rows of its request id (every paid call records one, with the
 * context's requestId). Savings rows count 0 credits.
 */
async function creditsOf(deps: OperationDeps, context: OperationContext): Promise<number> {
  return deps.store.ledger.creditsOfRequest(context.identity.email, context.requestId);
}

function failureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return scheduleFailureSentence(message);
}
