import type { Column, Row } from '../../../shared/rows/columns';
import { MAX_DEADLINE_MS } from '../../../shared/worker-api/request-limits';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { ReportHistoryMonth } from '../../../shared/worker-api/reports';
import type { ScheduleAnswer } from '../../../shared/worker-api/schedules';
import { addOnRunRequestId } from '../../../shared/worker-api/schedule-runs/add-on-run-id';
import type { InputCell } from '../../../shared/worker-api/sheet-table';
import { asRecord, readTableAnswer } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { readFormulaAccess } from '../worker-client/worker-key';

/**
 * What a schedule the add-on runs (issue 26) fetches, through the worker with the document key,
 * as the sheet's formulas fetch: cache first, billed to whoever connected the formulas within the
 * document's formula allowance and their budgets, all kept by the worker. Each call carries the
 * run's request id: the worker counts the run's credits in its ledger by it (the add-on never
 * states its own cost).
 * - reports: `POST /api/reports`, a block of inputs a call;
 * - e-mail searches: `POST /api/email-search`, a block of addresses a call (the worker sends them
 *   to the API in its batches of 1,000, as for EMAIL_SEARCH and the enrichment jobs);
 * - saved searches and AI searches: `POST /api/schedules/:id/search`, every page the schedule
 *   keeps in one call, paged by the worker as its own runner pages them.
 */
export interface FetchedBlock {
  header: string[];
  columns: readonly Column[];
  /** One per input cell of the block, in input order (a search's: its results). */
  rows: Row[];
  /** Rows still being fetched by the worker: ask again (free) before writing the block. */
  pending: number;
}

/** Why a run stops whole: a sentence for the history line and the sidebar. */
export class SheetRunRefused extends Error {
  override readonly name = 'SheetRunRefused';
}

const NOT_CONNECTED =
  "This document's formulas are no longer connected, and scheduled reports are billed like them: connect them in Settings.";

function formulaAccess(): NonNullable<ReturnType<typeof readFormulaAccess>> {
  const access = readFormulaAccess();
  if (access === null) throw new SheetRunRefused(NOT_CONNECTED);
  return access;
}

/** A sheet's cells as the formula routes take them: dates as ISO text. */
function plainInputs(inputs: readonly unknown[]): InputCell[] {
  return inputs.map((cell) => (cell instanceof Date ? cell.toISOString() : cell)) as InputCell[];
}

/** A formula route's table: its header row split off; rows past the allowance stop the run. */
function blockOf(raw: unknown): FetchedBlock {
  const answer = readTableAnswer(raw);
  if (answer.awaitingApproval > 0) {
    throw new SheetRunRefused(
      `Needs approval: ${answer.awaitingApproval} rows are past this sheet's formula allowance. Approve it in Settings (Formula allowance), and the next hourly run goes on.`,
    );
  }
  const [header = [], ...rows] = answer.rows;
  return {
    header: header.map((cell) => String(cell ?? '')),
    columns: answer.columns,
    rows,
    pending: answer.pending,
  };
}

/** `runAt`: when the run started (the same across the firings of a resumed run). */
export function fetchReportsBlock(
  schedule: ScheduleAnswer,
  inputs: readonly unknown[],
  runAt: number,
): FetchedBlock {
  const access = formulaAccess();
  const body = {
    handles: plainInputs(inputs),
    platform: schedule.platform ?? null,
    fields: schedule.fields ?? null,
    calculationMethod: 'median' as const,
    withHeader: true,
    deadlineMs: MAX_DEADLINE_MS,
    timeZone: schedule.timeZone,
    // The schedule's freshness, as the worker's runner reads the cache for it.
    ...(schedule.freshnessDays === undefined ? {} : { freshnessDays: schedule.freshnessDays }),
  };
  return blockOf(
    callRoute(WORKER_ROUTES.reports, {
      body,
      bearer: access.key,
      workerUrl: access.workerUrl,
      requestId: addOnRunRequestId(schedule.id, runAt),
    }),
  );
}

export function fetchEmailBlock(
  schedule: ScheduleAnswer,
  inputs: readonly unknown[],
  runAt: number,
): FetchedBlock {
  const access = formulaAccess();
  return blockOf(
    callRoute(WORKER_ROUTES.emailSearch, {
      body: { emails: plainInputs(inputs), withHeader: true, deadlineMs: MAX_DEADLINE_MS },
      bearer: access.key,
      workerUrl: access.workerUrl,
      requestId: addOnRunRequestId(schedule.id, runAt),
    }),
  );
}

/** A saved search's or AI search's whole table (nothing pending: the worker waits for its pages). */
export function fetchSearchTable(schedule: ScheduleAnswer, runAt: number): FetchedBlock {
  const access = formulaAccess();
  const raw = callRoute(WORKER_ROUTES.scheduleSearch, {
    params: { id: schedule.id },
    bearer: access.key,
    workerUrl: access.workerUrl,
    requestId: addOnRunRequestId(schedule.id, runAt),
  });
  const answer = readTableAnswer(raw);
  const header: unknown = asRecord<{ header?: unknown }>(raw, 'the search').header;
  return {
    header: Array.isArray(header) ? header.map((cell) => String(cell ?? '')) : [],
    columns: answer.columns,
    rows: answer.rows,
    pending: 0,
  };
}

/**
 * The monthly history of a report schedule's inputs (`POST /api/reports/history`), one list per
 * input: free, the worker reads only its cache (the reports this run just fetched or found), so
 * asking after the run's blocks fetches nothing twice. A list that is not one reads as none.
 */
export function fetchReportsHistory(
  schedule: ScheduleAnswer,
  inputs: readonly unknown[],
  runAt: number,
): ReportHistoryMonth[][] {
  const access = formulaAccess();
  const raw = callRoute(WORKER_ROUTES.reportsHistory, {
    body: { handles: plainInputs(inputs), platform: schedule.platform ?? null },
    bearer: access.key,
    workerUrl: access.workerUrl,
    requestId: addOnRunRequestId(schedule.id, runAt),
  });
  const history: unknown = asRecord<{ history?: unknown }>(raw, 'the history').history;
  if (!Array.isArray(history)) return inputs.map(() => []);
  return inputs.map((_, i) => (Array.isArray(history[i]) ? (history[i] as ReportHistoryMonth[]) : []));
}
