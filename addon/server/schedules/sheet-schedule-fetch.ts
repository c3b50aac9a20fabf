import type { Column, Row } from '../../../shared/rows/columns';
import { MAX_DEADLINE_MS } from '../../../shared/worker-api/request-limits';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { ScheduleAnswer } from '../../../shared/worker-api/schedules';
import { addOnRunRequestId } from '../../../shared/worker-api/add-on-run-id';
import { readTableAnswer } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { readFormulaAccess } from '../worker-client/worker-key';

/**
 * One block of a schedule the add-on runs (issue 26), fetched through the worker with the
 * document key, as the sheet's formulas fetch: `POST /api/reports`, cache first, billed to whoever
 * connected the formulas within the document's formula allowance and their budgets, all kept by
 * the worker. One UrlFetch a block, carrying the run's request id: the worker counts the run's
 * credits in its ledger by it (the add-on never states its own cost).
 */
export interface FetchedBlock {
  header: string[];
  columns: readonly Column[];
  /** One per input cell of the block, in input order. */
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

/** `runAt`: when the run started (the same across the firings of a resumed run). */
export function fetchReportsBlock(
  schedule: ScheduleAnswer,
  inputs: readonly unknown[],
  runAt: number,
): FetchedBlock {
  const access = readFormulaAccess();
  if (access === null) throw new SheetRunRefused(NOT_CONNECTED);
  const body = {
    handles: inputs.map((cell) => (cell instanceof Date ? cell.toISOString() : cell)) as (string | number)[],
    platform: schedule.platform ?? null,
    fields: schedule.fields ?? null,
    calculationMethod: 'median' as const,
    withHeader: true,
    deadlineMs: MAX_DEADLINE_MS,
    timeZone: schedule.timeZone,
  };
  const raw = callRoute(WORKER_ROUTES.reports, {
    body,
    bearer: access.key,
    workerUrl: access.workerUrl,
    requestId: addOnRunRequestId(schedule.id, runAt),
  });
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
